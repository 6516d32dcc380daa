export * from './events.js';
export * from './jsonrpc.js';
export * from './pairing.js';
export * from './era.js';
export * from './capabilities.js';
export * from './filter.js';
export * from './lint/findings.js';
export * from './memory.js';

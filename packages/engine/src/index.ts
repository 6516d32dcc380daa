export { Engine, type EngineOptions } from './engine.js';
export { Session } from './session.js';
export { EngineError, type EngineErrorCode } from './errors.js';
export { stopProcessTree } from './transports/process-tree.js';
export { LOG_LEVELS } from './types.js';
export type * from './types.js';

export * from './session.js';
export * from './api.js';
export * from './ws.js';
export * from './workbench.js';
export * from './traces.js';
export * from './oauth.js';
export * from './apps.js';
export * from './tasks.js';

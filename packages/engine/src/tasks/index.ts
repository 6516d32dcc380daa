export { SessionTasks } from './session-tasks.js';
export { taskSupportOf } from './tool-catalogue.js';
export type * from './types.js';

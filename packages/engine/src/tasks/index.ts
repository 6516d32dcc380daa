export { taskSupportOf } from './tool-catalogue.js';
export type * from './types.js';

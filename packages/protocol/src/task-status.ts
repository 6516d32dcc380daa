/**
 * completed, failed and cancelled are final: a task in one of them changes no more
 * (2025-11-25/basic/utilities/tasks#task-status). Takes any text: a status the server sent is
 * judged before it is known to be one of the five.
 */
export function isTerminalTaskStatus(status: string): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

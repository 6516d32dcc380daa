import { isTerminalTaskStatus } from '@mcpscope/protocol';
import type { TaskInfo } from '@mcpscope/wire';

/** Tasks kept per session; past this the oldest finished ones are dropped (a server can make many). */
export const MAX_TASKS_PER_SESSION = 500;

/**
 * The tasks of one session as the proxy reports them: `task` socket messages (not in the /ws
 * backlog) merged with GET /api/sessions/:id/tasks, by task id (a Map: task ids are the server's
 * strings). A report only replaces a snapshot that is not newer (`updatedAt`), so a late GET
 * cannot undo a live update. Held by the session's SessionState; changed through the EventStore's
 * actions (reportTask, mergeTasks), which notify its subscribers.
 */
export class SessionTasks {
  private readonly byId = new Map<string, TaskInfo>();
  /** The sorted list handed out until a task changes (stable for useSyncExternalStore). */
  private sorted: readonly TaskInfo[] | undefined;

  /** Newest first (by when mcpscope first saw them). */
  list(): readonly TaskInfo[] {
    this.sorted ??= [...this.byId.values()].sort((a, b) => b.firstSeenAt - a.firstSeenAt || (a.taskId < b.taskId ? -1 : 1));
    return this.sorted;
  }

  get(taskId: string): TaskInfo | undefined {
    return this.byId.get(taskId);
  }

  /** The task a call (POST …/tasks or …/requests with this callId) created, once the server answered with one. */
  byCall(callId: string | undefined): TaskInfo | undefined {
    if (callId === undefined) return undefined;
    for (const t of this.byId.values()) if (t.callId === callId) return t;
    return undefined;
  }

  get size(): number {
    return this.byId.size;
  }

  /** One snapshot; false when a newer one is already held. */
  put(task: TaskInfo): boolean {
    const prev = this.byId.get(task.taskId);
    if (prev && prev.updatedAt > task.updatedAt) return false;
    // A listed task that mcpscope also started keeps what only the call knows.
    this.byId.set(task.taskId, prev ? { ...task, tool: task.tool ?? prev.tool, callId: task.callId ?? prev.callId } : task);
    if (!prev && this.byId.size > MAX_TASKS_PER_SESSION) this.evict();
    this.sorted = undefined;
    return true;
  }

  clear(): void {
    this.byId.clear();
    this.sorted = undefined;
  }

  /** Drops the oldest finished task (or the oldest of all when none finished). */
  private evict(): void {
    let victim: TaskInfo | undefined;
    for (const t of this.byId.values()) {
      const finished = isTerminalTaskStatus(t.status);
      if (
        !victim ||
        (finished && !isTerminalTaskStatus(victim.status)) ||
        (finished === isTerminalTaskStatus(victim.status) && t.firstSeenAt < victim.firstSeenAt)
      )
        victim = t;
    }
    if (victim) this.byId.delete(victim.taskId);
  }
}

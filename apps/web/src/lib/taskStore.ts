import type { TaskInfo } from '@mcpscope/wire';

/** Tasks kept per session; past this the oldest finished ones are dropped (a server can make many). */
export const MAX_TASKS_PER_SESSION = 500;

const EMPTY: readonly TaskInfo[] = [];

/**
 * The tasks of each session as the proxy reports them: `task` socket messages (TASKS-API.md,
 * not in the /ws backlog) merged with GET /api/sessions/:id/tasks. Keyed by session id, then
 * task id (Maps: task ids are the server's strings). A report only replaces a snapshot that is
 * not newer (`updatedAt`), so a late GET cannot undo a live update.
 * Framework-free: subscribe/list/get, read with useSyncExternalStore.
 */
export class TaskStore {
  private readonly bySession = new Map<string, Map<string, TaskInfo>>();
  /** Sorted arrays handed out until the session changes (stable for useSyncExternalStore). */
  private readonly lists = new Map<string, readonly TaskInfo[]>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The session's tasks, newest first (by when mcpscope first saw them). */
  list(sessionId: string | null): readonly TaskInfo[] {
    if (sessionId === null) return EMPTY;
    const cached = this.lists.get(sessionId);
    if (cached) return cached;
    const tasks = this.bySession.get(sessionId);
    if (!tasks) return EMPTY;
    const sorted = [...tasks.values()].sort((a, b) => b.firstSeenAt - a.firstSeenAt || (a.taskId < b.taskId ? -1 : 1));
    this.lists.set(sessionId, sorted);
    return sorted;
  }

  get(sessionId: string | null, taskId: string): TaskInfo | undefined {
    return sessionId === null ? undefined : this.bySession.get(sessionId)?.get(taskId);
  }

  /** The task a call (POST …/tasks or …/requests with this callId) created, once the server answered with one. */
  byCall(sessionId: string | null, callId: string | undefined): TaskInfo | undefined {
    if (sessionId === null || callId === undefined) return undefined;
    for (const t of this.bySession.get(sessionId)?.values() ?? []) if (t.callId === callId) return t;
    return undefined;
  }

  /** One snapshot (a socket message or a route's reply). */
  report(task: TaskInfo): void {
    if (this.put(task)) this.changed(task.sessionId);
  }

  /** Many snapshots of one session (GET …/tasks, tasks/list). */
  merge(sessionId: string, tasks: readonly TaskInfo[]): void {
    let changed = false;
    for (const t of tasks) if (t.sessionId === sessionId && this.put(t)) changed = true;
    if (changed) this.changed(sessionId);
  }

  forgetSession(sessionId: string): void {
    if (this.bySession.delete(sessionId)) this.changed(sessionId);
  }

  private put(task: TaskInfo): boolean {
    let tasks = this.bySession.get(task.sessionId);
    if (!tasks) {
      tasks = new Map();
      this.bySession.set(task.sessionId, tasks);
    }
    const prev = tasks.get(task.taskId);
    if (prev && prev.updatedAt > task.updatedAt) return false;
    // A listed task that mcpscope also started keeps what only the call knows.
    tasks.set(task.taskId, prev ? { ...task, tool: task.tool ?? prev.tool, callId: task.callId ?? prev.callId } : task);
    if (!prev && tasks.size > MAX_TASKS_PER_SESSION) this.evict(tasks);
    return true;
  }

  /** Drops the oldest finished task (or the oldest of all when none finished). */
  private evict(tasks: Map<string, TaskInfo>): void {
    let victim: TaskInfo | undefined;
    for (const t of tasks.values()) {
      const finished = isTerminal(t.status);
      if (!victim || (finished && !isTerminal(victim.status)) || (finished === isTerminal(victim.status) && t.firstSeenAt < victim.firstSeenAt)) victim = t;
    }
    if (victim) tasks.delete(victim.taskId);
  }

  private changed(sessionId: string): void {
    this.lists.delete(sessionId);
    for (const l of [...this.listeners]) l();
  }
}

/** completed, failed and cancelled are final (2025-11-25 basic/utilities/tasks#task-status). */
export function isTerminal(status: string): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

import type { TaskSnapshot } from './task-shape.js';
import { isTerminalTaskStatus } from '@mcpscope/protocol';
import type { TaskGeneration, TaskInfo, TaskMessage } from './types.js';

/** Tasks kept per session; past this the oldest finished ones go (a server cannot grow it without end). */
const MAX_TASKS = 1000;

/**
 * The tasks of one session, by id (server-controlled strings: a Map), as mcpscope knows them: from
 * the calls it made, polls, status notifications and tasks/list. Every change is emitted.
 */
export class TaskBook {
  private readonly tasks = new Map<string, TaskInfo>();

  constructor(
    private readonly sessionId: string,
    private readonly emit: (message: TaskMessage) => void,
  ) {}

  get(taskId: string): TaskInfo | undefined {
    return this.tasks.get(taskId);
  }

  /** Newest first. */
  list(): TaskInfo[] {
    return [...this.tasks.values()].reverse();
  }

  /** Adds the task or merges what the server said now; `extra` is mcpscope's own bookkeeping. */
  update(generation: TaskGeneration, snapshot: TaskSnapshot, extra: Partial<TaskInfo> = {}): TaskInfo {
    const before = this.tasks.get(snapshot.taskId);
    const now = Date.now();
    const { inputRequests: _input, ...fields } = snapshot;
    // Once terminal, a task stays so (2025-11-25/basic/utilities/tasks#task-status-lifecycle):
    // a late notification or poll of another state does not bring it back.
    const status = before && isTerminalTaskStatus(before.status) && !isTerminalTaskStatus(fields.status) ? before.status : fields.status;
    const next: TaskInfo = {
      ...(before ?? {
        sessionId: this.sessionId,
        taskId: snapshot.taskId,
        generation,
        source: 'call',
        polling: false,
        polls: 0,
        firstSeenAt: now,
      }),
      ...fields,
      status,
      ...extra,
      updatedAt: now,
    };
    this.set(next);
    return next;
  }

  /** mcpscope's own fields of a known task (polling, polls, progress, result…). */
  patch(taskId: string, extra: Partial<TaskInfo>): TaskInfo | undefined {
    const before = this.tasks.get(taskId);
    if (!before) return undefined;
    const next = { ...before, ...extra, updatedAt: Date.now() };
    this.set(next);
    return next;
  }

  private set(task: TaskInfo): void {
    if (!this.tasks.has(task.taskId) && this.tasks.size >= MAX_TASKS) this.evict();
    this.tasks.set(task.taskId, task);
    this.emit({ type: 'task', sessionId: this.sessionId, task });
  }

  private evict(): void {
    for (const [id, t] of this.tasks) {
      if (!t.polling && isTerminalTaskStatus(t.status)) return void this.tasks.delete(id);
    }
    // Nothing finished: the oldest goes (its driver, if any, keeps running and re-adds it on change).
    this.tasks.delete(this.tasks.keys().next().value!);
  }
}

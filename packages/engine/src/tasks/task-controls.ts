import { isCapabilityDeclared, isTerminalTaskStatus, type FrameOrigin } from '@mcpscope/protocol';
import { EngineError } from '../errors/errors.js';
import type { RequestOptions, RequestOutcome } from '../session/types.js';
import type { TaskBook } from './task-book.js';
import type { TaskCall } from './task-call.js';
import { parseTask } from './task-shape.js';
import type { TaskCallOutcome, TaskGeneration, TaskInfo } from './types.js';

interface ControlsDeps {
  book: TaskBook;
  generation(): TaskGeneration;
  serverCapabilities(): Record<string, unknown> | undefined;
  run(method: string, params: Record<string, unknown>, opts: RequestOptions, progress: boolean): Promise<RequestOutcome>;
  /** The driver of a task mcpscope is running, if any. */
  running(taskId: string): TaskCall | undefined;
}

/** Most tasks one tasks/list page may add to the book. */
const MAX_LISTED = 1000;

/**
 * What the user does to a task by its id (Tasks view, API): cancel, refresh (one tasks/get),
 * fetch the result, list the server's tasks. Each sends as the user's `origin`.
 */
export class TaskControls {
  constructor(private readonly deps: ControlsDeps) {}

  async cancel(taskId: string, origin: FrameOrigin): Promise<TaskInfo> {
    const generation = this.known(taskId).generation;
    // v1: "capabilities.tasks.cancel controls if the tasks/cancel operation is supported" (2025-11-25/basic/utilities/tasks#capability-negotiation).
    if (generation === 'v1' && !isCapabilityDeclared(this.deps.serverCapabilities(), 'tasks.cancel'))
      throw new EngineError('ENGINE_TASKS_UNSUPPORTED', 'the server does not declare tasks.cancel');
    const running = this.deps.running(taskId);
    if (running) return running.cancel(origin);
    const result = await this.rpc('tasks/cancel', { taskId }, origin);
    const task = parseTask(result, generation);
    if (task?.taskId === taskId) return this.deps.book.update(generation, task);
    return this.deps.book.patch(taskId, { status: 'cancelled' })!;
  }

  /** One tasks/get, for a task nobody polls (listed, or finished). */
  async refresh(taskId: string, origin: FrameOrigin): Promise<TaskInfo> {
    const generation = this.known(taskId).generation;
    const task = parseTask(await this.rpc('tasks/get', { taskId }, origin), generation);
    if (!task || task.taskId !== taskId)
      throw new EngineError('ENGINE_REQUEST_FAILED', `tasks/get for ${taskId} answered with no task of that id`);
    return this.deps.book.update(generation, task);
  }

  /** v1 tasks/result (blocks until the task is terminal); v2 the result a tasks/get carries. */
  async result(taskId: string, origin: FrameOrigin, timeoutMs: number): Promise<TaskCallOutcome> {
    const generation = this.known(taskId).generation;
    if (generation === 'v2') {
      const task = await this.refresh(taskId, origin);
      const base = { callId: task.callId ?? taskId, latencyMs: 0, task };
      if (task.status === 'completed') return { ...base, outcome: 'result', result: task.result ?? {} };
      if (task.status === 'failed')
        return {
          ...base,
          outcome: 'error',
          error: task.error ?? { code: -32603, message: task.statusMessage ?? 'the task failed' },
          source: 'server',
        };
      if (task.status === 'cancelled') return { ...base, outcome: 'cancelled' };
      throw new EngineError('ENGINE_REQUEST_FAILED', `task ${taskId} is ${task.status}: no result yet`);
    }
    const out = await this.deps.run('tasks/result', { taskId }, { origin, timeoutMs }, false);
    const before = this.deps.book.get(taskId)!;
    const failed = out.outcome === 'error' || (out.outcome === 'result' && out.result.isError === true);
    const status = isTerminalTaskStatus(before.status) ? before.status : failed ? 'failed' : 'completed';
    const task =
      out.outcome === 'cancelled'
        ? before
        : this.deps.book.patch(taskId, { status, ...(out.outcome === 'error' ? { error: out.error } : { result: out.result }) })!;
    return { ...out, task };
  }

  /** tasks/list (v1 only: 2026-07-28 removed it); the tasks join the book as `list`. */
  async list(cursor: string | undefined, origin: FrameOrigin): Promise<{ tasks: TaskInfo[]; nextCursor?: string }> {
    if (this.deps.generation() === 'v2')
      throw new EngineError('ENGINE_METHOD_NOT_IN_ERA', 'tasks/list does not exist on 2026-07-28 (the tasks extension removed it)');
    if (!isCapabilityDeclared(this.deps.serverCapabilities(), 'tasks.list'))
      throw new EngineError('ENGINE_TASKS_UNSUPPORTED', 'the server does not declare tasks.list');
    const result = await this.rpc('tasks/list', cursor === undefined ? {} : { cursor }, origin);
    const listed = Array.isArray(result.tasks) ? result.tasks.slice(0, MAX_LISTED) : [];
    const tasks: TaskInfo[] = [];
    for (const value of listed) {
      const task = parseTask(value, 'v1');
      if (!task) continue;
      tasks.push(this.deps.book.update('v1', task, this.deps.book.get(task.taskId) ? {} : { source: 'list' }));
    }
    return { tasks, ...(typeof result.nextCursor === 'string' ? { nextCursor: result.nextCursor } : {}) };
  }

  private known(taskId: string): TaskInfo {
    const task = this.deps.book.get(taskId);
    if (!task) throw new EngineError('ENGINE_TASK_NOT_FOUND', `No task ${JSON.stringify(taskId)} in this session`);
    return task;
  }

  private async rpc(method: string, params: Record<string, unknown>, origin: FrameOrigin): Promise<Record<string, unknown>> {
    const out = await this.deps.run(method, params, { origin, timeoutMs: 30_000 }, false);
    if (out.outcome === 'result') return out.result;
    if (out.outcome === 'cancelled') throw new EngineError('ENGINE_CLOSED', `${method} was cancelled`);
    throw new EngineError('ENGINE_RPC_ERROR', `${method} failed with JSON-RPC error ${out.error.code}: ${out.error.message}`, {
      data: { rpcError: out.error },
    });
  }
}

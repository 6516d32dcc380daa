import type { FrameEvent } from '@mcpscope/protocol';
import type { SessionInfo } from '@mcpscope/wire';
import { featureAvailability, type Availability } from '../../lib/capabilities';

/**
 * Tasks, in both shapes: the experimental tasks of 2025-11-25 (basic/utilities/tasks:
 * `capabilities.tasks` with `list`/`cancel`; Task has `ttl`, `pollInterval`) and the
 * 2026-07-28 tasks extension (`capabilities.extensions["io.modelcontextprotocol/tasks"]`;
 * no `tasks/list`; Task has `ttlMs`, `pollIntervalMs`; `tasks/get`, `tasks/update`, `tasks/cancel`).
 */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled' | (string & {});

export interface TaskView {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  raw: Record<string, unknown>;
}

export const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const numOrNull = (v: unknown) => (typeof v === 'number' ? v : v === null ? null : undefined);

export function readTask(value: unknown): TaskView | null {
  if (!isRecord(value)) return null;
  // A legacy CreateTaskResult wraps the task: { task: {...} }.
  const t = isRecord(value.task) && typeof value.taskId !== 'string' ? value.task : value;
  if (typeof t.taskId !== 'string') return null;
  return {
    taskId: t.taskId,
    status: typeof t.status === 'string' ? t.status : 'unknown',
    statusMessage: typeof t.statusMessage === 'string' ? t.statusMessage : undefined,
    createdAt: typeof t.createdAt === 'string' ? t.createdAt : undefined,
    lastUpdatedAt: typeof t.lastUpdatedAt === 'string' ? t.lastUpdatedAt : undefined,
    ttlMs: 'ttlMs' in t ? numOrNull(t.ttlMs) : numOrNull(t.ttl),
    pollIntervalMs: (numOrNull(t.pollIntervalMs) ?? numOrNull(t.pollInterval)) ?? undefined,
    raw: t,
  };
}

/** A task id the frames mention: a created task, a status notification or a tasks/* result. */
export function taskInFrame(frame: FrameEvent): TaskView | null {
  const msg = frame.msg;
  if (!msg || frame.dir !== 'in') return null;
  if (msg.method === 'notifications/tasks/status' || msg.method === 'notifications/tasks') return readTask(msg.params);
  const result = msg.result;
  if (!isRecord(result)) return null;
  if (isRecord(result.task) || result.resultType === 'task' || typeof result.taskId === 'string') return readTask(result);
  return null;
}

export interface TasksSupport {
  /** The server declared tasks (either shape) on a connected session. */
  tasks: Availability;
  list: Availability;
  cancel: Availability;
  shape: 'legacy' | 'extension';
}

export function tasksSupport(session: SessionInfo | undefined): TasksSupport {
  const tasks = featureAvailability(session, 'tasks');
  const shape = session?.era === 'modern' ? 'extension' : 'legacy';
  if (shape === 'extension') {
    const noList: Availability = { available: false, declared: false, reason: 'The 2026-07-28 tasks extension has no tasks/list; tasks seen in the frames are listed instead' };
    return { tasks, list: noList, cancel: tasks, shape };
  }
  return { tasks, list: featureAvailability(session, 'tasks.list'), cancel: featureAvailability(session, 'tasks.cancel'), shape };
}

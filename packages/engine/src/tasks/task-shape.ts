import { z } from 'zod';
import type { RpcError } from '../errors/sdk-errors.js';
import type { TaskGeneration, TaskStatus } from './types.js';

/** The longest text kept from a task (ids, messages, timestamps): the server's data is hostile. */
const MAX_TEXT = 4096;
/** Poll no faster than this, whatever the server suggests, and no slower than this. */
export const MIN_POLL_MS = 100;
export const MAX_POLL_MS = 60_000;
/** When the server suggests nothing (2025-11-25/basic/utilities/tasks: pollInterval is optional). */
export const DEFAULT_POLL_MS = 1000;

const text = z.string().max(MAX_TEXT);
const ms = z.number().finite().nonnegative();
const json = z.record(z.string(), z.unknown());
const rpcError = z.object({ code: z.number().int(), message: z.string().max(MAX_TEXT), data: z.unknown().optional() });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;

/** Both generations' fields; which names a generation uses is picked below. Unknown keys are ignored. */
const TaskWireSchema = z.object({
  taskId: text.min(1),
  status: z.enum(STATUSES),
  statusMessage: text.optional(),
  createdAt: text.optional(),
  lastUpdatedAt: text.optional(),
  ttl: ms.nullable().optional(),
  ttlMs: ms.nullable().optional(),
  pollInterval: ms.optional(),
  pollIntervalMs: ms.optional(),
  // v2 (SEP-2663): a detailed task carries its outcome and the input it waits for.
  result: json.optional(),
  error: rpcError.optional(),
  // Kept as sent: server-controlled keys are read as own entries below, never rebuilt into an object.
  inputRequests: z.unknown().optional(),
});

export interface InputRequest {
  key: string;
  method: string;
  params: Record<string, unknown>;
}

/** One task as the server described it, in generation-neutral names. */
export interface TaskSnapshot {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  result?: Record<string, unknown>;
  error?: RpcError;
  /** v2 `input_required`: the requests to answer through tasks/update, by key. */
  inputRequests?: InputRequest[];
}

/**
 * A Task (v1: 2025-11-25 schema `Task`; v2: ext-tasks `DetailedTaskV2`), or undefined when
 * `value` is not one. Lenient on purpose: a debugger shows a task with a missing timestamp (the
 * linter judges the shape); it only needs an id and a known status.
 */
export function parseTask(value: unknown, generation: TaskGeneration): TaskSnapshot | undefined {
  const parsed = TaskWireSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const t = parsed.data;
  const ttlMs = generation === 'v1' ? t.ttl : t.ttlMs;
  const pollIntervalMs = generation === 'v1' ? t.pollInterval : t.pollIntervalMs;
  const snapshot: TaskSnapshot = { taskId: t.taskId, status: t.status };
  if (t.statusMessage !== undefined) snapshot.statusMessage = t.statusMessage;
  if (t.createdAt !== undefined) snapshot.createdAt = t.createdAt;
  if (t.lastUpdatedAt !== undefined) snapshot.lastUpdatedAt = t.lastUpdatedAt;
  if (ttlMs !== undefined) snapshot.ttlMs = ttlMs;
  if (pollIntervalMs !== undefined) snapshot.pollIntervalMs = pollIntervalMs;
  if (generation === 'v2') {
    if (t.status === 'completed' && t.result) snapshot.result = t.result;
    if (t.status === 'failed' && t.error) snapshot.error = t.error;
    if (t.status === 'input_required' && isObject(t.inputRequests)) snapshot.inputRequests = inputRequestsOf(t.inputRequests);
  }
  return snapshot;
}

/** `inputRequests` (server-controlled keys: own entries only), each `{ method, params }`. */
function inputRequestsOf(map: Record<string, unknown>): InputRequest[] {
  const out: InputRequest[] = [];
  for (const [key, request] of Object.entries(map).slice(0, 100)) {
    if (!isObject(request) || typeof request.method !== 'string' || request.method.length > MAX_TEXT || key.length > MAX_TEXT) continue;
    const params = Object.hasOwn(request, 'params') ? request.params : {};
    if (isObject(params)) out.push({ key, method: request.method, params });
  }
  return out;
}

/**
 * The task a tools/call answer created, if it did: v1 `CreateTaskResult` is `{ task: Task }`
 * (2025-11-25/basic/utilities/tasks#creating-tasks); v2 is the task itself with
 * `resultType: "task"` (ext-tasks CreateTaskResultV2).
 */
export function createdTask(result: Record<string, unknown>, generation: TaskGeneration): TaskSnapshot | undefined {
  if (generation === 'v1') return Object.hasOwn(result, 'task') ? parseTask(result.task, 'v1') : undefined;
  return result.resultType === 'task' ? parseTask(result, 'v2') : undefined;
}

/** The wait before the next tasks/get: the server's pollInterval (SHOULD be respected), within bounds. */
export function pollDelay(pollIntervalMs: number | undefined): number {
  if (pollIntervalMs === undefined) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, pollIntervalMs));
}

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** 2025-11-25: a request sent for a task carries `_meta["io.modelcontextprotocol/related-task"].taskId` (2025-11-25/basic/utilities/tasks#related-task-metadata). */
export function relatedTaskOf(params: unknown): string | undefined {
  const meta =
    typeof params === 'object' && params !== null && Object.hasOwn(params, '_meta') ? (params as { _meta: unknown })._meta : undefined;
  const related =
    typeof meta === 'object' && meta !== null && Object.hasOwn(meta, RELATED_TASK)
      ? (meta as Record<string, unknown>)[RELATED_TASK]
      : undefined;
  const taskId = typeof related === 'object' && related !== null ? (related as { taskId?: unknown }).taskId : undefined;
  return typeof taskId === 'string' && taskId.length <= MAX_TEXT ? taskId : undefined;
}

import { z } from 'zod';
import { isCapabilityDeclared } from '@mcpscope/protocol';

/**
 * The tasks API: task-augmented tools/call and the session's tasks. Two generations: `v1` the
 * 2025-11-25 core tasks (2025-11-25/basic/utilities/tasks), `v2` the 2026-07-28
 * `io.modelcontextprotocol/tasks` extension (SEP-2663). Routes under /api/sessions/:id/tasks.
 */

export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export const TaskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

const jsonRpcError = z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() });

/** One task as mcpscope knows it. The WS `task` message and every route below carry it. */
export const TaskInfoSchema = z.object({
  sessionId: z.string(),
  taskId: z.string(),
  generation: z.enum(['v1', 'v2']),
  /** The tools/call name, when mcpscope made the call. */
  tool: z.string().optional(),
  /** The call that created it (POST …/tasks or …/requests); absent for tasks known only from tasks/list. */
  callId: z.string().optional(),
  /** Started through mcpscope, or learned from tasks/list. */
  source: z.enum(['call', 'list']),
  status: TaskStatusSchema,
  statusMessage: z.string().optional(),
  /** The server's ISO 8601 text, shown as is. */
  createdAt: z.string().optional(),
  lastUpdatedAt: z.string().optional(),
  /** v1 `ttl` / v2 `ttlMs`; null = kept without limit. */
  ttlMs: z.number().nullable().optional(),
  /** The server's suggested poll interval (v1 `pollInterval` / v2 `pollIntervalMs`). */
  pollIntervalMs: z.number().optional(),
  progress: z.object({ progress: z.number(), total: z.number().optional(), message: z.string().optional() }).optional(),
  /** mcpscope drives it now (polls tasks/get, waits on tasks/result or for input). */
  polling: z.boolean(),
  /** tasks/get requests mcpscope sent for it. */
  polls: z.number().int(),
  /** The final CallToolResult (completed; or failed with isError: true). */
  result: z.record(z.string(), z.unknown()).optional(),
  /** The JSON-RPC error of a failed task. */
  error: jsonRpcError.optional(),
  /** Local ms epoch. */
  firstSeenAt: z.number(),
  /** Local ms epoch of the last change: a newer one wins. */
  updatedAt: z.number(),
});
export type TaskInfo = z.infer<typeof TaskInfoSchema>;

/**
 * POST /api/sessions/:id/tasks: a task-augmented tools/call, answered when the task is terminal
 * (progress and status meanwhile as WS `task` / `request-progress` messages with the callId).
 * `timeoutMs` is per request (the tools/call, each tasks/get), not the whole task;
 * `maxTotalTimeoutMs` bounds the whole task (on expiry: tasks/cancel as `cancel:
 * maxTotalTimeoutMs`, then 504). `ttlMs`: v1 `params.task.ttl`; v2 has no per-request opt-in.
 * Cancel: DELETE /api/sessions/:id/requests/:callId.
 */
export const TaskCallBodySchema = z.object({
  params: z.looseObject({ name: z.string().min(1) }),
  callId: z.string().min(1).max(200).optional(),
  ttlMs: z
    .number()
    .int()
    .nonnegative()
    .max(24 * 3_600_000 * 30)
    .optional(),
  timeoutMs: z.number().int().positive().max(3_600_000).default(60_000),
  resetTimeoutOnProgress: z.boolean().default(true),
  maxTotalTimeoutMs: z
    .number()
    .int()
    .positive()
    .max(24 * 3_600_000)
    .optional(),
});
export type TaskCallBody = z.input<typeof TaskCallBodySchema>;

const task = TaskInfoSchema.optional();
/** 200 of POST …/tasks and POST …/tasks/:taskId/result: a RequestReply with the task's final snapshot (absent when the server answered without a task). */
export const TaskCallReplySchema = z.discriminatedUnion('outcome', [
  z.object({ callId: z.string(), outcome: z.literal('result'), result: z.record(z.string(), z.unknown()), latencyMs: z.number(), task }),
  z.object({
    callId: z.string(),
    outcome: z.literal('error'),
    error: jsonRpcError,
    source: z.enum(['server', 'input']).optional(),
    latencyMs: z.number(),
    task,
  }),
  z.object({ callId: z.string(), outcome: z.literal('cancelled'), latencyMs: z.number(), task }),
]);
export type TaskCallReply = z.infer<typeof TaskCallReplySchema>;

/** GET /api/sessions/:id/tasks: the session's tasks, newest first. Sends nothing. */
export const TaskListReplySchema = z.object({ tasks: z.array(TaskInfoSchema) });
export type TaskListReply = z.infer<typeof TaskListReplySchema>;

/** POST /api/sessions/:id/tasks/list: one tasks/list page from the server (v1, `tasks.list` declared). */
export const ServerTaskListBodySchema = z.object({ cursor: z.string().max(4096).optional() });
export const ServerTaskListReplySchema = z.object({ tasks: z.array(TaskInfoSchema), nextCursor: z.string().optional() });
export type ServerTaskListReply = z.infer<typeof ServerTaskListReplySchema>;

/** POST /api/sessions/:id/tasks/:taskId/result: v1 tasks/result (blocks until terminal), v2 tasks/get. */
export const TaskResultBodySchema = z.object({ timeoutMs: z.number().int().positive().max(3_600_000).default(60_000) });

/** WS: a task changed (created, polled, notified, progress, result, polling stopped). Not in the /ws backlog: GET …/tasks first. */
export const TaskMessageSchema = z.object({ type: z.literal('task'), sessionId: z.string(), task: TaskInfoSchema });
export type TaskMessage = z.infer<typeof TaskMessageSchema>;

/**
 * How the Tools tab may call `tool`: `required` → as a task, locked ("the tool declares
 * execution.taskSupport: required; without a task the server answers -32601"); `optional` → a
 * toggle; `forbidden` → no toggle; `server` (2026-07-28 with the tasks extension) → no toggle:
 * tools carry no taskSupport there, the server may make any call a task and mcpscope follows it.
 * v1: only when the server declares `tasks.requests.tools.call` ("clients MUST NOT attempt to use
 * task augmentation" otherwise, 2025-11-25/basic/utilities/tasks#tool-level-negotiation).
 */
export type ToolTaskMode = 'required' | 'optional' | 'forbidden' | 'server';

export function toolTaskMode(
  tool: unknown,
  session: { era?: 'legacy' | 'modern'; serverCapabilities?: Record<string, unknown> },
): ToolTaskMode {
  if (session.era === 'modern') return isCapabilityDeclared(session.serverCapabilities, 'tasks', 'modern') ? 'server' : 'forbidden';
  if (!isCapabilityDeclared(session.serverCapabilities, 'tasks.requests.tools.call')) return 'forbidden';
  const execution =
    tool !== null && typeof tool === 'object' && Object.hasOwn(tool, 'execution') ? (tool as { execution: unknown }).execution : undefined;
  const support =
    execution !== null && typeof execution === 'object' && Object.hasOwn(execution, 'taskSupport')
      ? (execution as { taskSupport: unknown }).taskSupport
      : undefined;
  return support === 'required' || support === 'optional' ? support : 'forbidden';
}

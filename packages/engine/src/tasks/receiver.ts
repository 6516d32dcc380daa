import type { Client } from '@modelcontextprotocol/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';
import { bindTaskReceiver, type TaskReceiverBinding, type TaskReceiverRequest } from '@modelcontextprotocol/ext-tasks/receiver';

/** How long a task the server made us run is kept (receivers SHOULD bound ttl, 2025-11-25/basic/utilities/tasks#resource-management). */
const RECEIVER_TTL_MS = 3_600_000;
const RECEIVER_POLL_MS = 1000;
const RECEIVER_MAX_TASKS = 100;
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

export type ReceiverAsk = (
  request: { requestId: string; method: string; params: Record<string, unknown>; taskId: string },
  signal: AbortSignal,
) => Promise<Record<string, unknown>>;

/**
 * 2025-11-25 receiver side (2025-11-25/basic/utilities/tasks): a server may send its
 * sampling/createMessage or elicitation/create to mcpscope as a task (server-everything's
 * `*-async` tools). The ext-tasks binding answers with a CreateTaskResult at once, owns the task's
 * state (tasks/get, tasks/result, tasks/list, tasks/cancel, notifications/tasks/status), and the
 * work itself is the user's answer through the server-request queue. Plain requests go on to the
 * handlers registered before it. Its `capabilities` equal CLIENT_TASKS_CAPABILITY (a test checks).
 */
export function bindReceiver(client: Client, ask: ReceiverAsk): TaskReceiverBinding {
  const answer = async (request: TaskReceiverRequest, ctx: { taskId: string; signal: AbortSignal }) => {
    const result = await ask(
      { requestId: `task:${ctx.taskId}`, method: request.method, params: request.params as Record<string, unknown>, taskId: ctx.taskId },
      ctx.signal,
    );
    // The binding answers tasks/result with this value as is, without the task's metadata;
    // 2025-11-25/basic/utilities/tasks: "All requests, notifications, and responses related to a
    // task MUST include the io.modelcontextprotocol/related-task key in their _meta field".
    const meta = result._meta !== null && typeof result._meta === 'object' ? (result._meta as Record<string, unknown>) : {};
    return { ...result, _meta: { ...meta, [RELATED_TASK]: { taskId: ctx.taskId } } } as Record<string, JsonValue>;
  };
  return bindTaskReceiver(client, {
    methods: { 'sampling/createMessage': true, 'elicitation/create': true },
    sampling: answer,
    elicitation: answer,
    ttlMs: RECEIVER_TTL_MS,
    pollIntervalMs: RECEIVER_POLL_MS,
    maxTasks: RECEIVER_MAX_TASKS,
    // Failures show on the wire (a failed task, an error reply); nothing to log in a library.
    onError: () => undefined,
  });
}

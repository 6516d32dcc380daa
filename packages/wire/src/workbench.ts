import { z } from 'zod';

/**
 * The workbench API: requests through the SDK client, cancel, roots, log level and
 * resource subscriptions. All under /api/sessions/:id, with the proxy's Bearer token.
 */

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export const LogLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevelSchema>;

export const RootSchema = z.object({ uri: z.string().min(1), name: z.string().optional() });
export type Root = z.infer<typeof RootSchema>;

/** GET /api/sessions/:id/roots reply, and the PUT body (→ 204). */
export const RootsBodySchema = z.object({ roots: z.array(RootSchema) });
export type RootsBody = z.infer<typeof RootsBodySchema>;

/**
 * POST /api/sessions/:id/requests: one request through the SDK client. Progress resets the
 * timeout unless `resetTimeoutOnProgress` is false; `maxTotalTimeoutMs` bounds the whole call,
 * input_required rounds included. `callId` names the call for DELETE …/requests/:callId.
 */
export const RequestBodySchema = z.object({
  method: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
  callId: z.string().min(1).max(200).optional(),
  timeoutMs: z.number().int().positive().max(3_600_000).default(60_000),
  resetTimeoutOnProgress: z.boolean().default(true),
  maxTotalTimeoutMs: z
    .number()
    .int()
    .positive()
    .max(24 * 3_600_000)
    .optional(),
});
export type RequestBody = z.input<typeof RequestBodySchema>;

const jsonRpcError = z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() });

/**
 * 200 reply of POST …/requests. A JSON-RPC error is `outcome: 'error'`; a tool result with
 * `isError: true` is `outcome: 'result'`. The result is what the server sent. `source`:
 * `'server'` for the server's error response; `'input'` when (2026-07-28) one of the call's input
 * requests was answered with this error, or with an answer the SDK found invalid — the SDK then
 * does not retry, and no error frame exists.
 */
export const RequestReplySchema = z.discriminatedUnion('outcome', [
  z.object({ callId: z.string(), outcome: z.literal('result'), result: z.record(z.string(), z.unknown()), latencyMs: z.number() }),
  z.object({
    callId: z.string(),
    outcome: z.literal('error'),
    error: jsonRpcError,
    source: z.enum(['server', 'input']).optional(),
    latencyMs: z.number(),
  }),
  z.object({ callId: z.string(), outcome: z.literal('cancelled'), latencyMs: z.number() }),
]);
export type RequestReply = z.infer<typeof RequestReplySchema>;

/** PUT /api/sessions/:id/log-level (→ 204). */
export const LogLevelBodySchema = z.object({ level: LogLevelSchema });
export type LogLevelBody = z.infer<typeof LogLevelBodySchema>;

/** POST /api/sessions/:id/subscriptions (→ 204); DELETE takes the same `uri` as a query parameter. */
export const SubscriptionBodySchema = z.object({ uri: z.string().min(1) });
export type SubscriptionBody = z.infer<typeof SubscriptionBodySchema>;

/** WS: one `notifications/progress` of a running request (the frame is streamed too). */
export const RequestProgressMessageSchema = z.object({
  type: z.literal('request-progress'),
  sessionId: z.string(),
  callId: z.string(),
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
});
export type RequestProgressMessage = z.infer<typeof RequestProgressMessageSchema>;

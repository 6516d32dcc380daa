import { z } from 'zod';
import { SessionConfigSchema, SessionInfoSchema } from './session.js';

const jsonRpcId = z.union([z.string(), z.number()]);

export { DEFAULT_UI_REASON, ORIGIN_HEADER } from './origin-header.js';

/**
 * POST /api/sessions. `watchListChanges`: on a 2026-07-28 session, keep a subscriptions/listen
 * stream open for the list changes the server declares (its frames go out as mcpscope's
 * `subscription listen`). Off unless the user turned it on: mcpscope sends nothing on its own
 * that the user did not enable.
 */
export const CreateSessionBodySchema = z.object({
  config: SessionConfigSchema,
  watchListChanges: z.boolean().optional(),
  /** Send W3C trace context (`params._meta.traceparent`) from the handshake on (default: the launch's --trace-context). */
  traceContext: z.boolean().optional(),
  /** stdio: start the server with the OTLP variables of mcpscope's receiver (serverSpanEnv, shown in the Connect form first). */
  collectServerSpans: z.boolean().optional(),
  /**
   * The claim of a session the running mcpscope opened ahead for the `connect` that started it
   * (proxy sessions-ahead.ts): the reply is that open's, and no second session is opened.
   */
  claim: z.string().max(128).optional(),
});

/**
 * PUT /api/sessions/:id/list-changes: on 2026-07-28, open (`listen: true`) or close the
 * subscriptions/listen stream for the list changes the server declares; 204. The legacy era
 * needs none (servers send list_changed unasked): 204, nothing sent.
 */
export const ListChangesBodySchema = z.object({ listen: z.boolean() });

/**
 * POST /api/sessions/:id/messages: any JSON-RPC request or notification, sent as given.
 * A request without an id gets one from the proxy. `timeoutMs` bounds the wait for the answer.
 */
export const SendMessageBodySchema = z.object({
  message: z
    .object({
      jsonrpc: z.literal('2.0').optional(),
      id: jsonRpcId.optional(),
      method: z.string().min(1),
      params: z.unknown().optional(),
    })
    .passthrough(),
  notification: z.boolean().default(false),
  timeoutMs: z.number().int().positive().max(3_600_000).default(60_000),
});
export type SendMessageBody = z.input<typeof SendMessageBodySchema>;

export const SendMessageReplySchema = z.object({
  /** The JSON-RPC response as received; absent for notifications. */
  response: z.record(z.string(), z.unknown()).optional(),
  latencyMs: z.number().optional(),
});
export type SendMessageReply = z.infer<typeof SendMessageReplySchema>;

/** POST /api/sessions/:id/server-requests/:requestId — answer a server→client request. */
export const AnswerServerRequestBodySchema = z.union([
  z.object({ result: z.record(z.string(), z.unknown()) }),
  z.object({ error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }) }),
]);
export type AnswerServerRequestBody = z.infer<typeof AnswerServerRequestBodySchema>;

export const PendingServerRequestSchema = z.object({
  sessionId: z.string(),
  /**
   * The queue key: the server's JSON-RPC id as "n:3" / "s:abc" (legacy era), or
   * "input:N:<key>" for a request embedded in an `input_required` result (unique per round).
   */
  requestId: z.string(),
  method: z.string(),
  params: z.unknown(),
  receivedAt: z.number(),
  /** 2026-07-28: the key of this request in the `inputRequests` of an `input_required` result. */
  inputKey: z.string().optional(),
  /** 2026-07-28: the callId of the POST …/requests call whose result embedded this request. */
  callId: z.string().optional(),
  /**
   * Input for a task: a 2026-07-28 task's `inputRequests` entry (answered through
   * tasks/update), a 2025-11-25 request with `_meta["io.modelcontextprotocol/related-task"]`, or a
   * request the server made mcpscope run as a task (`requestId` "task:<taskId>").
   */
  taskId: z.string().optional(),
});
export type PendingServerRequest = z.infer<typeof PendingServerRequestSchema>;

export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });

/** GET /api/info */
export const InfoSchema = z.object({
  name: z.literal('mcpscope'),
  version: z.string(),
  wireVersion: z.number(),
  /** A ready-made config for the embedded demo server, when this build ships one. */
  demo: SessionConfigSchema.optional(),
  /** Bytes of events each session keeps in memory (`--memory-budget`, default 32 MiB); the browser uses the same budget. */
  memoryBudget: z.number().int().positive().optional(),
  /**
   * The origin of the MCP App sandbox listener (`http://127.0.0.1:41234`, under the host
   * name this request used), when the proxy runs one (startProxy does). MCP Apps render in
   * `<iframe src="${sandboxOrigin}/sandbox.html?csp=…">`; mcpscope's CSP frames nothing else.
   */
  sandboxOrigin: z.string().max(300).optional(),
  /** The OTLP/HTTP receiver for server spans (`http://127.0.0.1:PORT/otlp/v1/traces`), what "collect server spans" gives a server. */
  otlpReceiver: z.string().max(300).optional(),
});
export type Info = z.infer<typeof InfoSchema>;

/** Every proxy HTTP error has this body; codes come from one catalogue (apps/proxy errors.ts). */
export const ApiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

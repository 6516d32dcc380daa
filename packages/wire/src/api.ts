import { z } from 'zod';
import { SessionConfigSchema, SessionInfoSchema } from './session.js';

const jsonRpcId = z.union([z.string(), z.number()]);

/** POST /api/sessions */
export const CreateSessionBodySchema = z.object({ config: SessionConfigSchema });

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
});
export type Info = z.infer<typeof InfoSchema>;

/** Every proxy HTTP error has this body; codes come from one catalogue (apps/proxy errors.ts). */
export const ApiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

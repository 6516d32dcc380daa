import { z } from 'zod';
import { LogLevelSchema } from './workbench.js';

const RpcErrorSchema = z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() });
const ObjectSchema = z.record(z.string(), z.unknown());

/** One canned answer to a server→client request: `{"result": {…}}`, `{"error": {code, message}}`, or the result object itself. */
export const CannedAnswerSchema = z.union([
  z.strictObject({ result: ObjectSchema }),
  z.strictObject({ error: RpcErrorSchema }),
  ObjectSchema.transform((result) => ({ result })),
]);

/** `mcpscope call --answer-file`: canned answers to the server's requests, keyed by method. */
export const AnswerFileSchema = z.record(z.string(), CannedAnswerSchema);
export type AnswerFile = z.infer<typeof AnswerFileSchema>;

/**
 * POST /api/sessions/:id/call: `mcpscope call --session` in one request, on the session's own
 * connection. The reply streams NDJSON, one SessionCallLine a line, the last one `outcome` or
 * `error` (an error found before anything was sent is an ordinary 4xx instead). Every frame the
 * call causes carries the request's ORIGIN_HEADER; answers from `answers` go out as
 * `client: answer …`.
 */
export const SessionCallBodySchema = z.strictObject({
  method: z.string().min(1),
  /** Sent as written when an array (or when the negotiated era does not define `method`). */
  params: z.union([ObjectSchema, z.array(z.unknown())]).optional(),
  /**
   * tools/call: `params.name`'s definition is looked up (the session's current listing, else a
   * tools/list): its MCP App is named in the outcome, its outputSchema decides `schemaFindings`,
   * and `textArgs` are applied.
   */
  describeTool: z.boolean().default(false),
  /** `--arg key=value` texts: put in `params.arguments` as text where the tool's inputSchema types `key` as a string. */
  textArgs: z.record(z.string(), z.string()).optional(),
  timeoutMs: z.number().int().positive().max(3_600_000).default(60_000),
  /** Set before the call (`--level`); the server's `notifications/message` then stream as `log` lines. */
  logLevel: LogLevelSchema.optional(),
  /** The server's requests during the call are answered from here (or refused); without it they wait for the UI. */
  answers: AnswerFileSchema.optional(),
});
export type SessionCallBody = z.input<typeof SessionCallBodySchema>;

/**
 * One line of POST /api/sessions/:id/calls (`call --session --stdin`): many calls in one request,
 * an NDJSON body of SessionCallBodySchema lines, each with the CLI's `origin` for its frames (as
 * the ORIGIN_HEADER of a single call). They run one after the other, in order; the reply streams
 * each call's SessionCallLines, each call ending in its `outcome` or `error` line.
 */
export const SessionCallsLineSchema = SessionCallBodySchema.extend({ origin: z.string().max(1000).optional() });
export type SessionCallsLine = z.input<typeof SessionCallsLineSchema>;

/** What the call's tool declared as its MCP App (ext-apps `_meta.ui`). */
export interface CallToolApp {
  resourceUri: string;
  appOnly: boolean;
}

/** One NDJSON line of POST /api/sessions/:id/call, in the order things happened. */
export type SessionCallLine =
  | { type: 'server-request'; method: string; answered: 'file' | 'refused' | 'ui' }
  | { type: 'log'; level?: unknown; logger?: unknown; data?: unknown }
  /** The negotiated era does not define the method: it is sent as written. */
  | { type: 'as-written'; protocolVersion?: string }
  /** The called tool's name is listed `count` times (`withOutputSchema` of them with one); the call goes by the first with an outputSchema. */
  | { type: 'tool-listed'; name: string; count: number; withOutputSchema: number }
  | {
      type: 'outcome';
      /** As POST …/requests answers (RequestReplySchema). */
      outcome: Record<string, unknown>;
      app?: CallToolApp;
      /** The linter's `structured-content-schema` findings on the answer, when the tool has an outputSchema. */
      schemaFindings?: Array<{ message: string; spec?: string }>;
    }
  | { type: 'error'; error: { code: string; message: string; details?: unknown } };

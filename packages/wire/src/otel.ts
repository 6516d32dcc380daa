import { z } from 'zod';

/**
 * OpenTelemetry (the session's trace, its trace-context switch, the OTLP export's state, its
 * server-span receiver). In SessionInfo as `otel`.
 */
export const SessionOtelSchema = z.object({
  traceId: z.string(),
  /** Requests carry W3C trace context in `params._meta` (PUT …/trace-context). */
  traceContext: z.boolean(),
  /** The live OTLP export (`--otlp-endpoint`), the same for every session of this mcpscope. */
  export: z
    .object({
      state: z.enum(['off', 'starting', 'ok', 'failing']),
      endpoint: z.string().optional(),
      error: z.string().optional(),
    })
    .optional(),
  /** The proxy's OTLP receiver takes this session's server spans. */
  serverSpans: z.boolean().optional(),
});
export type SessionOtel = z.infer<typeof SessionOtelSchema>;

/** PUT /api/sessions/:id/trace-context: turn W3C trace context on or off for the requests sent from now on; answers `{ session }`. */
export const TraceContextBodySchema = z.object({ on: z.boolean() });

/**
 * POST /api/sessions/:id/server-spans: the session's OTLP receiver (for a server mcpscope did not
 * start, or a stdio one started without "collect server spans"): where to send, with which
 * header, and the variables an OpenTelemetry SDK reads for both.
 */
export const ServerSpansReplySchema = z.object({
  endpoint: z.string(),
  header: z.object({ name: z.string(), value: z.string() }),
  env: z.record(z.string(), z.string()),
});
export type ServerSpansReply = z.infer<typeof ServerSpansReplySchema>;

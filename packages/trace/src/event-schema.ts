import { z } from 'zod';
import { APP_VIEW_ID, MAX_APP_URI, capServerSpan, cleanOriginReason, type SessionEvent } from '@mcpscope/protocol';

/**
 * The event envelope of trace v1 (seq, t, sessionId, type) plus the fields each type needs
 * to be usable. Unknown extra fields pass through so newer writers stay readable.
 */
const envelope = {
  seq: z.number().int().nonnegative(),
  t: z.number().nonnegative(),
  sessionId: z.string(),
};

const stringRecord = z.record(z.string(), z.string());

/**
 * Why an outgoing frame was sent. A trace's origin is its author's text: the reason is cleaned
 * and cut like one from the proxy header (cleanOriginReason); an origin of any other shape is
 * dropped, not the frame with it.
 */
const OriginSchema = z
  .object({ by: z.enum(['user', 'mcpscope']), reason: z.string().max(100_000) })
  .transform(({ by, reason }) => ({ by, reason: cleanOriginReason(reason) ?? '(none)' }))
  .optional()
  .catch(undefined);

/**
 * The MCP App view of an app-channel frame. A trace's text: an `app` of another shape
 * (a URI over MAX_APP_URI, a view id that is not [A-Za-z0-9_-]{1,64}) is dropped, not the frame;
 * the frame stays on the app channel.
 */
const AppSchema = z
  .object({ uri: z.string().min(1).max(MAX_APP_URI), view: z.string().regex(APP_VIEW_ID) })
  .optional()
  .catch(undefined);

const FrameSchema = z.looseObject({
  ...envelope,
  type: z.literal('frame'),
  dir: z.enum(['out', 'in']),
  msg: z.record(z.string(), z.unknown()).optional(),
  raw: z.string().optional(),
  size: z.number().nonnegative(),
  origin: OriginSchema,
  /**
   * 'app': a message between an MCP App view and its host, not the server connection. Any other
   * value refuses the line: a frame of an unknown channel is not taken for server traffic.
   */
  channel: z.literal('app').optional(),
  app: AppSchema,
  /** Paths of fields mcpscope added (trace context); another shape is dropped, not the frame. */
  added: z.array(z.string().max(200)).max(8).optional().catch(undefined),
});

const StderrSchema = z.looseObject({ ...envelope, type: z.literal('stderr'), text: z.string() });

const HttpSchema = z.looseObject({
  ...envelope,
  type: z.literal('http'),
  method: z.string(),
  url: z.string(),
  status: z.number().int().optional(),
  requestHeaders: stringRecord,
  responseHeaders: stringRecord.optional(),
  durationMs: z.number(),
});

const LifecycleSchema = z.looseObject({
  ...envelope,
  type: z.literal('lifecycle'),
  phase: z.enum(['spawn', 'exit', 'connect', 'disconnect', 'error', 'state']),
  origin: OriginSchema,
});

const OAuthSchema = z.looseObject({
  ...envelope,
  type: z.literal('oauth'),
  step: z.string(),
  detail: z.record(z.string(), z.unknown()).optional(),
});

/**
 * A span the server exported to mcpscope (type `span`, added within format v1: a reader that
 * predates it skips these lines with a warning and reads the rest). The span is the trace's
 * text: checked and capped again as it is read (capServerSpan); a line whose span is not one is refused.
 */
const SpanSchema = z.looseObject({
  ...envelope,
  type: z.literal('span'),
  span: z
    .unknown()
    .transform(
      (raw, ctx) => capServerSpan(raw) ?? (ctx.addIssue({ code: 'custom', message: 'not a span (ids, times, kind or name)' }), z.NEVER),
    ),
});

export const EVENT_TYPES = ['frame', 'stderr', 'http', 'lifecycle', 'oauth', 'span'] as const;

export const SessionEventSchema = z.discriminatedUnion('type', [
  FrameSchema,
  StderrSchema,
  HttpSchema,
  LifecycleSchema,
  OAuthSchema,
  SpanSchema,
]);

/** Validates one parsed trace line as a SessionEvent; returns the event or a reason. */
export function parseEvent(value: unknown): { event: SessionEvent } | { error: string } {
  const result = SessionEventSchema.safeParse(value);
  if (result.success) {
    const event = result.data as SessionEvent;
    // `app` belongs to app-channel frames only; `app: undefined` (dropped above) is no field at all.
    if (event.type === 'frame' && (event.channel !== 'app' || event.app === undefined) && 'app' in event) delete event.app;
    if (event.type === 'frame' && event.added === undefined && 'added' in event) delete event.added;
    return { event };
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && !(EVENT_TYPES as readonly string[]).includes(type)) {
    // Quoted and clipped: the type is the trace's text and may end up in a terminal or a warning list.
    return { error: `unknown event type ${JSON.stringify(type.length > 60 ? `${type.slice(0, 60)}…` : type)}` };
  }
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { error: `not a trace event (${where}${issue?.message ?? 'invalid'})` };
}

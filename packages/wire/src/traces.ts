import { z } from 'zod';
import type { FrameEvent } from '@mcpscope/protocol';

/**
 * Traces: saved traces, offline sessions, compare, export, replay and the ingest
 * endpoint of `mcpscope wrap`. All under /api with the Bearer token.
 */

/**
 * What a trace recorded as its target (trace header `session.config`, parsed by the proxy):
 * a command with args and cwd, or a URL; never env or headers. Untrusted (a trace can be
 * crafted): the UI only prefills the replay dialog with it, for the user to check and confirm.
 */
export const RecordedTargetSchema = z.union([
  z.object({
    transport: z.literal('stdio'),
    command: z.string(),
    args: z.array(z.string()),
    cwd: z.string().optional(),
    era: z.enum(['auto', 'legacy']).optional(),
  }),
  z.object({ transport: z.enum(['http', 'sse', 'auto']), url: z.string(), era: z.enum(['auto', 'legacy']).optional() }),
]);
export type RecordedTarget = z.infer<typeof RecordedTargetSchema>;

/** GET /api/traces → { traces }; POST /api/traces → 201 { trace, warnings }. */
export const TraceSummarySchema = z.object({
  /** The file name without `.ndjson`: `<ISO time>-<session name>-<session id>`. */
  id: z.string(),
  name: z.string(),
  size: z.number(),
  createdAt: z.string(),
  /** `target` is only the label the trace gives itself; what a replay would run is `recorded`. */
  session: z.object({ name: z.string(), transport: z.string(), target: z.string() }),
  /** `name` was given by the user (its session's name or a rename): it wins over the server's (displayNameOf). */
  named: z.boolean().optional(),
  /** The server's own name, title and version from its handshake: the trace reads as its session did. */
  serverInfo: z.object({ name: z.string().optional(), title: z.string().optional(), version: z.string().optional() }).optional(),
  /** The recorded command/args/cwd or URL, when the trace has one (to prefill the replay dialog). */
  recorded: RecordedTargetSchema.optional(),
  /** Still being written (its session is open). */
  live: z.boolean(),
});
export type TraceSummary = z.infer<typeof TraceSummarySchema>;

export const TraceListSchema = z.object({ traces: z.array(TraceSummarySchema) });
export type TraceList = z.infer<typeof TraceListSchema>;

export const TraceUploadReplySchema = z.object({ trace: TraceSummarySchema, warnings: z.array(z.string()) });
export type TraceUploadReply = z.infer<typeof TraceUploadReplySchema>;

/** A trace id is its file's name less `.ndjson`: any length a file name can have (255 bytes). */
export const TraceParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[\w.-]+$/, 'not a trace id')
    .max(255),
});

/** GET /api/sessions/:id/events?from=<seq>&limit=<n> (live and offline sessions). */
export const EventsQuerySchema = z.object({
  from: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(50_000).optional(),
});
export type EventsQuery = z.infer<typeof EventsQuerySchema>;

/**
 * WS: sent for EVERY session (live, wrapped, offline) right after its `session` message in the
 * backlog (and when a session is opened), before the events of its in-memory window.
 */
export const SessionPageInfoSchema = z.object({
  type: z.literal('session-page-info'),
  sessionId: z.string(),
  /** seq of the first and last event sent in the backlog (0 when none); older ones are paged with GET …/events. */
  firstSeq: z.number(),
  lastSeq: z.number(),
  /** Events in the whole session. */
  total: z.number(),
  /** Ordinal (0-based among the session's frame events) of the first frame the backlog carries; = frames when none. */
  firstFrame: z.number(),
  /** Frame events in the whole session; ordinals < firstFrame are paged with GET …/frames. */
  frames: z.number(),
});
export type SessionPageInfo = z.infer<typeof SessionPageInfoSchema>;

/** Most frames one GET …/frames or …/frames/search answers with. */
export const MAX_FRAMES_PAGE = 5000;

/** GET /api/sessions/:id/frames?index=<ordinal>&limit=<n> → FramesReply (every view). */
export const FramesQuerySchema = z.object({
  index: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(1).max(MAX_FRAMES_PAGE).default(500),
});
export type FramesQuery = z.infer<typeof FramesQuerySchema>;

/** `frames[k]` is the frame with ordinal index + k; `total` = frames in the whole session now. */
export const FramesReplySchema = z.object({ frames: z.array(z.custom<FrameEvent>()), total: z.number() });
export type FramesReply = z.infer<typeof FramesReplySchema>;

/**
 * GET /api/sessions/:id/frames/search?filter&method&before&limit → FrameSearchReply. `filter`: the
 * frame filter grammar; `method`: exactly this method; only frames with ordinal < before.
 */
export const FrameSearchQuerySchema = z.object({
  filter: z.string().max(1000).optional(),
  method: z.string().min(1).max(500).optional(),
  before: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_FRAMES_PAGE).default(1000),
});
export type FrameSearchQuery = z.infer<typeof FrameSearchQuerySchema>;

/**
 * `matches`: the last `limit` matches before `before` (the ones nearest to it), in ordinal order.
 * `truncated`: older matches were left out; `total`: how many frames matched in all.
 */
export const FrameSearchReplySchema = z.object({
  matches: z.array(z.object({ index: z.number(), frame: z.custom<FrameEvent>() })),
  truncated: z.boolean(),
  total: z.number(),
});
export type FrameSearchReply = z.infer<typeof FrameSearchReplySchema>;

export const SideSchema = z.union([z.object({ traceId: z.string().min(1) }), z.object({ sessionId: z.string().min(1) })]);
export type Side = z.infer<typeof SideSchema>;

/** Paths expected to differ: JSONPath (`$.result.content[0].text`) or a JSON pointer with `*` segments (`/result/content/*\/text`). */
const IgnoreListSchema = z.array(z.string().max(500)).max(200);

/**
 * POST /api/compare. `ignore`: paths expected to differ, besides the defaults; `defaults: false`
 * compares everything (no timestamp, id or roots rule).
 */
export const CompareBodySchema = z.object({
  left: SideSchema,
  right: SideSchema,
  ignore: IgnoreListSchema.optional(),
  defaults: z.boolean().optional(),
});
export type CompareBody = z.infer<typeof CompareBodySchema>;

const DifferenceSchema = z.object({ path: z.string(), recorded: z.unknown().optional(), live: z.unknown().optional() });
/** A difference left out as expected, with why (`timestamp in text`, `task id`, `marked expected`…). */
const IgnoredDifferenceSchema = DifferenceSchema.extend({ reasons: z.array(z.string()) });

/** One request and its answer, reduced for the wire. */
export const WireExchangeSchema = z.object({
  method: z.string(),
  params: z.unknown().optional(),
  /** seq of the request frame in its session. */
  seq: z.number(),
  /** The response JSON-RPC message (absent: never answered). */
  response: z.record(z.string(), z.unknown()).optional(),
  latencyMs: z.number().optional(),
});
export type WireExchange = z.infer<typeof WireExchangeSchema>;

export const TraceDiffSchema = z.object({
  matched: z.array(
    z.object({
      method: z.string(),
      params: z.unknown().optional(),
      left: WireExchangeSchema,
      right: WireExchangeSchema,
      differences: z.array(DifferenceSchema),
      ignored: z.array(IgnoredDifferenceSchema).optional(),
      latencyDeltaMs: z.number().optional(),
    }),
  ),
  onlyLeft: z.array(WireExchangeSchema),
  onlyRight: z.array(WireExchangeSchema),
  same: z.boolean(),
});
export type TraceDiffWire = z.infer<typeof TraceDiffSchema>;

/** GET /api/sessions/:id/export?format=… */
export const ExportQuerySchema = z.object({ format: z.enum(['ndjson', 'json', 'har', 'otlp']).default('ndjson') });

/**
 * POST /api/traces/:id/replay. `config` is required: the exact target the user confirmed (a
 * SessionConfig: stdio command/args/cwd or URL). The proxy never takes it from the trace, and
 * never applies a trace's env (trust model: nothing from a trace runs unconfirmed).
 */
export const ReplayBodySchema = z.object({
  config: z.record(z.string(), z.unknown(), {
    error: "config is required: the target to replay against (the trace's own is only a suggestion, listed as `recorded`)",
  }),
  ignore: IgnoreListSchema.optional(),
  defaults: z.boolean().optional(),
});

export const ReplayStepSchema = z.object({
  method: z.string(),
  params: z.unknown().optional(),
  outcome: z.enum(['match', 'differ', 'failed']),
  differences: z.array(DifferenceSchema),
  ignored: z.array(IgnoredDifferenceSchema).optional(),
  recordedLatencyMs: z.number().optional(),
  liveLatencyMs: z.number().optional(),
  error: z.string().optional(),
});
export const ReplayReportSchema = z.object({ steps: z.array(ReplayStepSchema), passed: z.boolean(), sessionId: z.string() });
export type ReplayReportWire = z.infer<typeof ReplayReportSchema>;

/** POST /api/sessions/ingest (mcpscope wrap) → 201 { session }. Events follow as NDJSON batches to POST /api/sessions/:id/ingest. */
export const IngestOpenBodySchema = z.object({
  name: z.string().min(1).max(200),
  transport: z.enum(['stdio', 'http', 'sse']),
  target: z.string().max(10_000),
});
export type IngestOpenBody = z.infer<typeof IngestOpenBodySchema>;

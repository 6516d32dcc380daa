import { createHash } from 'node:crypto';
import type { TraceHeader } from '@mcpscope/trace';
import type { ServerSpan, SessionEvent } from '@mcpscope/protocol';
import { indexTrace, iterateEvents } from '../traces/trace-index.js';
import { recordedIdentity, type TraceIdentity } from './identity.js';
import { SessionSpans, type SpanRecord } from './session-spans.js';

export interface OfflineOtlpOptions {
  /** Tool arguments and results in the attributes (--otlp-content), redacted. */
  includeContent?: boolean;
  /** `service.name` of mcpscope's spans (OTEL_SERVICE_NAME, default "mcpscope"). */
  serviceName?: string;
}

export interface OfflineOtlp {
  /** An OTLP/JSON ExportTraceServiceRequest (Jaeger's and Tempo's trace import read it). */
  json: string;
  /** mcpscope's spans, and the server's (recorded from the receiver). */
  spans: number;
  serverSpans: number;
  warnings: string[];
}

/**
 * The identity a trace recorded (`session.otel`), or for a trace written before it one derived from
 * the header, the same every time the file is exported.
 */
export function traceIdentityOf(header: OtlpSessionMeta): TraceIdentity {
  const recorded = recordedIdentity(header.session.otel);
  if (recorded) return recorded;
  const digest = createHash('sha256')
    .update(JSON.stringify([header.createdAt, header.session.id, header.session.name, header.session.target]))
    .digest('hex');
  return { traceId: digest.slice(0, 32), spanId: `${digest.slice(32, 40)}00000000` };
}

const kindOf = (header: OtlpSessionMeta): string => {
  const otel = header.session.otel as { kind?: unknown } | undefined;
  if (otel && typeof otel.kind === 'string' && /^[a-z]{1,16}$/.test(otel.kind)) return otel.kind;
  return header.session.wrapped === true ? 'wrap' : 'session';
};

/** What the spans need of a trace header (a file's, or one made for a session of the UI). */
export type OtlpSessionMeta = Pick<TraceHeader, 'createdAt' | 'session'>;

/**
 * `mcpscope export <trace> --format otlp`: the session's spans rebuilt from its events by the
 * same builder as the live export (same ids, names, attributes, times), plus the server spans the
 * trace recorded, serialized by the official OTLP/JSON serializer. Streams the file: memory holds
 * the spans, not the events.
 */
export async function traceToOtlp(file: string, opts: OfflineOtlpOptions = {}): Promise<OfflineOtlp> {
  const index = await indexTrace(file, 1000, { lazy: true });
  const out = await otlpOfEvents(index.header, iterateEvents(index), opts);
  return { ...out, warnings: index.warnings };
}

/** The OTLP/JSON of a session's events (a trace file's, or a session of the UI's: the export menu). */
export async function otlpOfEvents(
  meta: OtlpSessionMeta,
  events: AsyncIterable<SessionEvent> | Iterable<SessionEvent>,
  opts: OfflineOtlpOptions = {},
): Promise<OfflineOtlp> {
  const epochStart = Date.parse(meta.createdAt);
  const transport = meta.session.transport === 'stdio' || meta.session.transport === 'sse' ? meta.session.transport : 'http';
  const config = meta.session.config as { url?: unknown } | undefined;
  const records: SpanRecord[] = [];
  const server: ServerSpan[] = [];
  const spans = new SessionSpans({
    identity: traceIdentityOf(meta),
    transport,
    ...(transport !== 'stdio' && typeof config?.url === 'string' ? { url: config.url } : {}),
    session: { name: meta.session.name, target: meta.session.target, kind: kindOf(meta) },
    // A redacted trace has the user's secrets out already; the patterns (bearer tokens, query secrets) still apply.
    rules: { includeContent: opts.includeContent === true },
    onSpan: (record) => records.push(record),
  });
  let failed = false;
  for await (const event of events) {
    spans.observe(event);
    if (event.type === 'span') server.push(event.span);
    if (event.type === 'lifecycle' && event.phase === 'state' && event.state === 'failed') failed = true;
    if (event.type === 'lifecycle' && event.phase === 'state' && event.state === 'connected') failed = false;
  }
  spans.finish({ failed });
  const sdk = await import('./sdk.js');
  const resource = sdk.mcpscopeResource(opts.serviceName ?? 'mcpscope');
  const resources = new Map();
  const readable = [
    ...records.map((r) => sdk.readableSpan(r, epochStart, resource)),
    ...server.map((s) => sdk.readableServerSpan(s, epochStart, resources)),
  ];
  return { json: sdk.otlpJson(readable), spans: records.length, serverSpans: server.length, warnings: [] };
}

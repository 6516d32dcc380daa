import { setOwn } from '../limits.js';
import type { ServerSpan, SpanAttribute, SpanValue } from '../events.js';
import { SPAN_CAPS, SPAN_KINDS, capText, Dropped, isSpanId, isTraceId } from './span-caps.js';
import { isRecord } from '../is-record.js';

/**
 * An OTLP ExportTraceServiceRequest in its JSON shape (the OTLP/JSON body, or a protobuf body the
 * receiver decoded and gave hex ids), read into mcpscope's ServerSpans with SPAN_CAPS applied.
 * Nothing here trusts the sender: unknown shapes are skipped and counted, never thrown on.
 */
export interface OtlpReadOptions {
  /** The session's start (epoch ms): span times become ms on the session's clock. */
  startedAt: number;
  /** At most this many spans are read from one request; the rest are rejected. */
  maxSpans: number;
}

export interface OtlpReadResult {
  spans: ServerSpan[];
  /** Spans not kept (malformed, or past maxSpans), for the OTLP partial-success answer. */
  rejected: number;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** "1700000000123456789" (or a number) → epoch ms with the sub-ms part as a fraction; undefined when not a time. */
export function unixNanoToMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value / 1e6 : undefined;
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) return undefined;
  if (value.length <= 6) return Number(value) / 1e6;
  return Number(value.slice(0, -6)) + Number(value.slice(-6)) / 1e6;
}

/** An OTLP AnyValue ({stringValue} | {intValue} | {arrayValue: {values}} | …) as plain JSON, capped. */
function anyValue(v: unknown, depth: number, dropped: Dropped): SpanValue {
  if (!isRecord(v)) return null;
  if (typeof v.stringValue === 'string') return capText(v.stringValue, SPAN_CAPS.string);
  if (typeof v.boolValue === 'boolean') return v.boolValue;
  if (v.intValue !== undefined) {
    const n =
      typeof v.intValue === 'number'
        ? v.intValue
        : typeof v.intValue === 'string' && /^-?\d{1,20}$/.test(v.intValue)
          ? Number(v.intValue)
          : NaN;
    // An int64 past 2^53 keeps its digits as text.
    if (Number.isSafeInteger(n)) return n;
    return typeof v.intValue === 'string' && /^-?\d{1,20}$/.test(v.intValue) ? v.intValue : null;
  }
  if (v.doubleValue !== undefined) {
    const d = typeof v.doubleValue === 'number' ? v.doubleValue : Number(v.doubleValue);
    return Number.isFinite(d) ? d : String(v.doubleValue).slice(0, 32);
  }
  if (typeof v.bytesValue === 'string') return capText(`base64:${v.bytesValue}`, SPAN_CAPS.string);
  if (isRecord(v.arrayValue) || isRecord(v.kvlistValue)) {
    if (depth >= SPAN_CAPS.depth) {
      dropped.n++;
      return '[nested too deep]';
    }
    if (isRecord(v.arrayValue)) {
      const values = list(v.arrayValue.values);
      if (values.length > SPAN_CAPS.arrayItems) dropped.n += values.length - SPAN_CAPS.arrayItems;
      return values.slice(0, SPAN_CAPS.arrayItems).map((x) => anyValue(x, depth + 1, dropped));
    }
    const out: Record<string, SpanValue> = {};
    const values = list((v.kvlistValue as Record<string, unknown>).values);
    if (values.length > SPAN_CAPS.arrayItems) dropped.n += values.length - SPAN_CAPS.arrayItems;
    for (const kv of values.slice(0, SPAN_CAPS.arrayItems)) {
      if (isRecord(kv) && typeof kv.key === 'string') setOwn(out, capText(kv.key, SPAN_CAPS.key), anyValue(kv.value, depth + 1, dropped));
      else dropped.n++;
    }
    return out;
  }
  return null;
}

function keyValues(raw: unknown, max: number, dropped: Dropped): SpanAttribute[] {
  const out: SpanAttribute[] = [];
  for (const kv of list(raw)) {
    if (!isRecord(kv) || typeof kv.key !== 'string' || kv.key === '' || out.length >= max) {
      dropped.n++;
      continue;
    }
    out.push({ key: capText(kv.key, SPAN_CAPS.key), value: anyValue(kv.value, 0, dropped) });
  }
  return out;
}

const droppedCount = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.min(v, 1e9) : 0);

function readSpan(raw: unknown, ctx: { startedAt: number; service?: string; scope?: string }): ServerSpan | undefined {
  if (!isRecord(raw)) return undefined;
  const traceId = typeof raw.traceId === 'string' ? raw.traceId.toLowerCase() : undefined;
  const spanId = typeof raw.spanId === 'string' ? raw.spanId.toLowerCase() : undefined;
  const start = unixNanoToMs(raw.startTimeUnixNano);
  const end = unixNanoToMs(raw.endTimeUnixNano);
  if (!isTraceId(traceId) || !isSpanId(spanId) || start === undefined || end === undefined || typeof raw.name !== 'string')
    return undefined;
  const kindNumber = typeof raw.kind === 'number' ? raw.kind : 0;
  const parent = typeof raw.parentSpanId === 'string' ? raw.parentSpanId.toLowerCase() : undefined;
  const dropped = new Dropped();
  dropped.n += droppedCount(raw.droppedAttributesCount) + droppedCount(raw.droppedEventsCount) + droppedCount(raw.droppedLinksCount);
  const span: ServerSpan = {
    traceId,
    spanId,
    ...(isSpanId(parent) ? { parentSpanId: parent } : {}),
    name: capText(raw.name, SPAN_CAPS.name),
    kind: SPAN_KINDS[kindNumber] ?? 'unspecified',
    start: round(start - ctx.startedAt),
    end: round(Math.max(start, end) - ctx.startedAt),
    attributes: keyValues(raw.attributes, SPAN_CAPS.attributes, dropped),
  };
  const status = raw.status;
  // STATUS_CODE_OK = 1, STATUS_CODE_ERROR = 2; UNSET is no status.
  if (isRecord(status) && (status.code === 1 || status.code === 2)) {
    const message =
      typeof status.message === 'string' && status.message ? { message: capText(status.message, SPAN_CAPS.statusMessage) } : {};
    span.status = { code: status.code === 2 ? 'error' : 'ok', ...message };
  }
  const events: NonNullable<ServerSpan['events']> = [];
  for (const e of list(raw.events)) {
    const time = isRecord(e) ? unixNanoToMs(e.timeUnixNano) : undefined;
    if (!isRecord(e) || time === undefined || events.length >= SPAN_CAPS.events) {
      dropped.n++;
      continue;
    }
    const attributes = keyValues(e.attributes, SPAN_CAPS.eventAttributes, dropped);
    events.push({
      name: capText(typeof e.name === 'string' ? e.name : '', SPAN_CAPS.name),
      time: round(time - ctx.startedAt),
      ...(attributes.length ? { attributes } : {}),
    });
  }
  if (events.length) span.events = events;
  const links: NonNullable<ServerSpan['links']> = [];
  for (const l of list(raw.links)) {
    const lt = isRecord(l) && typeof l.traceId === 'string' ? l.traceId.toLowerCase() : undefined;
    const ls = isRecord(l) && typeof l.spanId === 'string' ? l.spanId.toLowerCase() : undefined;
    if (isTraceId(lt) && isSpanId(ls) && links.length < SPAN_CAPS.links) links.push({ traceId: lt, spanId: ls });
    else dropped.n++;
  }
  if (links.length) span.links = links;
  if (ctx.service) span.service = ctx.service;
  if (ctx.scope) span.scope = ctx.scope;
  if (dropped.n > 0) span.dropped = dropped.n;
  return span;
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;

function serviceName(resource: unknown): string | undefined {
  if (!isRecord(resource)) return undefined;
  for (const kv of list(resource.attributes).slice(0, 256)) {
    if (isRecord(kv) && kv.key === 'service.name' && isRecord(kv.value) && typeof kv.value.stringValue === 'string')
      return capText(kv.value.stringValue, SPAN_CAPS.service);
  }
  return undefined;
}

/** Reads every span of an OTLP trace export request (see OtlpReadOptions). */
export function spansFromOtlp(request: unknown, opts: OtlpReadOptions): OtlpReadResult {
  const out: OtlpReadResult = { spans: [], rejected: 0 };
  if (!isRecord(request)) return out;
  for (const rs of list(request.resourceSpans)) {
    if (!isRecord(rs)) continue;
    const service = serviceName(rs.resource);
    for (const ss of list(rs.scopeSpans)) {
      if (!isRecord(ss)) continue;
      const scope =
        isRecord(ss.scope) && typeof ss.scope.name === 'string' && ss.scope.name ? capText(ss.scope.name, SPAN_CAPS.name) : undefined;
      for (const raw of list(ss.spans)) {
        if (out.spans.length >= opts.maxSpans) {
          out.rejected++;
          continue;
        }
        const span = readSpan(raw, { startedAt: opts.startedAt, service, scope });
        if (span) out.spans.push(span);
        else out.rejected++;
      }
    }
  }
  return out;
}

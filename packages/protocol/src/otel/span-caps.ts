import { setOwn } from '../limits.js';
import type { ServerSpan, SpanAttribute, SpanKindName, SpanValue } from '../events.js';
import { isRecord } from '../is-record.js';

/**
 * How much of a server's span mcpscope keeps. Spans are server-controlled input: every count,
 * size and nesting is capped where they enter (the OTLP receiver, a trace file, the /ws stream),
 * and what was left out is counted in `dropped`.
 */
export const SPAN_CAPS = {
  name: 256,
  key: 128,
  string: 2048,
  attributes: 64,
  events: 32,
  eventAttributes: 16,
  links: 8,
  /** Arrays and key/value lists inside an attribute value. */
  depth: 3,
  arrayItems: 32,
  service: 128,
  statusMessage: 1024,
} as const;

export const SPAN_KINDS: readonly SpanKindName[] = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'];

const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;
const ZERO32 = '0'.repeat(32);
const ZERO16 = '0'.repeat(16);

export const isTraceId = (v: unknown): v is string => typeof v === 'string' && HEX32.test(v) && v !== ZERO32;
export const isSpanId = (v: unknown): v is string => typeof v === 'string' && HEX16.test(v) && v !== ZERO16;

/** A string cut to `max` UTF-16 units (never between the halves of a surrogate pair). */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).replace(/[\ud800-\udbff]$/, '')}…`;
}

/** Counts what a cap left out while one span is read. */
export class Dropped {
  n = 0;
}

/** A value already in mcpscope's form (a trace file, the /ws stream), capped again. */
export function capValue(value: unknown, depth: number, dropped: Dropped): SpanValue {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return capText(value, SPAN_CAPS.string);
  if (depth >= SPAN_CAPS.depth) {
    dropped.n++;
    return '[nested too deep]';
  }
  if (Array.isArray(value)) {
    if (value.length > SPAN_CAPS.arrayItems) dropped.n += value.length - SPAN_CAPS.arrayItems;
    return value.slice(0, SPAN_CAPS.arrayItems).map((v) => capValue(v, depth + 1, dropped));
  }
  if (isRecord(value)) {
    const out: Record<string, SpanValue> = {};
    let n = 0;
    for (const key of Object.keys(value)) {
      if (n++ >= SPAN_CAPS.arrayItems) {
        dropped.n++;
        continue;
      }
      setOwn(out, capText(key, SPAN_CAPS.key), capValue(value[key], depth + 1, dropped));
    }
    return out;
  }
  dropped.n++;
  return null;
}

/** At most `max` attributes of mcpscope's form `{key, value}` with a string key. */
export function capAttributes(list: unknown, max: number, dropped: Dropped): SpanAttribute[] {
  if (!Array.isArray(list)) return [];
  const out: SpanAttribute[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.key !== 'string' || item.key === '') {
      dropped.n++;
      continue;
    }
    if (out.length >= max) {
      dropped.n++;
      continue;
    }
    out.push({ key: capText(item.key, SPAN_CAPS.key), value: capValue(item.value, 0, dropped) });
  }
  return out;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A ServerSpan read back from where mcpscope wrote it (a trace line, the /ws stream): every field
 * checked and capped again, since a trace file is anyone's text. Undefined when it is not a span
 * (bad ids, times, kind or name).
 */
export function capServerSpan(raw: unknown): ServerSpan | undefined {
  if (!isRecord(raw)) return undefined;
  const { traceId, spanId, parentSpanId, name, kind, start, end } = raw;
  if (!isTraceId(traceId) || !isSpanId(spanId) || typeof name !== 'string' || !finite(start) || !finite(end)) return undefined;
  if (typeof kind !== 'string' || !SPAN_KINDS.includes(kind as SpanKindName)) return undefined;
  const dropped = new Dropped();
  const span: ServerSpan = {
    traceId,
    spanId,
    ...(isSpanId(parentSpanId) ? { parentSpanId } : {}),
    name: capText(name, SPAN_CAPS.name),
    kind: kind as SpanKindName,
    start,
    end: Math.max(start, end),
    attributes: capAttributes(raw.attributes, SPAN_CAPS.attributes, dropped),
  };
  const status = raw.status;
  if (isRecord(status) && (status.code === 'ok' || status.code === 'error')) {
    span.status = {
      code: status.code,
      ...(typeof status.message === 'string' && status.message ? { message: capText(status.message, SPAN_CAPS.statusMessage) } : {}),
    };
  }
  if (Array.isArray(raw.events)) {
    const events: NonNullable<ServerSpan['events']> = [];
    for (const e of raw.events) {
      if (!isRecord(e) || typeof e.name !== 'string' || !finite(e.time) || events.length >= SPAN_CAPS.events) {
        dropped.n++;
        continue;
      }
      const attributes = capAttributes(e.attributes, SPAN_CAPS.eventAttributes, dropped);
      events.push({ name: capText(e.name, SPAN_CAPS.name), time: e.time, ...(attributes.length ? { attributes } : {}) });
    }
    if (events.length) span.events = events;
  }
  if (Array.isArray(raw.links)) {
    const links = raw.links
      .filter((l): l is { traceId: string; spanId: string } => isRecord(l) && isTraceId(l.traceId) && isSpanId(l.spanId))
      .slice(0, SPAN_CAPS.links);
    dropped.n += raw.links.length - links.length;
    if (links.length) span.links = links.map((l) => ({ traceId: l.traceId, spanId: l.spanId }));
  }
  if (typeof raw.service === 'string' && raw.service) span.service = capText(raw.service, SPAN_CAPS.service);
  if (typeof raw.scope === 'string' && raw.scope) span.scope = capText(raw.scope, SPAN_CAPS.name);
  const before = finite(raw.dropped) && raw.dropped > 0 ? Math.min(raw.dropped, 1e9) : 0;
  if (before + dropped.n > 0) span.dropped = before + dropped.n;
  return span;
}

/** The value of a span's attribute `key` (the first one), if any. */
export function spanAttribute(span: Pick<ServerSpan, 'attributes'>, key: string): SpanValue | undefined {
  return span.attributes.find((a) => a.key === key)?.value;
}

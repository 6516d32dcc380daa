import { ownValue } from '../limits.js';
import { isRecord } from '../is-record.js';

/**
 * W3C Trace Context as MCP carries it: `traceparent` and `tracestate` in a message's
 * `params._meta` (OpenTelemetry semantic conventions for MCP, "Context propagation").
 * Whatever a peer or a trace file puts there is parsed here, with limits, before any use.
 */
export interface TraceParent {
  /** 32 lower-case hex digits, not all zero. */
  traceId: string;
  /** 16 lower-case hex digits, not all zero. */
  spanId: string;
  /** The trace-flags byte, 2 hex digits ("01": sampled). */
  flags: string;
}

/** The `_meta` keys of the propagation format. */
export const TRACEPARENT_KEY = 'traceparent';
export const TRACESTATE_KEY = 'tracestate';

/** Where mcpscope writes them in a message it sends (FrameEvent.added). */
export const TRACEPARENT_PATH = 'params._meta.traceparent';
export const TRACESTATE_PATH = 'params._meta.tracestate';

/** The longest `tracestate` passed on (W3C: at most 32 list-members; 512 characters is the size a vendor must keep). */
export const MAX_TRACESTATE = 512;

// version 00 (or a later one, read the same way; "ff" is invalid), trace-id, parent-id, flags.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** A `traceparent` header value, or undefined when it is not a valid one (W3C Trace Context §3.2). */
export function parseTraceparent(value: unknown): TraceParent | undefined {
  if (typeof value !== 'string' || value.length > 256) return undefined;
  const m = TRACEPARENT.exec(value.trim());
  if (!m) return undefined;
  const [, version, traceId, spanId, flags, rest] = m;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  return { traceId, spanId, flags };
}

export function formatTraceparent(traceId: string, spanId: string, flags = '01'): string {
  return `00-${traceId}-${spanId}-${flags}`;
}

/** A `tracestate` worth passing on: printable ASCII, at most MAX_TRACESTATE characters. */
export function cleanTracestate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TRACESTATE) return undefined;
  return /^[\x20-\x7e]+$/.test(value) ? value : undefined;
}

/** The trace context in a message's `params._meta`, if it carries a valid one. */
export function messageTraceContext(msg: Record<string, unknown> | undefined): (TraceParent & { traceState?: string }) | undefined {
  const params = msg === undefined ? undefined : ownValue(msg, 'params');
  const meta = isRecord(params) ? ownValue(params, '_meta') : undefined;
  if (!isRecord(meta)) return undefined;
  const parent = parseTraceparent(ownValue(meta, TRACEPARENT_KEY));
  if (!parent) return undefined;
  const traceState = cleanTracestate(ownValue(meta, TRACESTATE_KEY));
  return traceState === undefined ? parent : { ...parent, traceState };
}

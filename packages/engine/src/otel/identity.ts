import { randomBytes } from 'node:crypto';
import { cleanTracestate, isSpanId, isTraceId, parseTraceparent } from '@mcpscope/protocol';

/**
 * The trace a session is: its trace id and the id of its own span, made when the session starts
 * and written in its trace header (`session.otel`), so that `mcpscope export --format otlp`
 * rebuilds exactly the spans a live export sent. Every other span id of the session is derived
 * from the session span's (spanIdOf), except those mcpscope sent as trace context, which the
 * recorded frames carry.
 */
export interface TraceIdentity {
  traceId: string;
  /** The session span; its last 8 hex digits are 0, the first 8 prefix every derived id. */
  spanId: string;
  /** A parent the session continues (TRACEPARENT from the environment, e.g. a CI job's span). */
  parentSpanId?: string;
  traceState?: string;
}

const hex = (bytes: number): string => {
  for (;;) {
    const text = randomBytes(bytes).toString('hex');
    if (!/^0+$/.test(text)) return text;
  }
};

/** A new identity; with `parent` (a W3C traceparent) the session joins that trace under that span. */
export function newTraceIdentity(parent?: { traceparent?: string; tracestate?: string }): TraceIdentity {
  const context = parseTraceparent(parent?.traceparent);
  const traceState = context ? cleanTracestate(parent?.tracestate) : undefined;
  return {
    traceId: context?.traceId ?? hex(16),
    spanId: `${hex(4)}00000000`,
    ...(context ? { parentSpanId: context.spanId } : {}),
    ...(traceState ? { traceState } : {}),
  };
}

/** A fresh random span id (what mcpscope sends as trace context). */
export const randomSpanId = (): string => hex(8);

/** The span of the event `seq` of the session: unique in the trace, the same live and offline. */
export function spanIdOf(identity: Pick<TraceIdentity, 'spanId'>, seq: number): string {
  return identity.spanId.slice(0, 8) + (seq >>> 0 || 1).toString(16).padStart(8, '0');
}

/** An identity as a trace header recorded it (`session.otel`); undefined when absent or malformed. */
export function recordedIdentity(raw: unknown): TraceIdentity | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  if (!isTraceId(r.traceId) || !isSpanId(r.spanId)) return undefined;
  const traceState = cleanTracestate(r.traceState);
  return {
    traceId: r.traceId,
    spanId: r.spanId,
    ...(isSpanId(r.parentSpanId) ? { parentSpanId: r.parentSpanId } : {}),
    ...(traceState ? { traceState } : {}),
  };
}

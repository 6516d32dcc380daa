import { WS_BATCH_TYPE, WS_SESSION_EVENT_TYPES, WsServerMessageSchema, type WsServerMessage } from '@mcpscope/wire';
import { isRecord, capServerSpan } from '@mcpscope/protocol';

/**
 * The trust boundary for /ws: every message is checked here, once, with the wire contract
 * (WsServerMessageSchema). Session events are checked for the envelope the store relies on (type,
 * sessionId, seq, t) and, for frames, dir/size; payloads (`msg`) stay opaque JSON as the protocol
 * package defines them. A message of a type this build does not know fails the schema and is
 * dropped (counted), never half-applied.
 * Session events (99% of the traffic) take a hand-written fast path with the same checks as the
 * schema's event branches: a zod union costs ~20 µs a message, which adds seconds to a 100k backlog.
 */
export type ParsedWsMessage = { ok: true; message: WsServerMessage } | { ok: false; error: string };

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The same checks as the schema's session-event branches, without zod's per-branch overhead. */
function isValidSessionEvent(v: Record<string, unknown>): boolean {
  if (typeof v.sessionId !== 'string' || !isFiniteNumber(v.seq) || !isFiniteNumber(v.t)) return false;
  // A server's span: checked and capped again here (capServerSpan), the copy kept in place.
  if (v.type === 'span') {
    const span = capServerSpan(v.span);
    if (span) v.span = span;
    return span !== undefined;
  }
  if (v.type !== 'frame') return true;
  return (
    (v.dir === 'in' || v.dir === 'out') &&
    isFiniteNumber(v.size) &&
    (v.msg === undefined || isRecord(v.msg)) &&
    (v.raw === undefined || typeof v.raw === 'string') &&
    (v.compact === undefined || v.compact === true)
  );
}

/** One WebSocket message: a lone message or a batch (`{type: "batch", messages}`), checked element by element. */
export interface ParsedWsFrame {
  /** The valid messages, in order. */
  messages: WsServerMessage[];
  /** Why each invalid one was dropped (the others are kept: a batch is only a way to carry them). */
  errors: string[];
}

export function parseWsFrame(text: string): ParsedWsFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { messages: [], errors: [`not JSON: ${(err as Error).message}`] };
  }
  const out: ParsedWsFrame = { messages: [], errors: [] };
  const take = (v: unknown) => {
    // The common case (session events) without the result object.
    if (isRecord(v) && typeof v.type === 'string' && WS_SESSION_EVENT_TYPES.has(v.type) && isValidSessionEvent(v))
      return void out.messages.push(v as unknown as WsServerMessage);
    const parsed = checkWsMessage(v);
    if (parsed.ok) out.messages.push(parsed.message);
    else out.errors.push(parsed.error);
  };
  if (isRecord(value) && value.type === WS_BATCH_TYPE) {
    if (!Array.isArray(value.messages)) return { messages: [], errors: ['a batch without a messages array'] };
    for (const v of value.messages) take(v);
  } else take(value);
  return out;
}

/** A lone message (a batch is refused here: see parseWsFrame). */
export function parseWsMessage(text: string): ParsedWsMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `not JSON: ${(err as Error).message}` };
  }
  return checkWsMessage(value);
}

function checkWsMessage(value: unknown): ParsedWsMessage {
  if (isRecord(value) && typeof value.type === 'string' && WS_SESSION_EVENT_TYPES.has(value.type)) {
    if (isValidSessionEvent(value)) return { ok: true, message: value as unknown as WsServerMessage };
    if (value.type === 'span') return { ok: false, error: 'a span event whose span is not one (ids, times, kind or name)' };
    // Fall through: zod produces the detailed error.
  }
  const parsed = WsServerMessageSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: parsed.error.message };
  return { ok: true, message: parsed.data as WsServerMessage };
}

import { z } from 'zod';
import { capServerSpan, type SessionEvent } from '@mcpscope/protocol';
import { PendingServerRequestSchema, SessionInfoSchema, SessionPageInfoSchema, TaskMessageSchema, WS_BATCH_TYPE, WS_GAP_TYPE, type WsServerMessage } from '@mcpscope/wire';
import { RequestProgressMessageSchema } from './requestProgress';

/**
 * The trust boundary for /ws: every message is checked here, once. Session events are checked
 * for the envelope the store relies on (type, sessionId, seq, t) and, for frames, dir/size;
 * payloads (`msg`) stay opaque JSON as the protocol package defines them.
 * Session events (99% of the traffic) take a hand-written fast path: a zod union tries every
 * branch before the right one and costs ~20 µs a message, which adds seconds to a 100k backlog.
 */
const eventBase = { sessionId: z.string(), seq: z.number(), t: z.number() };

const FrameSchema = z.looseObject({
  type: z.literal('frame'),
  ...eventBase,
  dir: z.enum(['in', 'out']),
  size: z.number(),
  msg: z.record(z.string(), z.unknown()).optional(),
  raw: z.string().optional(),
});
const OtherEventSchema = z.looseObject({
  type: z.enum(['stderr', 'http', 'lifecycle', 'oauth']),
  ...eventBase,
});

const WsMessageSchema = z.union([
  z.object({ type: z.literal('hello'), wireVersion: z.number(), sessions: z.array(SessionInfoSchema) }),
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('session'), session: SessionInfoSchema }),
  z.object({ type: z.literal('session-removed'), sessionId: z.string() }),
  z.object({ type: z.literal('server-request'), request: PendingServerRequestSchema }),
  z.object({ type: z.literal('server-request-done'), sessionId: z.string(), requestId: z.string() }),
  RequestProgressMessageSchema,
  TaskMessageSchema,
  // Every session (issue 5): the backlog carries only the in-memory window; older events are on disk.
  SessionPageInfoSchema.extend({ firstFrame: z.number().int().min(0).optional(), frames: z.number().int().min(0).optional() }),
  // Events skipped because this tab fell behind (issue 15); they are on disk.
  z
    .object({
      type: z.literal(WS_GAP_TYPE),
      sessionId: z.string(),
      fromSeq: z.number().int().min(1),
      toSeq: z.number().int().min(1),
      events: z.number().int().min(1),
      frames: z.number().int().min(0),
      notifications: z.number().int().min(0),
      logs: z.number().int().min(0),
    })
    .refine((g) => g.fromSeq <= g.toSeq && g.logs <= g.notifications && g.notifications <= g.frames && g.frames <= g.events && g.events <= g.toSeq - g.fromSeq + 1, 'an inconsistent gap'),
  FrameSchema,
  OtherEventSchema,
]);

export type ParsedWsMessage = { ok: true; message: WsServerMessage } | { ok: false; error: string };

const EVENT_TYPES = new Set(['frame', 'stderr', 'http', 'lifecycle', 'oauth', 'span']);
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The same checks as FrameSchema/OtherEventSchema, without zod's per-branch overhead. */
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
    (v.raw === undefined || typeof v.raw === 'string')
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
    if (isRecord(v) && typeof v.type === 'string' && EVENT_TYPES.has(v.type) && isValidSessionEvent(v)) return void out.messages.push(v as unknown as WsServerMessage);
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
  if (isRecord(value) && typeof value.type === 'string' && EVENT_TYPES.has(value.type)) {
    if (isValidSessionEvent(value)) return { ok: true, message: value as unknown as WsServerMessage };
    if (value.type === 'span') return { ok: false, error: 'a span event whose span is not one (ids, times, kind or name)' };
    // Fall through: zod produces the detailed error.
  }
  const parsed = WsMessageSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: parsed.error.message };
  return { ok: true, message: parsed.data as WsServerMessage };
}

export function isSessionEvent(msg: WsServerMessage): msg is SessionEvent {
  return msg.type === 'frame' || msg.type === 'stderr' || msg.type === 'http' || msg.type === 'lifecycle' || msg.type === 'oauth' || msg.type === 'span';
}

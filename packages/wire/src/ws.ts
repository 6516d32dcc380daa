import { z } from 'zod';
import type { SessionEvent, SessionEventType } from '@mcpscope/protocol';
import { PendingServerRequestSchema } from './api.js';
import { SessionInfoSchema } from './session.js';
import { RequestProgressMessageSchema } from './workbench.js';
import { SessionPageInfoSchema } from './traces.js';
import { TaskMessageSchema } from './tasks.js';

/**
 * The messages the proxy sends on /ws: this schema is the contract. The proxy builds them
 * (apps/proxy ws/wsMessageOf.ts maps the engine's messages onto them) and the web parses every
 * message with it at its trust boundary. On connect: one `hello`, then the backlog of every
 * session's events in order, then `ready`, then live messages. `request-progress` carries each
 * `notifications/progress` of a POST …/requests call; `task` each change of a task (not in the
 * backlog: GET …/tasks).
 *
 * Session events (`frame`, `stderr`, `http`, `lifecycle`, `oauth`, `span`) are checked for the envelope
 * a client relies on (sessionId, seq, t and, for frames, dir/size/msg/raw); the rest of an event
 * is the protocol package's SessionEvent, passed through as the engine made it. A big server
 * notification comes as a compact row (`compact: true`, compactFrame.ts): the browser reads the
 * whole event back by seq when it shows it.
 */
const eventEnvelope = { sessionId: z.string(), seq: z.number(), t: z.number() };
const frameShape = {
  type: z.literal('frame'),
  ...eventEnvelope,
  dir: z.enum(['in', 'out']),
  size: z.number(),
  msg: z.record(z.string(), z.unknown()).optional(),
  raw: z.string().optional(),
  // A compact row: `msg` holds the method and previews of the params (compactFrame.ts).
  compact: z.literal(true).optional(),
};
const otherEventShape = <T extends Exclude<SessionEventType, 'frame'>>(type: T) => ({ type: z.literal(type), ...eventEnvelope });

export const WsSessionEventSchemas = [
  z.looseObject(frameShape),
  z.looseObject(otherEventShape('stderr')),
  z.looseObject(otherEventShape('http')),
  z.looseObject(otherEventShape('lifecycle')),
  z.looseObject(otherEventShape('oauth')),
  // A server's span: the web checks and caps the span itself (capServerSpan) on its fast path.
  z.looseObject(otherEventShape('span')),
] as const;

/** The `type` of every session event, for a fast check before the union. */
export const WS_SESSION_EVENT_TYPES: ReadonlySet<string> = new Set<SessionEventType>([
  'frame',
  'stderr',
  'http',
  'lifecycle',
  'oauth',
  'span',
]);

/** The `type` of a gap marker. */
export const WS_GAP_TYPE = 'gap';

/**
 * Events of a session this tab was not sent: it fell behind by more than the proxy queues for one
 * tab (its memory budget: it would have dropped them from memory anyway), so the oldest waiting
 * events were skipped and the newest follow. Every event with fromSeq ≤ seq ≤ toSeq that the tab
 * had not received is on disk (GET …/frames pages frames back by ordinal); `events` were skipped,
 * `frames` of them frames, so the next frame the tab receives has the ordinal (frames it
 * received) + `frames`. `notifications` of the frames were notifications, `logs` of those
 * `notifications/message` from the server (the Notifications view's counts).
 */
export const WsGapSchema = z
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
  .refine(
    (g) =>
      g.fromSeq <= g.toSeq &&
      g.logs <= g.notifications &&
      g.notifications <= g.frames &&
      g.frames <= g.events &&
      g.events <= g.toSeq - g.fromSeq + 1,
    'an inconsistent gap',
  );
export type WsGap = z.infer<typeof WsGapSchema>;

export const WsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), wireVersion: z.number(), sessions: z.array(SessionInfoSchema) }),
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('session'), session: SessionInfoSchema }),
  z.object({ type: z.literal('session-removed'), sessionId: z.string() }),
  z.object({ type: z.literal('server-request'), request: PendingServerRequestSchema }),
  z.object({ type: z.literal('server-request-done'), sessionId: z.string(), requestId: z.string() }),
  RequestProgressMessageSchema,
  TaskMessageSchema,
  SessionPageInfoSchema,
  WsGapSchema,
  ...WsSessionEventSchemas,
]);

/** Every message but the session events, as the schema parses them. */
export type WsControlMessage = Exclude<z.infer<typeof WsServerMessageSchema>, { type: SessionEventType }>;

/** One /ws message: a control message, or a session event as the protocol package types it. */
export type WsServerMessage = WsControlMessage | SessionEvent;

/** Every `type` a message may have. */
export type WsServerMessageType = WsServerMessage['type'];

export function isWsSessionEvent(message: WsServerMessage): message is SessionEvent {
  return WS_SESSION_EVENT_TYPES.has(message.type);
}

/** The `type` of a batch; no other message uses it. */
export const WS_BATCH_TYPE = 'batch';

/**
 * Several messages in one WebSocket message: the proxy sends what one tick produced (up to ~64
 * KiB) together, in order; a lone message is sent as itself. A client applies the `messages` in
 * order, exactly as if each had come on its own.
 */
export interface WsBatch {
  type: typeof WS_BATCH_TYPE;
  messages: WsServerMessage[];
}

/** What one /ws WebSocket message holds. */
export type WsServerFrame = WsServerMessage | WsBatch;

// The engine's events fit the envelope checked above (a compile-time check: a field the schema
// requires that SessionEvent lacks, or types differently, fails the build of this package).
type StrictEnvelope<S extends z.ZodRawShape> = z.infer<z.ZodObject<S>>;
type Fits<T, S> = [T] extends [S] ? true : false;
const eventsFit: [
  Fits<Extract<SessionEvent, { type: 'frame' }>, StrictEnvelope<typeof frameShape>>,
  Fits<Extract<SessionEvent, { type: 'stderr' }>, StrictEnvelope<ReturnType<typeof otherEventShape<'stderr'>>>>,
  Fits<Extract<SessionEvent, { type: 'http' }>, StrictEnvelope<ReturnType<typeof otherEventShape<'http'>>>>,
  Fits<Extract<SessionEvent, { type: 'lifecycle' }>, StrictEnvelope<ReturnType<typeof otherEventShape<'lifecycle'>>>>,
  Fits<Extract<SessionEvent, { type: 'oauth' }>, StrictEnvelope<ReturnType<typeof otherEventShape<'oauth'>>>>,
  Fits<Extract<SessionEvent, { type: 'span' }>, StrictEnvelope<ReturnType<typeof otherEventShape<'span'>>>>,
] = [true, true, true, true, true, true];
void eventsFit;

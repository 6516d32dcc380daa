import { z } from 'zod';
import type { SessionEvent } from '@mcpscope/protocol';
import { PendingServerRequestSchema, SessionInfoSchema, type WsServerMessage } from '@mcpscope/wire';

/**
 * The trust boundary for /ws: every message is checked here, once. Session events are checked
 * for the envelope the store relies on (type, sessionId, seq, t) and, for frames, dir/size;
 * payloads (`msg`) stay opaque JSON as the protocol package defines them.
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
  FrameSchema,
  OtherEventSchema,
]);

export type ParsedWsMessage = { ok: true; message: WsServerMessage } | { ok: false; error: string };

export function parseWsMessage(text: string): ParsedWsMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `not JSON: ${(err as Error).message}` };
  }
  const parsed = WsMessageSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: parsed.error.message };
  return { ok: true, message: parsed.data as WsServerMessage };
}

export function isSessionEvent(msg: WsServerMessage): msg is SessionEvent {
  return msg.type === 'frame' || msg.type === 'stderr' || msg.type === 'http' || msg.type === 'lifecycle' || msg.type === 'oauth';
}

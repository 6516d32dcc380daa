import { MAX_ORIGIN_REASON, type FrameEvent, type FrameOrigin } from '@mcpscope/protocol';

export type { FrameOrigin };

/**
 * Why an outgoing frame was sent: `by: 'user'` with the tab and action
 * (`tools: call`, from the web's `x-mcpscope-origin` header) or the CLI command, or
 * `by: 'mcpscope'` with what the spec or an enabled automation required (`handshake`,
 * `era probe`, `roots reply`…). The engine sets it on outgoing frames; a trace may carry
 * anything, so it is read defensively here.
 */
export function frameOrigin(frame: FrameEvent): FrameOrigin | undefined {
  return frame.dir === 'out' ? originOf(frame) : undefined;
}

/** The `origin` of any event (an outgoing frame, a lifecycle step mcpscope took on its own), read defensively. */
export function originOf(event: object): FrameOrigin | undefined {
  if (!Object.hasOwn(event, 'origin')) return undefined;
  const origin = (event as { origin?: unknown }).origin;
  if (typeof origin !== 'object' || origin === null) return undefined;
  const by = Object.hasOwn(origin, 'by') ? (origin as { by: unknown }).by : undefined;
  const reason = Object.hasOwn(origin, 'reason') ? (origin as { reason: unknown }).reason : undefined;
  if ((by !== 'user' && by !== 'mcpscope') || typeof reason !== 'string') return undefined;
  return { by, reason: reason.slice(0, MAX_ORIGIN_REASON) };
}

/**
 * An outgoing initialize that starts a conversation over, by mcpscope: a new session after the
 * server forgot the old one, or the legacy handshake after the server/discover probe. The frame
 * log draws a boundary above it.
 */
export function frameBoundary(frame: FrameEvent): 'new-session' | 'era-fallback' | undefined {
  const origin = frameOrigin(frame);
  if (origin?.by !== 'mcpscope' || frame.msg?.method !== 'initialize') return undefined;
  if (origin.reason.startsWith('new session')) return 'new-session';
  return origin.reason.startsWith('era fallback') ? 'era-fallback' : undefined;
}

/** "you · tools: call" or "auto · handshake": the frame log's compact form. */
export function originLabel(origin: FrameOrigin): string {
  return `${origin.by === 'user' ? 'you' : 'auto'} · ${origin.reason}`;
}

/** The frame detail's sentence. */
export function originSentence(origin: FrameOrigin): string {
  return origin.by === 'user' ? `sent because you asked: ${origin.reason}` : `sent by mcpscope itself: ${origin.reason}`;
}

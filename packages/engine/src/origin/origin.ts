import { AsyncLocalStorage } from 'node:async_hooks';
import type { FrameOrigin } from '@mcpscope/protocol';

/**
 * Why an outgoing frame was sent. Every send path says it: explicitly (a
 * Session.request's `origin`, Session.send's `origin`), by the message it is (a reply to a server
 * request, a cancel of a known call), or through this ambient scope, which a caller sets around
 * work that sends through the SDK client without a per-call option (a subscriptions/listen,
 * notifications/roots/list_changed) or around a whole job (check's exercise, a replay). A frame
 * nobody accounted for is stamped UNATTRIBUTED: visible, and a test asserts a normal session has
 * none. Separate from backstop.ts's `sessionScope`, which it does not touch.
 */
export const originScope = new AsyncLocalStorage<FrameOrigin>();

export const user = (reason: string): FrameOrigin => ({ by: 'user', reason });
export const auto = (reason: string): FrameOrigin => ({ by: 'mcpscope', reason });

export const UNATTRIBUTED: FrameOrigin = auto('unattributed');
/** initialize, notifications/initialized, and server/discover (2026-07-28/basic/lifecycle). */
export const HANDSHAKE: FrameOrigin = auto('handshake');
/** The handshake again on legacy HTTP+SSE after Streamable HTTP refused it (2025-11-25/basic/transports#backwards-compatibility). */
export const TRANSPORT_FALLBACK: FrameOrigin = auto('transport fallback');

/** Runs `fn` with `origin` as the ambient origin (no origin: `fn` as it is). */
export function withOrigin<T>(origin: FrameOrigin | undefined, fn: () => T): T {
  return origin ? originScope.run(origin, fn) : fn();
}

/** The ambient origin of the running code, if a caller set one. */
export const ambientOrigin = (): FrameOrigin | undefined => originScope.getStore();

/** `client: answer sampling`, `client: answer elicitation`, `client: answer <method>`. */
export function answerReason(method: string | undefined): string {
  if (method === 'sampling/createMessage') return 'client: answer sampling';
  if (method === 'elicitation/create') return 'client: answer elicitation';
  return `client: answer ${method ?? 'server request'}`;
}

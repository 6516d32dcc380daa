import type { FrameOrigin } from '@mcpscope/protocol';
import type { Engine } from '../session/engine.js';
import type { Session } from '../session/session.js';
import type { ServerRequestAnswer } from '../session/types.js';

/** The JSON-RPC error code of a headless refusal (the spec's sampling example uses -1 for "rejected"). */
const HEADLESS_ANSWER_CODE = -1;

export interface HeadlessAnswers {
  /** The command, as the refusal names it: `mcpscope call`, `mcpscope check`. */
  who: string;
  /** A canned answer for this method (an answer file), else the refusal. */
  answerFor?(method: string): ServerRequestAnswer | undefined;
  /** Told each time a request is refused (the command reports it its own way). */
  onRefused(method: string): void;
  /** The origin of the answer frames (default: the session's own rule for answers). */
  origin?: FrameOrigin;
}

/**
 * A headless command has no one to ask: each request the session's server sends the client
 * (sampling, elicitation, on 2026-07-28 the rounds inside `input_required`) is answered at once,
 * with a canned answer or a JSON-RPC error that says why, so nothing waits for a timeout. Held
 * instead, the request stalled the call that caused it and the server was blamed for the silence.
 * Returns the unsubscribe.
 */
export function answerHeadless(engine: Engine, session: Session, opts: HeadlessAnswers): () => void {
  return engine.subscribe((m) => {
    if (m.type !== 'server-request' || m.request.sessionId !== session.id) return;
    const { method, requestId } = m.request;
    let answer = opts.answerFor?.(method);
    if (!answer) {
      answer = { error: { code: HEADLESS_ANSWER_CODE, message: `${opts.who} is headless: no one to answer ${method}` } };
      opts.onRefused(method);
    }
    const reply = answer;
    queueMicrotask(() => session.answer(requestId, reply, opts.origin));
  });
}

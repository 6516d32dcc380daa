import type { Engine } from '../engine.js';
import type { Session } from '../session.js';

/** What the answers say, and the origin their frames carry: mcpscope's own, not a user's. */
export const HEADLESS_ANSWER_CODE = -1;
const ORIGIN = { by: 'mcpscope' as const, reason: 'check: headless answer' };

/**
 * A headless `check` has no one to ask: each request the server sends the client (sampling,
 * elicitation, on 2026-07-28 the rounds inside `input_required`) is answered at once with a
 * JSON-RPC error that says so, and noted once per method. Held instead, it stalled the tool call
 * that asked until the timeout, and the report blamed the server ("no answer"). Not used by
 * `check --session`: there the session's UI answers.
 */
export function answerServerRequests(engine: Engine, session: Session, notes: string[]): () => void {
  const noted = new Set<string>();
  return engine.subscribe((m) => {
    if (m.type !== 'server-request' || m.request.sessionId !== session.id) return;
    const { method, requestId } = m.request;
    if (!noted.has(method)) {
      noted.add(method);
      notes.push(`the server asked the client for ${method}: answered with JSON-RPC error ${HEADLESS_ANSWER_CODE} at once (check is headless; no one to answer)`);
    }
    const error = { code: HEADLESS_ANSWER_CODE, message: `mcpscope check is headless: no one to answer ${method}` };
    queueMicrotask(() => session.answer(requestId, { error }, ORIGIN));
  });
}

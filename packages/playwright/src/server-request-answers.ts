import type { Engine, PendingServerRequest, ServerRequestAnswer, Session } from '@mcpscope/engine';
import type { ElicitationHandler, SamplingHandler, ServerRequestHandler } from './types.js';

/** The JSON-RPC error code of a refusal (the spec's sampling example uses -1 for "rejected"). */
const REFUSED = -1;

/**
 * The test answers the server's requests to the client (sampling, elicitation, on 2026-07-28 the
 * rounds of an `input_required` result, any other method) through handlers it sets on `mcp`.
 * A request with no handler is refused at once with an error that says how to answer it, and
 * noted once per method: held, it would stall the call that caused it until its timeout and the
 * server would be blamed for the silence. Handlers belong to one test (`reset`).
 */
export class ServerRequestAnswers {
  private handlers = new Map<string, ServerRequestHandler>();
  /** Methods refused since the last reset, in order. */
  readonly refused: string[] = [];

  constructor(private readonly onRefused: (method: string, why: string) => void = () => {}) {}

  on(method: string, handler: ServerRequestHandler): void {
    this.handlers.set(method, handler);
  }

  onSampling(handler: SamplingHandler): void {
    this.on('sampling/createMessage', async (params) => samplingResult(await handler(params)));
  }

  onElicitation(handler: ElicitationHandler): void {
    this.on('elicitation/create', async (params) => ({ ...(await handler(params)) }));
  }

  reset(): void {
    this.handlers = new Map();
    this.refused.length = 0;
  }

  /**
   * Answers the server requests of the session the engine opens next (its first `session`
   * message names it), from before its handshake; returns the unsubscribe.
   */
  attachToNext(engine: Engine): () => void {
    const known = new Set(engine.list().map((s) => s.id));
    let id: string | undefined;
    return engine.subscribe((m) => {
      if (m.type === 'session' && id === undefined && !known.has(m.session.id)) id = m.session.id;
      if (m.type !== 'server-request' || m.request.sessionId !== id) return;
      const session = engine.get(id);
      if (session) void this.answer(session, m.request);
    });
  }

  private async answer(session: Session, request: PendingServerRequest): Promise<void> {
    const handler = this.handlers.get(request.method);
    let answer: ServerRequestAnswer;
    if (!handler) {
      const hint = HINTS.get(request.method) ?? `mcp.onServerRequest('${request.method}', handler)`;
      const why = `the test set no handler for ${request.method}: answer it with ${hint}`;
      answer = { error: { code: REFUSED, message: `mcpscope test: ${why}` } };
      if (!this.refused.includes(request.method)) {
        this.refused.push(request.method);
        this.onRefused(request.method, why);
      }
    } else {
      try {
        answer = { result: await handler(paramsOf(request.params)) };
      } catch (err) {
        answer = { error: { code: REFUSED, message: err instanceof Error ? err.message : String(err) } };
      }
    }
    session.answer(request.requestId, answer, { by: 'user', reason: `test: answer ${request.method}` });
  }
}

const HINTS = new Map([
  ['sampling/createMessage', 'mcp.onSampling(handler)'],
  ['elicitation/create', 'mcp.onElicitation(handler)'],
]);

function paramsOf(params: unknown): Record<string, unknown> {
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
}

/** A string answer is the assistant's text reply. */
function samplingResult(answer: Record<string, unknown> | string): Record<string, unknown> {
  if (typeof answer !== 'string') return answer;
  return { role: 'assistant', content: { type: 'text', text: answer }, model: 'mcpscope-test', stopReason: 'endTurn' };
}

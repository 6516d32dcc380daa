import type { SessionEvent } from '@mcpscope/protocol';
import { strayOutput } from '../transports/stray-output.js';
import { EngineError } from './errors.js';

/**
 * A timed-out request's error, also saying what the server sent meanwhile instead of an answer
 * (stray-output.ts): a server that logs to stdout or answers another id is why most requests time
 * out, and the timeout alone does not say it. Any other error is returned as it is.
 */
export function explainTimeout(err: unknown, events: readonly SessionEvent[], sinceSeq: number): unknown {
  if (!(err instanceof EngineError) || err.code !== 'ENGINE_TIMEOUT') return err;
  const stray = strayOutput(events, { sinceSeq });
  if (stray.length === 0) return err;
  return new EngineError(err.code, `${err.message}. The server sent instead: ${stray.join('; ')}`, {
    sessionId: err.sessionId,
    cause: err.cause ?? err,
    data: { ...err.data, sentInstead: stray },
  });
}

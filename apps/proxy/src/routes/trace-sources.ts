import type { SessionEvent } from '@mcpscope/protocol';
import { indexTrace, iterateEvents, type Engine } from '@mcpscope/engine';
import { TraceError } from '@mcpscope/trace';
import type { Side } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';

export function storeOf(engine: Engine) {
  if (!engine.traces) throw new ProxyError('MCPSCOPE_ERR_NOT_FOUND', 'this mcpscope has no traces folder');
  return engine.traces;
}

/** Every event of a session (live, wrapped or offline) or of a saved trace, streamed from disk where they live there. */
export async function eventsOf(
  engine: Engine,
  side: Side,
): Promise<{ events: SessionEvent[]; header?: { createdAt: string; tool: { name: string; version: string } } }> {
  const out: SessionEvent[] = [];
  if ('traceId' in side) {
    // Lazy: iterateEvents parses (and validates) every event once; the index need not parse them first.
    const index = await indexTrace(storeOf(engine).path(side.traceId), 1000, { lazy: true }).catch((err) => {
      throw err instanceof TraceError ? new ProxyError('MCPSCOPE_ERR_BAD_TRACE', err.message) : err;
    });
    for await (const e of iterateEvents(index)) out.push(e);
    return { events: out, header: index.header };
  }
  const view = engine.view(side.sessionId);
  if (!view) throw new ProxyError('MCPSCOPE_ERR_SESSION_NOT_FOUND', `No session ${JSON.stringify(side.sessionId)}`);
  for await (const e of view.all()) out.push(e);
  return { events: out };
}

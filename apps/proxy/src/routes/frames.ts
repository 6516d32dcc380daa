import type { FastifyPluginAsync } from 'fastify';
import type { Engine, Session, SessionView } from '@mcpscope/engine';
import { FrameSearchQuerySchema, FramesQuerySchema } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { parseInput } from './parse.js';
import { SessionParamsSchema } from './sessions.js';

/** Any session, live or read-only: every view pages from disk the same way. */
export function viewOr404(engine: Engine, params: unknown): Session | SessionView {
  const { id } = parseInput(SessionParamsSchema, params, 'path parameters');
  const view = engine.view(id);
  if (!view) throw new ProxyError('MCPSCOPE_ERR_SESSION_NOT_FOUND', `No session ${JSON.stringify(id)}`);
  return view;
}

/**
 * /api/sessions/:id/frames: frames by ordinal (the k-th frame event of the session, 0-based,
 * the browser's numbering), older ones read back from disk; and a search over all of them.
 */
export const frameRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.get('/sessions/:id/frames', async (request) => {
    const view = viewOr404(engine, request.params);
    const { index, limit } = parseInput(FramesQuerySchema, request.query, 'query');
    const frames = await view.frames(index, limit);
    return { frames, total: view.pageInfo().frames };
  });

  app.get('/sessions/:id/frames/search', async (request) => {
    const view = viewOr404(engine, request.params);
    const q = parseInput(FrameSearchQuerySchema, request.query, 'query');
    return view.searchFrames(q);
  });
};

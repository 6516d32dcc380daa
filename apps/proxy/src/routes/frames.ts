import type { FastifyPluginAsync } from 'fastify';
import type { Engine } from '@mcpscope/engine';
import { FrameSearchQuerySchema, FramesQuerySchema } from '@mcpscope/wire';
import { parseInput } from './parse.js';
import { viewOr404 } from './sessions.js';

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

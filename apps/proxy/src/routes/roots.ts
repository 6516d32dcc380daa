import type { FastifyPluginAsync } from 'fastify';
import type { Engine } from '@mcpscope/engine';
import { RootsBodySchema } from '@mcpscope/wire';
import { originOf } from './origin.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

/**
 * /api/sessions/:id/roots: the roots the client exposes (answered to roots/list, or to the
 * roots/list embedded in a 2026-07-28 `input_required`). A PUT on a connected legacy-era session
 * sends notifications/roots/list_changed; 2026-07-28 has no such notification.
 */
export const rootRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.get('/sessions/:id/roots', async (request) => ({ roots: sessionOr404(engine, request.params).roots }));

  app.put('/sessions/:id/roots', async (request, reply) => {
    const session = sessionOr404(engine, request.params);
    const { roots } = parseInput(RootsBodySchema, request.body, 'request body');
    await session.setRoots(roots, originOf(request));
    return reply.code(204).send();
  });
};

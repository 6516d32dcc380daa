import type { FastifyPluginAsync } from 'fastify';
import type { Engine } from '@mcpscope/engine';
import { LogLevelBodySchema } from '@mcpscope/wire';
import { originOf } from './origin.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

/**
 * PUT /api/sessions/:id/log-level: legacy era, `logging/setLevel` (a JSON-RPC error from the
 * server is 502 MCPSCOPE_ERR_UPSTREAM_ERROR and the level stays as it was); 2026-07-28, the level
 * goes into the `_meta` of every later request of the session.
 */
export const logLevelRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.put('/sessions/:id/log-level', async (request, reply) => {
    const session = sessionOr404(engine, request.params);
    const { level } = parseInput(LogLevelBodySchema, request.body, 'request body');
    await session.setLogLevel(level, originOf(request));
    return reply.code(204).send();
  });
};

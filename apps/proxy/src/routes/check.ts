import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { checkSession, type Engine } from '@mcpscope/engine';
import { ProxyError } from '../errors.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

/** The options of `mcpscope check` that apply to a session that is already connected. */
const CheckBodySchema = z.strictObject({
  callTools: z.boolean().default(false),
  exercise: z.boolean().default(false),
  probe: z.boolean().default(true),
  timeoutMs: z.number().int().positive().max(600_000).default(15_000),
});

/**
 * POST /api/sessions/:id/check → `{ report }` (the engine's FindingsReport): `mcpscope check
 * --session` on a connected session, run here on the session itself. Its frames are mcpscope's
 * `check: exercise` as in a direct check; the report holds every finding of the session so far.
 */
export const checkRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.post('/sessions/:id/check', async (request) => {
    const session = sessionOr404(engine, request.params);
    const body = parseInput(CheckBodySchema, request.body ?? {}, 'request body');
    const { state } = session.info();
    if (state !== 'connected') throw new ProxyError('MCPSCOPE_ERR_NOT_CONNECTED', `Session ${JSON.stringify(session.id)} is ${state}`);
    return { report: await checkSession(session, body) };
  });
};

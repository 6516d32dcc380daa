import type { FastifyPluginAsync } from 'fastify';
import type { SessionCodes } from '../token.js';

/**
 * POST /api/browser-codes → 201 `{ code }`: a fresh single-use code for `#code=` (see token.ts),
 * minted for a holder of the token that is not this process: `mcpscope connect` and
 * `mcpscope sessions` print a link to a running mcpscope without ever printing its token.
 */
export const browserCodeRoutes: FastifyPluginAsync<{ codes: SessionCodes }> = async (app, { codes }) => {
  app.post('/browser-codes', async (_request, reply) => reply.code(201).send({ code: codes.mint() }));
};

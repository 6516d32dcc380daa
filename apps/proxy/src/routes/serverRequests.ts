import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Engine } from '@mcpscope/engine';
import { AnswerServerRequestBodySchema } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { originOf } from './origin.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

const AnswerParamsSchema = z.object({ id: z.string().min(1), requestId: z.string().min(1) });

/** Server→client requests (sampling, elicitation, roots…) waiting for the user's answer. */
export const serverRequestRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.get('/server-requests', async () => ({ requests: engine.pendingServerRequests() }));

  app.post('/sessions/:id/server-requests/:requestId', async (request, reply) => {
    const { requestId } = parseInput(AnswerParamsSchema, request.params, 'path parameters');
    const session = sessionOr404(engine, request.params);
    const answer = parseInput(AnswerServerRequestBodySchema, request.body, 'request body');
    if (!session.answer(requestId, answer, originOf(request))) {
      throw new ProxyError('MCPSCOPE_ERR_REQUEST_NOT_FOUND', `No pending request ${JSON.stringify(requestId)}`);
    }
    return reply.code(204).send();
  });
};

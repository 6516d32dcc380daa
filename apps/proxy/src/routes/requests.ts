import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Engine } from '@mcpscope/engine';
import { RequestBodySchema } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { originOf } from './origin.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

const CallParamsSchema = z.object({ id: z.string().min(1), callId: z.string().min(1) });

/**
 * /api/sessions/:id/requests: requests made through the engine's SDK client (so progress resets
 * the timeout and 2026-07-28 `input_required` rounds are answered through the server-request
 * queue). The reply is 200 with the outcome — a JSON-RPC error from the server is a payload,
 * not a proxy failure; 504 on timeout, 409 when not connected.
 */
export const requestRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.post('/sessions/:id/requests', async (request) => {
    const session = sessionOr404(engine, request.params);
    const body = parseInput(RequestBodySchema, request.body, 'request body');
    return session.request(body.method, body.params, {
      callId: body.callId,
      timeoutMs: body.timeoutMs,
      resetTimeoutOnProgress: body.resetTimeoutOnProgress,
      maxTotalTimeoutMs: body.maxTotalTimeoutMs,
      origin: originOf(request),
    });
  });

  app.delete('/sessions/:id/requests/:callId', async (request, reply) => {
    const { callId } = parseInput(CallParamsSchema, request.params, 'path parameters');
    const session = sessionOr404(engine, request.params);
    if (!session.cancelRequest(callId, originOf(request)))
      throw new ProxyError('MCPSCOPE_ERR_CALL_NOT_FOUND', `No running call ${JSON.stringify(callId)}`);
    return reply.code(204).send();
  });
};

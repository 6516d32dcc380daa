import type { FastifyPluginAsync } from 'fastify';
import type { Engine } from '@mcpscope/engine';
import { SendMessageBodySchema } from '@mcpscope/wire';
import { originOf } from './origin.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

/**
 * POST /api/sessions/:id/messages: send any JSON-RPC request or notification as given.
 * A JSON-RPC error answer is still a 200 with `response.error`: this is a debugger, the
 * server's error is the payload, not a proxy failure.
 */
export const messageRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.post('/sessions/:id/messages', async (request, reply) => {
    const session = sessionOr404(engine, request.params);
    const body = parseInput(SendMessageBodySchema, request.body, 'request body');
    const result = await session.send(body.message, {
      notification: body.notification,
      timeoutMs: body.timeoutMs,
      origin: originOf(request),
    });
    if (body.notification) return reply.code(202).send({});
    return reply.code(200).send(result);
  });
};

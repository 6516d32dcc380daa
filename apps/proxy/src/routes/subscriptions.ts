import type { FastifyPluginAsync } from 'fastify';
import type { Engine } from '@mcpscope/engine';
import { ListChangesBodySchema, SubscriptionBodySchema } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { originOf } from './origin.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

/**
 * /api/sessions/:id/subscriptions: resource subscriptions. Legacy era: resources/subscribe and
 * resources/unsubscribe; 2026-07-28: a subscriptions/listen stream per URI, closed with
 * notifications/cancelled. The updates arrive as frames.
 */
export const subscriptionRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.post('/sessions/:id/subscriptions', async (request, reply) => {
    const session = sessionOr404(engine, request.params);
    const { uri } = parseInput(SubscriptionBodySchema, request.body, 'request body');
    await session.subscribe(uri, originOf(request));
    return reply.code(204).send();
  });

  app.put('/sessions/:id/list-changes', async (request, reply) => {
    const session = sessionOr404(engine, request.params);
    const { listen } = parseInput(ListChangesBodySchema, request.body, 'request body');
    await session.watchListChanges(listen, originOf(request));
    return reply.code(204).send();
  });

  app.delete('/sessions/:id/subscriptions', async (request, reply) => {
    const session = sessionOr404(engine, request.params);
    const { uri } = parseInput(SubscriptionBodySchema, request.query, 'query');
    if (!(await session.unsubscribe(uri, originOf(request))))
      throw new ProxyError('MCPSCOPE_ERR_SUBSCRIPTION_NOT_FOUND', `Not subscribed to ${JSON.stringify(uri)}`);
    return reply.code(204).send();
  });
};

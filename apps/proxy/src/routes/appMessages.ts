import type { FastifyPluginAsync } from 'fastify';
import type { Engine } from '@mcpscope/engine';
import { APP_MESSAGES_BODY_LIMIT, AppMessagesBodySchema } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

/**
 * POST /api/sessions/:id/app-messages: the postMessage conversation between an MCP
 * App view and mcpscope's host side in the web, recorded as app-channel frames of the session
 * (seq/t, pairing, lint, trace, /ws) → 204. 404 unknown session, 409 one that is not live,
 * 400 a body of another shape.
 *
 * The messages are the app's data, not the web's: this plugin parses its JSON without the
 * app-wide refusal of `__proto__`/`constructor` keys, so one such message fails only its own
 * frame (the engine copies it as data, own keys only), not the batch.
 */
export const appMessageRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: APP_MESSAGES_BODY_LIMIT }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', 'The body is not JSON'), undefined);
    }
  });

  app.post('/sessions/:id/app-messages', { bodyLimit: APP_MESSAGES_BODY_LIMIT }, async (request, reply) => {
    const session = sessionOr404(engine, request.params);
    const { view, uri, messages } = parseInput(AppMessagesBodySchema, request.body, 'app messages');
    session.appMessages({ uri, view }, messages);
    return reply.code(204).send();
  });
};

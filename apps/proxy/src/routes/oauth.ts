import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Engine } from '@mcpscope/engine';
import {
  GuidedNextBodySchema,
  GuidedStartBodySchema,
  OAuthAuthorizeBodySchema,
  OAuthCallbackQuerySchema,
  type OAuthAuthorizeReply,
} from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { CallbackRefused, type PendingAuthorizations } from '../oauth/pending.js';
import { startAuthorization, statusOf } from '../oauth/session-oauth.js';
import { nextGuided, startGuided } from '../oauth/guided.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

interface OAuthRouteOptions {
  engine: Engine;
  pending: PendingAuthorizations;
}

/**
 * /api/sessions/:id/oauth: status, start an authorization (Quick or Guided: answers with the
 * URL the browser should open), Guided start/next (a pause before each step with its editable
 * inputs), step-up to a wider scope, sign out (RFC 7009 revocation).
 */
export const oauthRoutes: FastifyPluginAsync<OAuthRouteOptions> = async (app, { engine, pending }) => {
  app.get('/sessions/:id/oauth', async (request) => statusOf(sessionOr404(engine, request.params)));

  const start =
    (force: boolean) =>
    async (request: { params: unknown; body: unknown }): Promise<OAuthAuthorizeReply> => {
      const session = sessionOr404(engine, request.params);
      const body = parseInput(OAuthAuthorizeBodySchema, request.body ?? {}, 'request body');
      const authorizationUrl = await startAuthorization(session, pending, {
        config: body.config,
        scope: body.scope,
        force: force || body.force,
      });
      return { status: statusOf(session), ...(authorizationUrl ? { authorizationUrl } : {}) };
    };
  app.post('/sessions/:id/oauth/authorize', start(false));
  app.post('/sessions/:id/oauth/step-up', start(true));

  // Guided: start (discovery, then a pause) and next (the edited inputs of the next step).
  app.post('/sessions/:id/oauth/guided', async (request): Promise<OAuthAuthorizeReply> => {
    const session = sessionOr404(engine, request.params);
    const body = parseInput(GuidedStartBodySchema, request.body ?? {}, 'request body');
    await startGuided(session, pending, body.config);
    return { status: statusOf(session) };
  });
  app.post('/sessions/:id/oauth/guided/next', async (request): Promise<OAuthAuthorizeReply> => {
    const session = sessionOr404(engine, request.params);
    const body = parseInput(GuidedNextBodySchema, request.body ?? {}, 'request body');
    const authorizationUrl = await nextGuided(session, pending, body.inputs);
    return { status: statusOf(session), ...(authorizationUrl ? { authorizationUrl } : {}) };
  });

  app.post('/sessions/:id/oauth/signout', async (request) => {
    const session = sessionOr404(engine, request.params);
    if (!session.oauth) throw new ProxyError('MCPSCOPE_ERR_BAD_REQUEST', 'This session has no OAuth authorization');
    try {
      await session.oauth.signOut();
    } catch (err) {
      throw new ProxyError('MCPSCOPE_ERR_OAUTH_FAILED', (err as Error).message, { message: (err as Error).message });
    }
    return statusOf(session);
  });
};

const CLOSE_SCRIPT = 'window.close()';
const SCRIPT_HASH = createHash('sha256').update(CLOSE_SCRIPT).digest('base64');
/** The callback page runs one known script and loads nothing. */
export const CALLBACK_CSP = `default-src 'none'; script-src 'sha256-${SCRIPT_HASH}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const page = (title: string, text: string, close: boolean): string =>
  `<!doctype html><meta charset="utf-8"><title>mcpscope · ${title}</title>` +
  `<body style="font-family:system-ui,sans-serif;padding:2rem"><h1 style="font-size:1.2rem">${title}</h1><p>${text}</p>` +
  (close ? `<script>${CLOSE_SCRIPT}</script>` : '') +
  '</body>';

/**
 * GET /oauth/callback on mcpscope's own origin: the browser's redirect from the authorization
 * server. No Bearer token (a redirect cannot carry one) but the Host guard applies, and only a
 * `state` the engine issued and has not used is accepted. The page holds no token material.
 */
export const oauthCallbackRoute: FastifyPluginAsync<{ pending: PendingAuthorizations }> = async (app, { pending }) => {
  app.get('/oauth/callback', async (request, reply) => {
    reply.header('content-security-policy', CALLBACK_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const query = OAuthCallbackQuerySchema.safeParse(request.query);
    try {
      if (!query.success) throw new CallbackRefused('Malformed authorization response');
      pending.complete(query.data);
    } catch (err) {
      if (!(err instanceof CallbackRefused)) throw err;
      return reply.code(400).send(page('Authorization refused', escapeHtml(err.message), false));
    }
    const failed = query.data.error !== undefined;
    return reply.send(
      failed
        ? page(
            'Authorization failed',
            `The authorization server answered ${escapeHtml(query.data.error ?? '')}. Back in mcpscope, the OAuth tab shows the details.`,
            false,
          )
        : page('Authorization complete', 'mcpscope is finishing the token exchange. You can close this tab.', true),
    );
  });
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headlessUserAgent, type EngineMessage } from '@mcpscope/engine';
import { ApiErrorSchema, OAuthAuthorizeReplySchema, OAuthStatusSchema, RequestReplySchema } from '@mcpscope/wire';
import { startOAuthServers, type OAuthServers } from '../../../../e2e/fixtures/oauth-servers.js';
import { AUTH, HOST, makeApp, nextEngineMessage, PORT, type Harness } from '../../test-fixtures/harness.js';
import { redactUrl } from '../app.js';
import { CALLBACK_CSP } from './oauth.js';

let servers: OAuthServers;
let h: Harness;
beforeAll(async () => {
  [servers, h] = await Promise.all([startOAuthServers(), makeApp()]);
});
afterAll(async () => Promise.all([h?.close(), servers?.close()]));

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const callback = (query: string, host = HOST) => h.app.inject({ method: 'GET', url: `/oauth/callback?${query}`, headers: { host } });
const connected = (id: string) =>
  nextEngineMessage(h.engine, (m: EngineMessage) => m.type === 'session' && m.session.id === id && m.session.state === 'connected');

/** Drives the auto-approving authorization server like a browser, stopping at mcpscope's redirect URI. */
async function approve(authorizationUrl: string, redirectUrl: string): Promise<string> {
  const params = await headlessUserAgent()(new URL(authorizationUrl), redirectUrl);
  return new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][]).toString();
}

describe('/api/sessions/:id/oauth and /oauth/callback (oidc-provider + a protected MCP server)', () => {
  let id: string;
  let used: string;

  it('a 401 fails the connect with WWW-Authenticate; authorize answers the URL to open; the callback connects the session', async () => {
    const failed = await api('POST', '/sessions', { config: { transport: 'http', url: servers.mcpUrl } });
    expect(failed.statusCode).toBe(502);
    const details = ApiErrorSchema.parse(failed.json()).error.details as {
      sessionId: string;
      httpStatus: number;
      httpHeaders: Record<string, string>;
    };
    expect(details.httpStatus).toBe(401);
    expect(details.httpHeaders['www-authenticate']).toMatch(/resource_metadata=/);
    id = details.sessionId;
    expect(OAuthStatusSchema.parse((await api('GET', `/sessions/${id}/oauth`)).json())).toMatchObject({
      enabled: false,
      authorized: false,
    });

    const started = await api('POST', `/sessions/${id}/oauth/authorize`, { config: { scope: 'mcp:read' } });
    expect(started.statusCode).toBe(200);
    const reply = OAuthAuthorizeReplySchema.parse(started.json());
    const redirectUrl = `http://127.0.0.1:${PORT}/oauth/callback`;
    const url = new URL(reply.authorizationUrl!);
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(servers.mcpUrl);
    expect(reply.status).toMatchObject({ enabled: true, authorized: false, pendingAuthorizationUrl: reply.authorizationUrl, redirectUrl });
    // Asking again joins the waiting authorization.
    expect(OAuthAuthorizeReplySchema.parse((await api('POST', `/sessions/${id}/oauth/authorize`)).json()).authorizationUrl).toBe(
      reply.authorizationUrl,
    );

    used = await approve(reply.authorizationUrl!, redirectUrl);
    const isConnected = connected(id);
    const page = await callback(used);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CALLBACK_CSP);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Authorization complete');
    expect(page.body).not.toContain(new URLSearchParams(used).get('code')!);
    await isConnected;

    const status = OAuthStatusSchema.parse((await api('GET', `/sessions/${id}/oauth`)).json());
    expect(status).toMatchObject({ authorized: true, scope: expect.stringContaining('mcp:read') });
    expect(status.pendingAuthorizationUrl).toBeUndefined();
    const listed = RequestReplySchema.parse((await api('POST', `/sessions/${id}/requests`, { method: 'tools/list' })).json());
    expect(listed.outcome).toBe('result');
  });

  it('the callback: replayed or unknown state → 400, no state → 400, a foreign Host → 403, no token needed', async () => {
    expect((await callback(used)).statusCode).toBe(400);
    expect((await callback(used)).body).toContain('already used');
    expect((await callback('code=abc&state=never-issued')).statusCode).toBe(400);
    expect((await callback('code=abc')).statusCode).toBe(400);
    expect((await callback('code=abc&state=x', 'evil.example:80')).statusCode).toBe(403);
    expect(
      (await h.app.inject({ method: 'GET', url: '/oauth/callback?state=x', headers: { host: HOST, origin: 'http://evil.example' } }))
        .statusCode,
    ).toBe(403);
  });

  it('never shows a token, code, verifier or secret in the events; sign-out revokes', async () => {
    const session = h.engine.get(id)!;
    const tokens = session.oauth!.provider.currentTokens()!;
    const code = new URLSearchParams(used).get('code')!;
    const events = JSON.stringify((await api('GET', `/sessions/${id}/events`)).json());
    for (const secret of [tokens.access_token, tokens.refresh_token, code].filter(Boolean)) expect(events).not.toContain(secret);
    expect(events).not.toMatch(/"registration_access_token":"(?!\[REDACTED)/);
    expect(events).not.toMatch(/"authorization":"Bearer (?!\[REDACTED)/i);
    const steps = (JSON.parse(events).events as Array<{ type: string; step?: string }>)
      .filter((e) => e.type === 'oauth')
      .map((e) => e.step);
    expect(steps).toEqual(
      expect.arrayContaining([
        'protected-resource-metadata',
        'authorization-server-metadata',
        'client-registration',
        'authorization-request',
        'authorization-response',
        'token-exchange',
        'authorized',
      ]),
    );

    const out = await api('POST', `/sessions/${id}/oauth/signout`);
    expect(OAuthStatusSchema.parse(out.json())).toMatchObject({ authorized: false, hasRefreshToken: false });
    const after = (await api('GET', `/sessions/${id}/events`)).json().events as Array<{ type: string; step?: string }>;
    expect(after.filter((e) => e.type === 'oauth').map((e) => e.step)).toEqual(expect.arrayContaining(['revocation', 'signed-out']));
  });

  it('400 for a bad body or OAuth on a session without it; 404 for an unknown session', async () => {
    expect((await api('POST', `/sessions/${id}/oauth/authorize`, { config: { authMethod: 'magic' } })).statusCode).toBe(400);
    expect((await api('GET', '/sessions/nope/oauth')).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/api/sessions/${id}/oauth`, headers: { host: HOST } })).statusCode).toBe(401);
  });
});

describe('Guided: /oauth/guided and /oauth/guided/next pause between steps and apply the edits', () => {
  const paused = (id: string, stage: string) =>
    new Promise<void>((resolve) => {
      const stop = h.engine.get(id)!.log.subscribe((e) => {
        if (e.type === 'oauth' && e.step === 'guided-pause' && (e.detail as { stage?: string }).stage === stage) stop(), resolve();
      });
    });

  it('discovery → client (edited) → authorization URL → callback → token (edited auth method) → connected', async () => {
    const failed = await api('POST', '/sessions', { config: { transport: 'http', url: servers.mcpUrl } });
    const id = (ApiErrorSchema.parse(failed.json()).error.details as { sessionId: string }).sessionId;
    expect((await api('POST', `/sessions/${id}/oauth/guided/next`, { inputs: {} })).statusCode).toBe(409);

    const started = OAuthAuthorizeReplySchema.parse((await api('POST', `/sessions/${id}/oauth/guided`, {})).json());
    expect(started.status.guided).toMatchObject({
      stage: 'client',
      inputs: { resource: servers.mcpUrl, scope: 'mcp:read' },
      summary: { discovery: { issuer: servers.issuer } },
    });
    expect(OAuthStatusSchema.parse((await api('GET', `/sessions/${id}/oauth`)).json()).guided?.editable).toContain('clientId');

    const post = servers.clients.post;
    const client = OAuthAuthorizeReplySchema.parse(
      (
        await api('POST', `/sessions/${id}/oauth/guided/next`, {
          inputs: { scope: 'mcp:read mcp:write', clientId: post.id, clientSecret: post.secret },
        })
      ).json(),
    );
    expect(client.status.guided).toMatchObject({ stage: 'authorization', inputs: { authMethod: 'client_secret_basic' } });
    expect(JSON.stringify(client)).not.toContain(post.secret);

    const auth = OAuthAuthorizeReplySchema.parse((await api('POST', `/sessions/${id}/oauth/guided/next`, { inputs: {} })).json());
    expect(auth.status.guided?.stage).toBe('waiting');
    expect(new URL(auth.authorizationUrl!).searchParams.get('scope')).toContain('mcp:read mcp:write');
    const atToken = paused(id, 'token');
    expect((await callback(await approve(auth.authorizationUrl!, `http://127.0.0.1:${PORT}/oauth/callback`))).statusCode).toBe(200);
    await atToken;
    const callbackStatus = OAuthStatusSchema.parse((await api('GET', `/sessions/${id}/oauth`)).json());
    expect(callbackStatus.guided).toMatchObject({
      stage: 'token',
      editable: ['authMethod'],
      summary: { callback: { code: '[REDACTED]' } },
    });
    expect(callbackStatus.authorized).toBe(false);

    const isConnected = connected(id);
    const done = OAuthAuthorizeReplySchema.parse(
      (await api('POST', `/sessions/${id}/oauth/guided/next`, { inputs: { authMethod: 'client_secret_post' } })).json(),
    );
    expect(done.status).toMatchObject({ authorized: true, guided: { stage: 'authorized' } });
    await isConnected;
    const events = (await api('GET', `/sessions/${id}/events`)).json().events as Array<{
      type: string;
      step?: string;
      detail?: { request?: { body?: Record<string, string>; headers?: Record<string, string> } };
    }>;
    const tok = events.find((e) => e.type === 'oauth' && e.step === 'token-exchange')!.detail!.request!;
    expect(tok.body!.client_secret).toBe('[REDACTED]');
    expect(tok.headers!.authorization).toBeUndefined();
    expect((await api('POST', `/sessions/${id}/oauth/guided/next`, { inputs: { authMethod: 'magic' } })).statusCode).toBe(400);
    expect((await api('POST', `/sessions/${id}/oauth/guided/next`, { inputs: {} })).statusCode).toBe(409);
  });
});

describe('the proxy logger', () => {
  it('redacts the callback code and state and the /ws token from logged URLs', () => {
    expect(redactUrl('/oauth/callback?code=abc&state=s1&iss=http%3A%2F%2Fas')).toBe(
      '/oauth/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fas',
    );
    expect(redactUrl('/ws?token=t')).toBe('/ws?token=[redacted]');
  });
});

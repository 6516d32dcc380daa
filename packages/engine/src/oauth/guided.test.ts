import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthEvent } from '@mcpscope/protocol';
import { startOAuthServers, WRITE_TOOL, type OAuthServers } from '../../../../e2e/fixtures/oauth-servers.js';
import { Engine } from '../session/engine.js';
import type { Session } from '../session/session.js';
import { headlessUserAgent } from './headless-agent.js';
import { OAuthRunner } from './runner.js';
import type { OAuthConfig } from './types.js';

let servers: OAuthServers;
let engine: Engine;
beforeAll(async () => {
  servers = await startOAuthServers();
});
afterAll(async () => servers?.close());
afterEach(async () => engine?.closeAll());

const steps = (s: Session) => s.events().filter((e): e is OAuthEvent => e.type === 'oauth');
const detailOf = (s: Session, step: string) =>
  steps(s)
    .filter((e) => e.step === step)
    .at(-1)?.detail as Record<string, any>;

/** A session whose connect failed with 401, and a runner for the Guided flow (as the proxy builds it). */
async function failedSession(config: OAuthConfig = {}): Promise<{ session: Session; runner: OAuthRunner }> {
  engine = new Engine();
  const error = await engine
    .open({ transport: 'http', url: servers.mcpUrl, headers: {} }, { watchListChanges: false })
    .catch((e: { sessionId?: string }) => e);
  const session = engine.get((error as { sessionId: string }).sessionId)!;
  expect(session.info().state).toBe('failed');
  const c = session.config as { oauth?: OAuthConfig };
  c.oauth = { redirectUrl: 'http://127.0.0.1/oauth/callback', ...config };
  session.oauth = new OAuthRunner({
    serverUrl: servers.mcpUrl,
    config: c.oauth,
    userAgent: headlessUserAgent(),
    emit: (step, detail) => session.log.add({ type: 'oauth', step, detail }),
  });
  return { session, runner: session.oauth };
}

describe('Guided OAuth: pauses between steps and applies the edits (oidc-provider)', () => {
  it('discovery → edit scope and client → authorization → edit auth method → token exchange; the session connects and refreshes', async () => {
    const { session, runner } = await failedSession();
    const afterDiscovery = await runner.startGuided();
    expect(afterDiscovery.stage).toBe('client');
    expect(afterDiscovery.editable).toEqual(expect.arrayContaining(['scope', 'resource', 'clientId', 'authMethod']));
    expect(afterDiscovery.summary.discovery).toMatchObject({ issuer: servers.issuer, pkce: ['S256'] });
    expect(afterDiscovery.inputs.resource).toBe(servers.mcpUrl);
    expect(steps(session).map((e) => e.step)).toEqual(
      expect.arrayContaining(['protected-resource-metadata', 'authorization-server-metadata', 'guided-pause']),
    );
    expect(steps(session).map((e) => e.step)).not.toContain('authorization-request');

    const post = servers.clients.post;
    const afterClient = await runner.guided!.next({ scope: 'mcp:read mcp:write', clientId: post.id, clientSecret: post.secret });
    expect(afterClient.stage).toBe('authorization');
    expect(afterClient.summary.client).toMatchObject({ mode: 'pre-registered', client_id: post.id });
    expect(afterClient.inputs.redirectUrl).toBe('http://127.0.0.1/oauth/callback');
    // The SDK would authenticate a client with a secret with Basic: that is the default to edit.
    expect(afterClient.inputs.authMethod).toBe('client_secret_basic');
    expect(JSON.stringify(afterClient)).not.toContain(post.secret);

    const afterCallback = await runner.guided!.next({});
    expect(afterCallback.stage).toBe('token');
    expect(afterCallback.editable).toEqual(['authMethod']);
    expect(afterCallback.summary.callback).toMatchObject({ code: '[REDACTED]', state: 'matches the request' });
    const request = detailOf(session, 'authorization-request').params as Record<string, string>;
    expect(request.scope).toContain('mcp:read mcp:write');
    expect(request.code_challenge_method).toBe('S256');
    expect(request.resource).toBe(servers.mcpUrl);
    expect(request.client_id).toBe(post.id);
    expect(steps(session).map((e) => e.step)).not.toContain('token-exchange');

    const done = await runner.guided!.next({ authMethod: 'client_secret_post' });
    expect(done.stage).toBe('authorized');
    const tok = detailOf(session, 'token-exchange') as {
      request: { body: Record<string, string>; headers: Record<string, string> };
      response: { status: number };
    };
    expect(tok.response.status).toBe(200);
    expect(tok.request.body.client_secret).toBe('[REDACTED]');
    expect(tok.request.body.resource).toBe(servers.mcpUrl);
    expect(tok.request.headers.authorization).toBeUndefined();
    expect(runner.status()).toMatchObject({ authorized: true, issuer: servers.issuer, hasRefreshToken: true, clientId: post.id });
    expect(runner.status().scope).toContain('mcp:write');

    // The session uses these tokens exactly as after Quick: connect, a write-scoped call, refresh.
    await session.connect({ watchListChanges: false });
    expect((await session.request('tools/call', { name: WRITE_TOOL, arguments: { a: 2, b: 3 } })).outcome).toBe('result');
    runner.provider.currentTokens()!.expires_at = Date.now() - 1;
    const before = runner.provider.currentTokens()!.access_token;
    expect(await runner.token()).not.toBe(before);
    const refresh = detailOf(session, 'token-refresh') as { request: { body: Record<string, string> }; response: { status: number } };
    expect(refresh.response.status).toBe(200);
    expect(refresh.request.body.client_secret).toBe('[REDACTED]');
    expect(JSON.stringify(session.events())).not.toContain(post.secret);
  });

  it('Dynamic Client Registration with application_type web, then next() outside a pause is refused', async () => {
    const { session, runner } = await failedSession();
    await runner.startGuided();
    const afterClient = await runner.guided!.next({ applicationType: 'web' });
    expect(afterClient.summary.client).toMatchObject({ mode: 'dynamic-client-registration' });
    const reg = detailOf(session, 'client-registration').request as { body: Record<string, unknown> };
    expect(reg.body.application_type).toBe('web');
    await runner.guided!.next({});
    const done = await runner.guided!.next({});
    expect(done.stage).toBe('authorized');
    await expect(runner.guided!.next({})).rejects.toThrow(/not paused/);
  });

  it('a state that does not match fails the step with a finding', async () => {
    const { session, runner } = await failedSession();
    const agent = headlessUserAgent();
    (runner as unknown as { options: { userAgent: typeof agent } }).options.userAgent = async (url, redirect) => ({
      ...(await agent(url, redirect)),
      state: 'forged',
    });
    await runner.startGuided();
    await runner.guided!.next({});
    const failed = await runner.guided!.next({});
    expect(failed.stage).toBe('failed');
    expect(failed.error).toMatch(/state mismatch/);
    expect(steps(session).map((e) => e.step)).toContain('state-mismatch');
  });
});

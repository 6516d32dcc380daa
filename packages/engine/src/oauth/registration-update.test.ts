import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OAuthEvent } from '@mcpscope/protocol';
import { startOAuthServers, WRITE_TOOL, type OAuthServers, type OAuthServersOptions } from '../../../../e2e/fixtures/oauth-servers.js';
import { Engine } from '../session/engine.js';
import type { Session } from '../session/session.js';
import { headlessUserAgent } from './headless-agent.js';
import { OAuthRunner } from './runner.js';
import type { OAuthConfig } from './types.js';

/**
 * Scope step-up: oidc-provider holds a dynamically registered client to the scope it
 * registered; a step-up beyond it must widen the registration (RFC 7592 update, else RFC 7591
 * again) before the authorization, or the server answers invalid_scope.
 */
let servers: OAuthServers | undefined;
let engine: Engine | undefined;
afterEach(async () => {
  await engine?.closeAll();
  await servers?.close();
  engine = servers = undefined;
});

const held: OAuthServersOptions = { enforceRegisteredScope: true, callsNeedWrite: true };
const steps = (s: Session) => s.events().filter((e): e is OAuthEvent => e.type === 'oauth');
const names = (s: Session) => steps(s).map((e) => e.step);
const after = (s: Session, step: string) => steps(s).slice(names(s).lastIndexOf(step));
const detail = (s: Session, step: string) =>
  steps(s)
    .filter((e) => e.step === step)
    .at(-1)?.detail as Record<string, any>;
const call = (s: Session) => s.request('tools/call', { name: WRITE_TOOL, arguments: { a: 2, b: 3 } });

async function open(options: OAuthServersOptions, oauth: OAuthConfig = {}): Promise<Session> {
  servers = await startOAuthServers(options);
  engine = new Engine();
  const s = await engine.open(
    { transport: 'http', url: servers.mcpUrl, headers: {}, oauth },
    { oauthUserAgent: headlessUserAgent(), watchListChanges: false },
  );
  expect((await s.request('tools/list', {})).outcome).toBe('result');
  expect(detail(s, 'client-registration').request.body.scope).toBe('mcp:read offline_access');
  return s;
}

/** The client as the authorization server has it now (RFC 7592 read). */
async function serverSide(s: Session): Promise<Record<string, unknown>> {
  const c = s.oauth!.provider.clientInfo() as Record<string, string>;
  const res = await fetch(c.registration_client_uri!, { headers: { authorization: `Bearer ${c.registration_access_token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('step-up beyond the registered scope (real oidc-provider)', () => {
  it('without the fix the server answers invalid_scope: a new authorization with the old registration is refused', async () => {
    const s = await open(held);
    // What the runner did before: authorize for the union with the registration unchanged.
    const client = s.oauth!.provider.clientInfo()!;
    const agent = headlessUserAgent();
    const url = new URL(String(detail(s, 'authorization-request').url));
    url.searchParams.set('scope', 'mcp:read mcp:write offline_access');
    url.searchParams.set('state', 'repro');
    const answer = await agent(url, 'http://127.0.0.1/oauth/callback');
    expect(client.client_id).toBe(url.searchParams.get('client_id'));
    expect(answer).toMatchObject({ error: 'invalid_scope', error_description: 'requested scope is not allowed' });
  });

  it('with RFC 7592 management: updates the registration in place (PUT), then authorizes for the union; the call succeeds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcpscope-reg-'));
    const tokenFile = join(dir, 'tokens.json');
    const s = await open({ ...held, registrationManagement: true }, { tokenFile });
    const before = { ...(s.oauth!.provider.clientInfo() as Record<string, string>) };
    expect(before.registration_client_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reg\//);

    const out = await call(s);
    expect(out.outcome).toBe('result');
    const up = after(s, 'step-up').map((e) => e.step);
    expect(up).toEqual(
      expect.arrayContaining([
        'registration-scope',
        'client-registration-update',
        'registration-widened',
        'authorization-request',
        'token-exchange',
        'authorized',
      ]),
    );
    expect(up.indexOf('registration-widened')).toBeLessThan(up.indexOf('authorization-request'));
    // Bounded: one update, no new registration.
    expect(up.filter((x) => x === 'client-registration-update' || x === 'client-registration')).toEqual(['client-registration-update']);

    expect(detail(s, 'registration-scope')).toMatchObject({
      path: 'update',
      registeredScope: 'mcp:read offline_access',
      missing: ['mcp:write'],
    });
    expect(detail(s, 'registration-scope').why).toContain('RFC 7592');
    const put = detail(s, 'client-registration-update');
    expect(put.request.method).toBe('PUT');
    expect(put.request.url).toBe(before.registration_client_uri);
    expect(put.request.headers.authorization).toBe('[REDACTED]');
    // RFC 7592 §2.2: all metadata as returned, the client_id, never the management fields.
    expect(put.request.body).toMatchObject({
      client_id: before.client_id,
      scope: 'mcp:read offline_access mcp:write',
      redirect_uris: ['http://127.0.0.1/oauth/callback'],
      token_endpoint_auth_method: 'none',
    });
    for (const k of ['registration_access_token', 'registration_client_uri', 'client_id_issued_at', 'client_secret_expires_at'])
      expect(put.request.body).not.toHaveProperty(k);
    expect(put.response.status).toBe(200);
    expect(put.response.body.registration_access_token).toBe('[REDACTED]');
    expect(detail(s, 'registration-widened')).toMatchObject({
      path: 'update',
      clientId: before.client_id,
      scope: 'mcp:read offline_access mcp:write',
      rotatedRegistrationAccessToken: true,
      newSecret: false,
    });
    expect(detail(s, 'authorization-request').params.scope).toBe('mcp:read mcp:write offline_access');

    // The server has the wider registration; the rotated token is the one kept (and stored 0600).
    const now = s.oauth!.provider.clientInfo() as Record<string, string>;
    expect(now.client_id).toBe(before.client_id);
    expect(now.registration_access_token).not.toBe(before.registration_access_token);
    expect((await serverSide(s)).scope).toBe('mcp:read offline_access mcp:write');
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    const stored = Object.values(JSON.parse(await readFile(tokenFile, 'utf8')) as Record<string, { client: Record<string, string> }>)[0]!
      .client;
    expect(stored).toMatchObject({
      client_id: before.client_id,
      scope: 'mcp:read offline_access mcp:write',
      registration_access_token: now.registration_access_token,
    });
    const events = JSON.stringify(s.events());
    for (const secret of [before.registration_access_token!, now.registration_access_token!]) expect(events).not.toContain(secret);

    // A second write call needs no step-up and no registration change.
    const count = steps(s).length;
    expect((await call(s)).outcome).toBe('result');
    expect(
      steps(s)
        .slice(count)
        .map((e) => e.step),
    ).not.toContain('registration-scope');
  });

  it('a confidential registered client (client_secret_post): the update keeps its secret, which never reaches an event', async () => {
    const s = await open({ ...held, registrationManagement: true }, { authMethod: 'client_secret_post' });
    const secret = (s.oauth!.provider.clientInfo() as Record<string, string>).client_secret!;
    expect(secret).toBeTruthy();
    expect((await call(s)).outcome).toBe('result');
    const put = detail(s, 'client-registration-update');
    expect(put.request.body).not.toHaveProperty('client_secret');
    expect(put.request.body.token_endpoint_auth_method).toBe('client_secret_post');
    expect(put.response.body.client_secret).toBe('[REDACTED]');
    expect(detail(s, 'registration-widened')).toMatchObject({ path: 'update', newSecret: false });
    expect(detail(s, 'token-exchange').request.body.client_secret).toBe('[REDACTED]');
    expect((s.oauth!.provider.clientInfo() as Record<string, string>).client_secret).toBe(secret);
    expect(JSON.stringify(s.events())).not.toContain(secret);
  });

  it('a read-only client configuration endpoint (no RFC 7592 update): the PUT fails, the client registers again once with the union', async () => {
    const s = await open(held);
    const before = s.oauth!.provider.clientId();
    expect((await call(s)).outcome).toBe('result');
    const up = after(s, 'step-up');
    expect(up.map((e) => e.step).filter((x) => x === 'client-registration-update' || x === 'client-registration')).toEqual([
      'client-registration-update',
      'client-registration',
    ]);
    expect(
      (up.find((e) => e.step === 'client-registration-update')!.detail as { response: { status: number } }).response.status,
    ).toBeGreaterThanOrEqual(400);
    const widened = detail(s, 'registration-widened');
    expect(widened).toMatchObject({ path: 're-register', previousClientId: before, scope: 'mcp:read offline_access mcp:write' });
    expect(widened.updateFailed).toMatch(/HTTP 40\d/);
    expect(widened.clientId).not.toBe(before);
    expect(s.oauth!.provider.clientId()).toBe(widened.clientId);
    expect(detail(s, 'authorization-request').params.client_id).toBe(widened.clientId);
  });

  it('no registration_client_uri at all: registers again with the union (RFC 7591), replacing the stored client', async () => {
    const s = await open({ ...held, registrationAccessToken: false });
    const before = s.oauth!.provider.clientId();
    expect((await call(s)).outcome).toBe('result');
    expect(detail(s, 'registration-scope')).toMatchObject({ path: 're-register' });
    expect(detail(s, 'registration-scope').why).toContain('no registration_client_uri');
    const up = after(s, 'step-up').map((e) => e.step);
    expect(up).not.toContain('client-registration-update');
    expect(up.filter((x) => x === 'client-registration')).toHaveLength(1);
    expect(detail(s, 'client-registration').request.body.scope).toBe('mcp:read offline_access mcp:write');
    expect(detail(s, 'registration-widened')).toMatchObject({ path: 're-register', previousClientId: before });
    expect(s.oauth!.provider.clientId()).not.toBe(before);
  });

  it('Guided: a session authorized with the Guided flow steps up with it; the pause before the client step says which path and why', async () => {
    servers = await startOAuthServers({ ...held, registrationManagement: true });
    engine = new Engine();
    const error = await engine
      .open({ transport: 'http', url: servers.mcpUrl, headers: {} }, { watchListChanges: false })
      .catch((e: { sessionId?: string }) => e);
    const session = engine.get((error as { sessionId: string }).sessionId)!;
    const c = session.config as { oauth?: OAuthConfig };
    c.oauth = { redirectUrl: 'http://127.0.0.1/oauth/callback' };
    const runner = (session.oauth = new OAuthRunner({
      serverUrl: servers.mcpUrl,
      config: c.oauth,
      userAgent: headlessUserAgent(),
      emit: (step, d) => session.log.add({ type: 'oauth', step, detail: d }),
    }));
    await runner.startGuided();
    expect((await runner.guided!.next({ scope: 'mcp:read' })).summary.client).toMatchObject({ mode: 'dynamic-client-registration' });
    await runner.guided!.next({});
    expect((await runner.guided!.next({})).stage).toBe('authorized');
    await session.connect({ watchListChanges: false });
    expect((await session.request('tools/list', {})).outcome).toBe('result');
    const first = runner.guided;

    const pending = call(session);
    await vi.waitFor(() => expect(runner.guided !== first && runner.guided?.state().stage === 'client').toBe(true), { timeout: 15_000 });
    const pause = runner.guided!.state();
    expect(pause.editable).toEqual(['scope', 'resource']);
    expect(pause.inputs.scope).toBe('mcp:read mcp:write');
    expect(pause.next).toContain('update the registration in place (RFC 7592');
    expect(pause.summary.stepUp).toMatchObject({
      requiredScope: 'mcp:read mcp:write',
      registration: { path: 'update', registeredScope: 'mcp:read', why: expect.stringContaining('mcp:write') },
    });
    expect(names(session).slice(names(session).lastIndexOf('step-up'))).not.toContain('client-registration-update');

    const ready = await runner.guided!.next({});
    expect(ready.stage).toBe('authorization');
    expect(ready.summary.registration).toMatchObject({ path: 'update', scope: 'mcp:read mcp:write', rotatedRegistrationAccessToken: true });
    expect(ready.summary.client).toMatchObject({ mode: 'registered client (kept for the step-up)' });
    expect(JSON.stringify(ready)).not.toContain((runner.provider.clientInfo() as Record<string, string>).registration_access_token);
    await runner.guided!.next({});
    expect((await runner.guided!.next({})).stage).toBe('authorized');
    const out = await pending;
    expect(out.outcome).toBe('result');
    expect(detail(session, 'authorization-request').params.scope).toBe('mcp:read mcp:write');
  });

  it('Guided: a step-up replaced by a newer Guided authorization fails the waiting call instead of hanging', async () => {
    servers = await startOAuthServers({ ...held, registrationManagement: true });
    engine = new Engine();
    const error = await engine
      .open({ transport: 'http', url: servers.mcpUrl, headers: {} }, { watchListChanges: false })
      .catch((e: { sessionId?: string }) => e);
    const session = engine.get((error as { sessionId: string }).sessionId)!;
    const c = session.config as { oauth?: OAuthConfig };
    c.oauth = { redirectUrl: 'http://127.0.0.1/oauth/callback' };
    const runner = (session.oauth = new OAuthRunner({
      serverUrl: servers.mcpUrl,
      config: c.oauth,
      userAgent: headlessUserAgent(),
      emit: (step, d) => session.log.add({ type: 'oauth', step, detail: d }),
    }));
    await runner.startGuided();
    await runner.guided!.next({ scope: 'mcp:read' });
    await runner.guided!.next({});
    await runner.guided!.next({});
    await session.connect({ watchListChanges: false });
    const first = runner.guided;
    const pending = call(session);
    await vi.waitFor(() => expect(runner.guided !== first && runner.guided?.state().stage === 'client').toBe(true), { timeout: 15_000 });
    const stepUp = runner.guided!;
    const failed = expect(pending).rejects.toThrow(/replaced/);
    await runner.startGuided();
    await expect(stepUp.finished).resolves.toMatchObject({ stage: 'failed', error: expect.stringContaining('replaced') });
    await failed;
  });
});

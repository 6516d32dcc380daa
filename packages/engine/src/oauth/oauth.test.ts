import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthEvent } from '@mcpscope/protocol';
import { startOAuthServers, WRITE_TOOL, type OAuthServers } from '../../../../e2e/fixtures/oauth-servers.js';
import { Engine } from '../session/engine.js';
import type { Session } from '../session/session.js';
import { headlessUserAgent } from './headless-agent.js';
import type { OAuthConfig } from './types.js';

let servers: OAuthServers;
let engine: Engine;
beforeAll(async () => {
  servers = await startOAuthServers();
});
afterAll(async () => servers?.close());
afterEach(async () => engine?.closeAll());

const steps = (s: Session) => s.events().filter((e): e is OAuthEvent => e.type === 'oauth');
const stepNames = (s: Session) => steps(s).map((e) => e.step);

async function open(oauth: OAuthConfig, record?: string): Promise<Session> {
  engine = new Engine();
  return engine.open(
    { transport: 'http', url: servers.mcpUrl, headers: {}, oauth },
    { oauthUserAgent: headlessUserAgent(), record, watchListChanges: false },
  );
}

describe('OAuth runner against oidc-provider and a real resource server', () => {
  it('quick flow: 401 → PRM → AS metadata → DCR → PKCE authorization with resource → token → tools/list', async () => {
    const s = await open({ scope: 'mcp:read' });
    const out = await s.request('tools/list', {});
    expect(out.outcome).toBe('result');
    const names = stepNames(s);
    for (const step of [
      'unauthorized',
      'protected-resource-metadata',
      'authorization-server-metadata',
      'client-registration',
      'authorization-request',
      'authorization-response',
      'token-exchange',
      'authorized',
    ]) {
      expect(names).toContain(step);
    }
    const req = steps(s).find((e) => e.step === 'authorization-request')!.detail!.params as Record<string, string>;
    expect(req.code_challenge_method).toBe('S256');
    expect(req.resource).toBe(servers.mcpUrl);
    expect(req.state).toBeTruthy();
    const reg = steps(s).find((e) => e.step === 'client-registration')!.detail!.request as { body: Record<string, unknown> };
    expect(reg.body.redirect_uris).toEqual(['http://127.0.0.1/oauth/callback']);
    expect(reg.body.application_type).toBe('native');
    const tok = steps(s).find((e) => e.step === 'token-exchange')!.detail as {
      request: { body: Record<string, string> };
      response: { status: number; body: Record<string, unknown> };
    };
    expect(tok.request.body.resource).toBe(servers.mcpUrl);
    expect(tok.request.body.code).toBe('[REDACTED]');
    expect(tok.request.body.code_verifier).toBe('[REDACTED]');
    expect(tok.response.status).toBe(200);
    expect(tok.response.body.access_token).toBe('[REDACTED]');
    expect(s.oauth!.status()).toMatchObject({ authorized: true, issuer: servers.issuer, hasRefreshToken: true });
  });

  it('refreshes an expiring token without a new authorization', async () => {
    const s = await open({ scope: 'mcp:read' });
    await s.request('tools/list', {});
    const before = s.oauth!.provider.currentTokens()!;
    before.expires_at = Date.now() - 1;
    const fresh = await s.oauth!.token();
    expect(fresh).not.toBe(before.access_token);
    expect(stepNames(s)).toContain('token-refresh');
    expect(stepNames(s).filter((x) => x === 'authorization-request')).toHaveLength(1);
    expect((await s.request('tools/list', {})).outcome).toBe('result');
  });

  it('steps up on 403 insufficient_scope with a fresh authorization for the wider scope, never a refresh', async () => {
    const s = await open({ scope: 'mcp:read' });
    const out = await s.request('tools/call', { name: WRITE_TOOL, arguments: { a: 2, b: 3 } });
    expect(out.outcome).toBe('result');
    const names = stepNames(s);
    const up = names.indexOf('step-up');
    expect(up).toBeGreaterThan(0);
    expect(names.slice(up)).toContain('authorization-request');
    expect(names.slice(up)).not.toContain('token-refresh');
    expect(s.oauth!.status().scope).toContain('mcp:write');
  });

  it('client_credentials with client_secret_basic, and private_key_jwt', async () => {
    const m = servers.clients.machine;
    const s = await open({
      grant: 'client_credentials',
      clientId: m.id,
      clientSecret: m.secret,
      scope: 'mcp:read',
      authMethod: 'client_secret_basic',
    });
    expect((await s.request('tools/list', {})).outcome).toBe('result');
    const tok = steps(s).find((e) => e.step === 'token-client-credentials')!.detail as { request: { headers: Record<string, string> } };
    expect(tok.request.headers.authorization).toBe('[REDACTED]');
    await engine.closeAll();
    const j = servers.clients.jwt;
    const s2 = await open({
      grant: 'client_credentials',
      clientId: j.id,
      authMethod: 'private_key_jwt',
      privateKeyJwk: j.privateJwk,
      scope: 'mcp:read',
    });
    expect((await s2.request('tools/list', {})).outcome).toBe('result');
    const tok2 = steps(s2).find((e) => e.step === 'token-client-credentials')!.detail as { request: { body: Record<string, string> } };
    expect(tok2.request.body.client_assertion_type).toContain('jwt-bearer');
    expect(tok2.request.body.client_assertion).toBe('[REDACTED]');
  });

  it('pre-registered confidential client (client_secret_basic) and DCR with client_secret_post', async () => {
    const c = servers.clients.confidential;
    const s = await open({ clientId: c.id, clientSecret: c.secret, scope: 'mcp:read' });
    expect((await s.request('tools/list', {})).outcome).toBe('result');
    expect(stepNames(s)).not.toContain('client-registration');
    await engine.closeAll();
    const s2 = await open({ scope: 'mcp:read', authMethod: 'client_secret_post' });
    expect((await s2.request('tools/list', {})).outcome).toBe('result');
    const tok = steps(s2).find((e) => e.step === 'token-exchange')!.detail as {
      request: { body: Record<string, string>; headers: Record<string, string> };
    };
    expect(tok.request.body.client_secret).toBe('[REDACTED]');
    expect(tok.request.headers.authorization).toBeUndefined();
  });

  it('revokes on sign-out: the refresh token no longer works', async () => {
    const s = await open({ scope: 'mcp:read' });
    await s.request('tools/list', {});
    const old = { ...s.oauth!.provider.currentTokens()! };
    await s.oauth!.signOut();
    expect(stepNames(s)).toContain('revocation');
    expect(s.oauth!.status().authorized).toBe(false);
    await s.oauth!.provider.saveTokens({ ...old, expires_in: 0 });
    s.oauth!.provider.currentTokens()!.expires_at = Date.now() - 1;
    const refreshed = steps(s).length;
    await s.oauth!.token();
    const after = steps(s).slice(refreshed);
    const refresh = after.find((e) => e.step === 'token-refresh')!.detail as { response: { status: number } };
    expect(refresh.response.status).toBe(400);
  });

  it('persists tokens 0600 keyed by issuer and resource, and never writes a secret to the trace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcpscope-oauth-'));
    const tokenFile = join(dir, 'tokens.json');
    const trace = join(dir, 'trace.ndjson');
    const c = servers.clients.confidential;
    const s = await open({ clientId: c.id, clientSecret: c.secret, scope: 'mcp:read', tokenFile }, trace);
    await s.request('tools/list', {});
    const t = s.oauth!.provider.currentTokens()!;
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(tokenFile, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(saved)).toEqual([`${servers.issuer} ${servers.mcpUrl}`]);
    await engine.closeAll();
    const text = await readFile(trace, 'utf8');
    expect(text).toContain('"type":"oauth"');
    for (const secret of [t.access_token, t.refresh_token!, c.secret]) expect(text).not.toContain(secret);
    const codes = s.events().flatMap((e) => (e.type === 'oauth' ? [JSON.stringify(e)] : []));
    for (const secret of [t.access_token, t.refresh_token!, c.secret]) expect(codes.join('\n')).not.toContain(secret);
    expect(codes.join('\n')).not.toMatch(/[?&]code=(?!\[REDACTED\])/);
  });
});

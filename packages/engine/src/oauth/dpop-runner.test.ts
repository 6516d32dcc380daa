import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAuthRunner } from './runner.js';

/**
 * RFC 9449 end to end against real HTTP servers on 127.0.0.1: a DPoP authorization server and a
 * DPoP resource server (two origins, so two nonce slots), both demanding a server nonce (§8,
 * §9), verifying every proof with jose: signature with the header's key, typ, htm, htu, iat,
 * ath, and the token bound to the key's thumbprint.
 */
let server: Server;
let asServer: Server;
let origin: string;
let asOrigin: string;
let bindTokens = true;
const seen: Array<{ path: string; authorization?: string; claims?: Record<string, unknown>; answered: number; thumbprint?: string }> = [];

async function checkProof(req: IncomingMessage, htu: string): Promise<{ claims: Record<string, unknown>; thumbprint: string } | string> {
  const proof = req.headers.dpop;
  if (typeof proof !== 'string') return 'no DPoP header';
  try {
    const header = decodeProtectedHeader(proof);
    if (header.typ !== 'dpop+jwt' || !header.jwk || 'd' in header.jwk) return 'bad header';
    const { payload } = await jwtVerify(proof, await importJWK(header.jwk as JWK, header.alg), { typ: 'dpop+jwt', maxTokenAge: '60s' });
    if (payload.htm !== req.method || payload.htu !== htu || typeof payload.jti !== 'string') return 'bad claims';
    return { claims: payload as Record<string, unknown>, thumbprint: await calculateJwkThumbprint(header.jwk as JWK, 'sha256') };
  } catch (err) {
    return `does not verify: ${(err as Error).message}`;
  }
}

beforeAll(async () => {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', async () => {
      const json = (status: number, doc: unknown, headers: Record<string, string> = {}) => {
        seen.push({ ...entry, answered: status });
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(doc));
      };
      const entry: (typeof seen)[number] = { path: req.url!, authorization: req.headers.authorization, answered: 0 };
      if (req.url === '/.well-known/oauth-protected-resource/mcp')
        return json(200, { resource: `${origin}/mcp`, authorization_servers: [asOrigin] });
      if (req.url === '/.well-known/oauth-authorization-server') {
        return json(200, {
          issuer: asOrigin,
          authorization_endpoint: `${asOrigin}/authorize`,
          token_endpoint: `${asOrigin}/token`,
          response_types_supported: ['code'],
          grant_types_supported: ['client_credentials'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          dpop_signing_alg_values_supported: ['ES256'],
        });
      }
      if (req.url === '/token') {
        const proof = await checkProof(req, `${asOrigin}/token`);
        if (typeof proof === 'string') return json(400, { error: 'invalid_dpop_proof', error_description: proof });
        Object.assign(entry, proof);
        if (proof.claims.nonce !== 'as-nonce') return json(400, { error: 'use_dpop_nonce' }, { 'DPoP-Nonce': 'as-nonce' });
        return json(200, { access_token: `at.${proof.thumbprint}`, token_type: bindTokens ? 'DPoP' : 'Bearer', expires_in: 3600 });
      }
      if (req.url === '/mcp') {
        const [scheme, token] = (req.headers.authorization ?? '').split(' ');
        if (!bindTokens)
          return scheme === 'Bearer' && !req.headers.dpop
            ? json(200, { ok: 'bearer' })
            : json(401, {}, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
        const proof = await checkProof(req, `${origin}/mcp`);
        if (scheme !== 'DPoP' || typeof proof === 'string')
          return json(401, { error: 'invalid_token', why: proof }, { 'WWW-Authenticate': 'DPoP error="invalid_token"' });
        Object.assign(entry, proof);
        if (proof.claims.ath !== createHash('sha256').update(token, 'ascii').digest('base64url') || token !== `at.${proof.thumbprint}`)
          return json(401, { error: 'invalid_token' }, { 'WWW-Authenticate': 'DPoP error="invalid_token"' });
        if (proof.claims.nonce !== 'rs-nonce')
          return json(401, { error: 'use_dpop_nonce' }, { 'WWW-Authenticate': 'DPoP error="use_dpop_nonce"', 'DPoP-Nonce': 'rs-nonce' });
        return json(200, { ok: 'dpop' });
      }
      json(404, {});
    });
  };
  server = createServer(handler);
  asServer = createServer(handler);
  await Promise.all([server, asServer].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  asOrigin = `http://127.0.0.1:${(asServer.address() as AddressInfo).port}`;
});
afterAll(() => Promise.all([server, asServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));
beforeEach(() => {
  seen.length = 0;
  bindTokens = true;
});

function runnerWith(events: Array<{ step: string; detail: Record<string, unknown> }>) {
  return new OAuthRunner({
    serverUrl: `${origin}/mcp`,
    config: { grant: 'client_credentials', clientId: 'machine', clientSecret: 'machine-secret', dpop: {} },
    emit: (step, detail) => events.push({ step, detail }),
  });
}

const mcpPost = (token: string) => ({
  method: 'POST',
  headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
});

describe('DPoP in the OAuth runner (RFC 9449, real server, proofs verified with jose)', () => {
  it('token request with a proof, retried once with the AS nonce; MCP request with the DPoP scheme, ath and the RS nonce', async () => {
    const events: Array<{ step: string; detail: Record<string, unknown> }> = [];
    const runner = runnerWith(events);
    await runner.authorize();
    const thumbprint = runner.status().dpop?.thumbprint;
    expect(thumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = (await runner.token())!;
    expect(token).toBe(`at.${thumbprint}`);

    const res = await runner.stepUpFetch(fetch)(`${origin}/mcp`, mcpPost(token));
    expect(await res.json()).toEqual({ ok: 'dpop' });

    const tokenCalls = seen.filter((s) => s.path === '/token');
    expect(tokenCalls.map((s) => [s.answered, s.claims?.nonce])).toEqual([
      [400, undefined],
      [200, 'as-nonce'],
    ]);
    const mcpCalls = seen.filter((s) => s.path === '/mcp');
    expect(mcpCalls.map((s) => [s.answered, s.claims?.nonce, s.authorization?.split(' ')[0]])).toEqual([
      [401, undefined, 'DPoP'],
      [200, 'rs-nonce', 'DPoP'],
    ]);
    const jtis = [...tokenCalls, ...mcpCalls].map((s) => s.claims?.jti);
    expect(new Set(jtis).size).toBe(4);
    expect(new Set([...tokenCalls, ...mcpCalls].map((s) => s.thumbprint))).toEqual(new Set([thumbprint]));

    // Each token attempt is an oauth event carrying its proof, decoded; the nonce rounds are events too.
    const tokenEvents = events.filter((e) => e.step === 'token-client-credentials');
    expect(tokenEvents).toHaveLength(2);
    const shown = (
      tokenEvents[1].detail.request as {
        dpopProof: { header: Record<string, unknown>; claims: Record<string, unknown>; thumbprint: string };
      }
    ).dpopProof;
    expect(shown.header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
    expect(shown.claims).toMatchObject({ htm: 'POST', htu: `${asOrigin}/token`, nonce: 'as-nonce' });
    expect(shown.thumbprint).toBe(thumbprint);
    expect(events.filter((e) => e.step === 'dpop-nonce').map((e) => e.detail.server)).toEqual(['authorization', 'resource']);
    expect(events.find((e) => e.step === 'authorized')?.detail).toMatchObject({ tokenType: 'DPoP', dpop: { alg: 'ES256', thumbprint } });
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it('the remembered nonce goes into the next proof at once: no second challenge', async () => {
    const runner = runnerWith([]);
    await runner.authorize();
    const token = (await runner.token())!;
    const send = runner.stepUpFetch(fetch);
    await send(`${origin}/mcp`, mcpPost(token));
    seen.length = 0;
    expect((await send(`${origin}/mcp`, mcpPost(token))).status).toBe(200);
    expect(seen.map((s) => [s.path, s.answered, s.claims?.nonce])).toEqual([['/mcp', 200, 'rs-nonce']]);
  });

  it('a token the AS did not bind (token_type Bearer) is presented as Bearer, without a proof (RFC 9449 §7.1 applies to DPoP tokens)', async () => {
    bindTokens = false;
    const runner = runnerWith([]);
    await runner.authorize();
    const token = (await runner.token())!;
    const res = await runner.stepUpFetch(fetch)(`${origin}/mcp`, mcpPost(token));
    expect(await res.json()).toEqual({ ok: 'bearer' });
  });
});

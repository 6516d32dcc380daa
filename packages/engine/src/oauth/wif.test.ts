import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAuthRunner } from './runner.js';
import { readAssertion } from './wif.js';

/**
 * SEP-1933 workload identity federation against a real HTTP server on 127.0.0.1: the MCP
 * server's protected resource metadata and an authorization server whose token endpoint takes
 * RFC 7523 jwt-bearer grants and verifies the workload JWT with the platform's public key (jose).
 */
let server: Server;
let origin: string;
let platform: { privateKey: CryptoKey; publicKey: CryptoKey };
let answer: 'ok' | 'invalid_grant' = 'ok';
const tokenRequests: Array<Record<string, string>> = [];
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-wif-'));

const workloadJwt = (sub: string, audience = origin) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer('https://k8s.example')
    .setSubject(sub)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(platform.privateKey);

beforeAll(async () => {
  platform = await generateKeyPair('ES256');
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', async () => {
      const json = (status: number, doc: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
      if (req.url === '/.well-known/oauth-protected-resource/mcp')
        return json(200, { resource: `${origin}/mcp`, authorization_servers: [origin], scopes_supported: ['mcp:tools'] });
      if (req.url === '/.well-known/oauth-authorization-server') {
        return json(200, {
          issuer: origin,
          authorization_endpoint: `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          response_types_supported: ['code'],
          grant_types_supported: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
          token_endpoint_auth_methods_supported: ['none'],
        });
      }
      if (req.url === '/token') {
        const form = Object.fromEntries(new URLSearchParams(body));
        tokenRequests.push(form);
        if (answer !== 'ok') return json(400, { error: answer, error_description: 'the workload is not trusted' });
        try {
          const { payload } = await jwtVerify(form.assertion, platform.publicKey, { audience: origin, issuer: 'https://k8s.example' });
          return json(200, { access_token: `at-for-${payload.sub}`, token_type: 'Bearer', expires_in: 600 });
        } catch (err) {
          return json(400, { error: 'invalid_grant', error_description: (err as Error).message });
        }
      }
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  tokenRequests.length = 0;
  answer = 'ok';
});

function runner(file: string, events: Array<{ step: string; detail: Record<string, unknown> }> = []) {
  return new OAuthRunner({
    serverUrl: `${origin}/mcp`,
    config: { grant: 'jwt-bearer', clientId: 'workload', assertionFile: file },
    emit: (step, detail) => events.push({ step, detail }),
  });
}

describe('workload identity federation (SEP-1933, RFC 7523 jwt-bearer)', () => {
  it('sends the workload JWT as the assertion with resource and scope; the JWT never reaches an event', async () => {
    const file = join(dir, 'token-a');
    const jwt = await workloadJwt('system:serviceaccount:ci:agent');
    writeFileSync(file, `${jwt}\n`);
    const events: Array<{ step: string; detail: Record<string, unknown> }> = [];
    const r = runner(file, events);
    await r.authorize();
    expect(await r.token()).toBe('at-for-system:serviceaccount:ci:agent');
    expect(tokenRequests).toEqual([
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: jwt,
        scope: 'mcp:tools',
        resource: `${origin}/mcp`,
        client_id: 'workload',
      },
    ]);
    expect(events.map((e) => e.step)).toEqual(
      expect.arrayContaining(['protected-resource-metadata', 'authorization-server-metadata', 'token-jwt-bearer', 'authorized']),
    );
    expect(JSON.stringify(events)).not.toContain(jwt);
  });

  it('reads the file at every token request (platforms rotate it)', async () => {
    const file = join(dir, 'token-b');
    writeFileSync(file, await workloadJwt('first'));
    const r = runner(file);
    await r.authorize();
    writeFileSync(file, await workloadJwt('second'));
    await r.authorize({ force: true });
    expect(await r.token()).toBe('at-for-second');
  });

  it('surfaces an error answer as it is: one token request, no retry, no other grant', async () => {
    const file = join(dir, 'token-c');
    writeFileSync(file, await workloadJwt('untrusted'));
    answer = 'invalid_grant';
    await expect(runner(file).authorize()).rejects.toThrow(/invalid_grant|not trusted/);
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0].grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
  });

  it('refuses a file that does not hold a JWT, before any request', async () => {
    const file = join(dir, 'not-a-jwt');
    writeFileSync(file, 'hello world');
    expect(() => readAssertion({ assertionFile: file })).toThrow(/does not hold a JWT/);
    expect(() => readAssertion({ assertionFile: join(dir, 'missing') })).toThrow(/Could not read/);
    await expect(runner(file).authorize()).rejects.toThrow(/does not hold a JWT/);
    expect(tokenRequests).toHaveLength(0);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthRunner } from './runner.js';

/**
 * SEP-990 against a real HTTP server on 127.0.0.1 playing the three roles: the MCP server's
 * protected resource metadata, its authorization server (RFC 8414 + a jwt-bearer token endpoint
 * that checks client_secret_basic), and the enterprise IdP (RFC 8693 token exchange → ID-JAG).
 */
let server: Server;
let origin: string;
const seen: Array<{ path: string; form: Record<string, string>; authorization?: string }> = [];
const ID_TOKEN = 'header.id-token-of-the-user.sig';
const ID_JAG = 'header.id-jag-for-the-as.sig';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const json = (status: number, doc: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
      const form = Object.fromEntries(new URLSearchParams(body));
      if (req.method === 'POST') seen.push({ path: req.url!, form, authorization: req.headers.authorization });
      if (req.url === '/.well-known/oauth-protected-resource/mcp')
        return json(200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
      if (req.url === '/.well-known/oauth-authorization-server') {
        return json(200, {
          issuer: origin,
          authorization_endpoint: `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          response_types_supported: ['code'],
          grant_types_supported: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
        });
      }
      if (req.url === '/idp/token') {
        const ok =
          form.subject_token === ID_TOKEN &&
          form.requested_token_type === 'urn:ietf:params:oauth:token-type:id-jag' &&
          form.audience === origin &&
          form.resource === `${origin}/mcp` &&
          form.client_id === 'idp-client';
        return ok
          ? json(200, {
              access_token: ID_JAG,
              issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
              token_type: 'N_A',
              expires_in: 300,
            })
          : json(400, { error: 'invalid_request' });
      }
      if (req.url === '/token') {
        const basic = `Basic ${Buffer.from('mcp-client:mcp-secret').toString('base64')}`;
        const ok =
          form.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          form.assertion === ID_JAG &&
          req.headers.authorization === basic;
        return ok
          ? json(200, { access_token: 'at-for-the-mcp-server', token_type: 'Bearer', expires_in: 3600 })
          : json(401, { error: 'invalid_client' });
      }
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('cross-app access (SEP-990) in the engine', () => {
  it('ID token → ID-JAG at the IdP → jwt-bearer grant with client_secret_basic at the AS; every step an oauth event, redacted', async () => {
    const events: Array<{ step: string; detail: Record<string, unknown> }> = [];
    const runner = new OAuthRunner({
      serverUrl: `${origin}/mcp`,
      config: {
        grant: 'cross-app-access',
        clientId: 'mcp-client',
        clientSecret: 'mcp-secret',
        crossApp: { idpTokenEndpoint: `${origin}/idp/token`, idToken: ID_TOKEN, idpClientId: 'idp-client' },
      },
      emit: (step, detail) => events.push({ step, detail }),
    });
    await runner.authorize();
    expect(await runner.token()).toBe('at-for-the-mcp-server');
    expect(seen.map((s) => s.path)).toEqual(['/idp/token', '/token']);
    const steps = events.map((e) => e.step);
    expect(steps).toEqual(
      expect.arrayContaining([
        'protected-resource-metadata',
        'authorization-server-metadata',
        'idp-token-exchange',
        'token-jwt-bearer',
        'authorized',
      ]),
    );
    const text = JSON.stringify(events);
    for (const secret of [ID_TOKEN, ID_JAG, 'at-for-the-mcp-server', 'mcp-secret']) expect(text).not.toContain(secret);
  });
});

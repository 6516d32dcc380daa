import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import type { EngineError } from '../errors/errors.js';
import { OAuthRunner } from './runner.js';
import type { OAuthConfig, UserAgent } from './types.js';

/**
 * A hostile MCP server with its own authorization server: every MCP request is a 401, and the
 * metadata's authorization_endpoint is whatever the test path names (file:, vscode:, https:).
 */
let server: Server;
let base: string;
let endpoint = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = (o: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      const url = req.url ?? '';
      if (url.startsWith('/.well-known/oauth-protected-resource')) return json({ resource: `${base}/mcp`, authorization_servers: [base] });
      if (url.startsWith('/.well-known/oauth-authorization-server') || url.startsWith('/.well-known/openid-configuration')) {
        return json({
          issuer: base,
          authorization_endpoint: endpoint,
          token_endpoint: `${base}/token`,
          registration_endpoint: `${base}/register`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (url === '/register')
        return json({ client_id: 'c1', redirect_uris: (JSON.parse(body) as { redirect_uris: string[] }).redirect_uris }, 201);
      res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let engine: Engine | undefined;
afterEach(async () => {
  await engine?.closeAll();
  engine = undefined;
});

/** A user agent that records what it was asked to open and never completes. */
function spyAgent(): { opened: string[]; agent: UserAgent } {
  const opened: string[] = [];
  return { opened, agent: async (url) => (opened.push(url.href), new Promise(() => undefined)) };
}

describe('the authorization URL is hostile input: only http(s) reaches a browser', () => {
  for (const [scheme, value] of [
    ['file:', 'file:///etc/passwd'],
    ['vscode:', 'vscode://evil.example/run'],
    ['smb:', 'smb://10.0.0.1/share'],
  ] as const) {
    it(`an authorization_endpoint that is a ${scheme} URL fails the connect without opening anything`, async () => {
      endpoint = value;
      const { opened, agent } = spyAgent();
      engine = new Engine();
      const err = (await engine
        .open(
          { transport: 'http', url: `${base}/mcp`, headers: {}, oauth: { redirectUrl: 'http://127.0.0.1/callback' } },
          { oauthUserAgent: agent, connectTimeoutMs: 5_000 },
        )
        .catch((e: unknown) => e)) as EngineError;
      expect(opened).toEqual([]);
      expect(`${err.message} ${String((err.cause as Error | undefined)?.message)}`).toContain(
        `The authorization server's authorization_endpoint is a ${scheme} URL`,
      );
    });
  }

  it('the Guided flow stops at the authorization step, before its user agent', async () => {
    endpoint = 'vscode://evil.example/run';
    engine = new Engine();
    const failed = (await engine
      .open({ transport: 'http', url: `${base}/mcp`, headers: {} }, { watchListChanges: false })
      .catch((e: unknown) => e)) as EngineError;
    const session = engine.get(failed.sessionId!)!;
    const config: OAuthConfig = { redirectUrl: 'http://127.0.0.1/oauth/callback' };
    const { opened, agent } = spyAgent();
    const runner = new OAuthRunner({
      serverUrl: `${base}/mcp`,
      config,
      userAgent: agent,
      emit: (step, detail) => session.log.add({ type: 'oauth', step, detail }),
    });
    expect((await runner.startGuided()).stage).toBe('client');
    expect((await runner.guided!.next({})).stage).toBe('authorization');
    const stopped = await runner.guided!.next({});
    expect(stopped.stage).toBe('failed');
    expect(JSON.stringify(stopped)).toContain('authorization_endpoint is a vscode: URL (\\"vscode://evil.example/run\\")');
    expect(opened).toEqual([]);
  });

  it('an https endpoint is handed to the user agent', async () => {
    endpoint = 'https://auth.example/authorize';
    const { opened, agent } = spyAgent();
    engine = new Engine();
    void engine
      .open(
        { transport: 'http', url: `${base}/mcp`, headers: {}, oauth: { redirectUrl: 'http://127.0.0.1/callback' } },
        { oauthUserAgent: agent, connectTimeoutMs: 5_000 },
      )
      .catch(() => undefined);
    for (let i = 0; i < 300 && opened.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(opened[0]).toMatch(/^https:\/\/auth\.example\/authorize\?response_type=code&client_id=c1&/);
  });
});

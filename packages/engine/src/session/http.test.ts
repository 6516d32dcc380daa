import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FrameEvent, HttpEvent } from '@mcpscope/protocol';
import { Engine } from './engine.js';
import type { EngineError } from '../errors/errors.js';
import { startEverything, type RunningServer } from '../../test-fixtures/servers.js';

let engine: Engine;
let streamable: RunningServer;
let sse: RunningServer;
let plain: Server;
let plainUrl: string;
const seenAuth: string[] = [];

beforeAll(async () => {
  [streamable, sse] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
  // A plain HTTP server that is not an MCP server: 404 everywhere except /secure, which wants a token.
  plain = createServer((req, res) => {
    seenAuth.push(req.headers.authorization ?? '');
    if (req.url === '/secure') {
      res.writeHead(401, { 'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"' }).end();
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no MCP here');
  });
  await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
  plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([streamable?.stop(), sse?.stop(), new Promise((r) => plain?.close(r))]);
});
afterEach(async () => engine?.closeAll());

const frames = (e: readonly unknown[]) => e.filter((x): x is FrameEvent => (x as FrameEvent).type === 'frame');
const https = (e: readonly unknown[]) => e.filter((x): x is HttpEvent => (x as HttpEvent).type === 'http');

describe('HTTP sessions', () => {
  it('speaks Streamable HTTP with custom headers, a session id and the protocol version header, and DELETEs on close', async () => {
    engine = new Engine();
    const session = await engine.open({
      transport: 'http',
      url: streamable.url,
      headers: { 'X-Test': 'yes' },
      bearerToken: 'secret-token',
    });
    expect(session.info()).toMatchObject({ state: 'connected', transport: 'http', era: 'legacy' });
    expect(session.info().mcpSessionId).toBeTruthy();
    const reply = await session.send({ method: 'tools/list' });
    expect((reply.response?.result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    const posts = https(session.events()).filter((h) => h.method === 'POST');
    const last = posts[posts.length - 1];
    expect(last.requestHeaders['x-test']).toBe('yes');
    // The token went out, but no event carries it (secrets never reach the frame log).
    expect(last.requestHeaders.authorization).toMatch(/REDACTED/);
    expect(JSON.stringify(session.events())).not.toContain('secret-token');
    expect(last.requestHeaders['mcp-session-id']).toBe(session.info().mcpSessionId);
    expect(last.requestHeaders['mcp-protocol-version']).toBe(session.info().protocolVersion);
    expect(frames(session.events()).some((f) => f.dir === 'in' && f.pair?.method === 'tools/list')).toBe(true);
    await engine.close(session.id);
    expect(https(session.events()).some((h) => h.method === 'DELETE')).toBe(true);
  });

  it('speaks the legacy HTTP+SSE transport', async () => {
    engine = new Engine();
    const session = await engine.open({ transport: 'sse', url: sse.url, headers: {} });
    expect(session.info()).toMatchObject({ state: 'connected', transport: 'sse' });
    const reply = await session.send({ method: 'ping' });
    expect(reply.response?.result).toEqual({});
  });

  it('auto falls back from Streamable HTTP to HTTP+SSE', async () => {
    engine = new Engine();
    const session = await engine.open({ transport: 'auto', url: sse.url, headers: {} });
    expect(session.info().transport).toBe('sse');
    expect(session.events().some((e) => e.type === 'lifecycle' && e.message?.includes('legacy HTTP+SSE'))).toBe(true);
  });

  it('auto uses Streamable HTTP when the server speaks it', async () => {
    engine = new Engine();
    const session = await engine.open({ transport: 'auto', url: streamable.url, headers: {} });
    expect(session.info().transport).toBe('http');
  });

  it('shows the status and headers of a URL that answers 404', async () => {
    engine = new Engine();
    const err: EngineError = await engine.open({ transport: 'http', url: `${plainUrl}/mcp`, headers: {} }).catch((e) => e);
    expect(err.code).toBe('ENGINE_HTTP_STATUS');
    expect(err.details?.httpStatus).toBe(404);
    expect(err.details?.httpHeaders?.['content-type']).toBe('text/plain');
  });

  it('shows the status and WWW-Authenticate header of a URL that answers 401', async () => {
    engine = new Engine();
    const err: EngineError = await engine.open({ transport: 'http', url: `${plainUrl}/secure`, headers: {} }).catch((e) => e);
    expect(err.details?.httpStatus).toBe(401);
    expect(err.details?.httpHeaders?.['www-authenticate']).toContain('resource_metadata');
  });
});

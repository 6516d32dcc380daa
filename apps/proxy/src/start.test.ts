import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { Engine } from '@mcpscope/engine';
import { InfoSchema } from '@mcpscope/wire';
import { Inbox } from '../test-fixtures/inbox.js';
import { generateToken } from './token.js';
import { RemoteBindRefusedError, startProxy, type RunningProxy } from './start.js';

let proxy: RunningProxy | undefined;
const engine = new Engine();
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  vi.unstubAllEnvs();
});

describe('generateToken', () => {
  it('makes 32 random bytes, base64url', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(token);
  });
});

describe('startProxy', () => {
  it('listens on 127.0.0.1, a free port, and prints a URL with the token in the fragment', async () => {
    proxy = await startProxy({ engine });
    expect(proxy.port).toBeGreaterThan(0);
    expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}/#token=${proxy.token}`);
    expect(proxy.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(proxy.app.server.address()).toMatchObject({ address: '127.0.0.1', port: proxy.port });
  });

  it('mints a fresh single-use code URL for a browser, exchanged over the real socket', async () => {
    proxy = await startProxy({ engine });
    const first = proxy.codeUrl();
    expect(first).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${proxy.port}/#code=[\\w-]{22}$`));
    expect(first).not.toContain(proxy.token);
    expect(proxy.codeUrl()).not.toBe(first);
    const code = first.split('#code=')[1];
    const post = () =>
      fetch(`${proxy!.baseUrl}api/session-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
    const ok = await post();
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ token: proxy.token });
    expect((await post()).status).toBe(401);
  });

  it('checks Host against the port it actually got when started on port 0', async () => {
    proxy = await startProxy({ engine, port: 0, token: 'fixed-token' });
    const base = `http://127.0.0.1:${proxy.port}`;
    const ok = await fetch(`${base}/api/info`, { headers: { authorization: 'Bearer fixed-token' } });
    expect(ok.status).toBe(200);
    expect(InfoSchema.parse(await ok.json()).name).toBe('mcpscope');
    const rebound = await proxy.app.inject({ url: '/api/info', headers: { host: '127.0.0.1:0', authorization: 'Bearer fixed-token' } });
    expect(rebound.statusCode).toBe(403);
    const wrongPort = await proxy.app.inject({
      url: '/api/info',
      headers: { host: `127.0.0.1:${proxy.port + 1}`, authorization: 'Bearer fixed-token' },
    });
    expect(wrongPort.statusCode).toBe(403);
  });

  it('takes the token from MCPSCOPE_TOKEN', async () => {
    vi.stubEnv('MCPSCOPE_TOKEN', 'from-the-environment');
    proxy = await startProxy({ engine });
    expect(proxy.token).toBe('from-the-environment');
  });

  it('refuses a non-loopback host unless allowRemote', async () => {
    await expect(startProxy({ engine, host: '0.0.0.0' })).rejects.toThrow(RemoteBindRefusedError);
    await expect(startProxy({ engine, host: '192.168.1.5' })).rejects.toThrow(/not a loopback address.*allowRemote/s);
    proxy = await startProxy({ engine, host: '0.0.0.0', allowRemote: true });
    expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}/#token=${proxy.token}`);
  });

  it('accepts a real browser-like WebSocket on the live port', async () => {
    proxy = await startProxy({ engine });
    const origin = `http://localhost:${proxy.port}`;
    const ws = new WebSocket(`ws://localhost:${proxy.port}/ws?token=${proxy.token}`, { origin });
    const inbox = new Inbox(ws);
    await inbox.until(() => inbox.find('ready'), 'ready');
    expect(inbox.messages[0]).toMatchObject({ type: 'hello', sessions: [] });
    ws.close();
    await inbox.waitClose();
  });

  it('runs the MCP App sandbox on another port of the same host, and closes it too', async () => {
    proxy = await startProxy({ engine, token: 'fixed-token' });
    const sandboxPort = Number(new URL(proxy.sandboxOrigin).port);
    expect(proxy.sandboxOrigin).toBe(`http://127.0.0.1:${sandboxPort}`);
    expect(sandboxPort).not.toBe(proxy.port);
    const origin = `http://127.0.0.1:${proxy.port}`;

    const info = await fetch(`${origin}/api/info`, { headers: { authorization: 'Bearer fixed-token' } });
    expect(InfoSchema.parse(await info.json()).sandboxOrigin).toBe(proxy.sandboxOrigin);
    expect(info.headers.get('content-security-policy')).toContain('frame-src http://127.0.0.1:*;');

    const page = await fetch(`${proxy.sandboxOrigin}/sandbox.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`frame-ancestors ${origin}$`));
    expect(await page.text()).toContain(`content="${origin}"`);
    const viaLocalhost = await fetch(`http://localhost:${sandboxPort}/sandbox.html`);
    expect(viaLocalhost.headers.get('content-security-policy')).toMatch(new RegExp(`frame-ancestors http://localhost:${proxy.port}$`));

    // A page at the sandbox origin cannot use mcpscope's API, token or not.
    const fromSandbox = await fetch(`${origin}/api/info`, {
      headers: { authorization: 'Bearer fixed-token', origin: proxy.sandboxOrigin },
    });
    expect(fromSandbox.status).toBe(403);

    await proxy.close();
    await expect(fetch(`${proxy.sandboxOrigin}/sandbox.js`)).rejects.toThrow();
    proxy = undefined;
  });

  it('refuses a WebSocket from a foreign origin and hangs up its socket', async () => {
    proxy = await startProxy({ engine });
    const ws = new WebSocket(`ws://127.0.0.1:${proxy.port}/ws?token=${proxy.token}`, { origin: 'https://evil.example' });
    const refused = await new Promise<{ status?: number; hungUp: Promise<unknown> }>((resolve, reject) => {
      ws.on('unexpected-response', (_req, res) =>
        resolve({ status: res.statusCode, hungUp: new Promise((r) => res.socket.once('close', r)) }),
      );
      ws.on('open', () => reject(new Error('opened')));
    });
    expect(refused.status).toBe(403);
    await refused.hungUp; // the server closed it: a refused upgrade does not leak a socket
  });
});

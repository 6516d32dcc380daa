import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@mcpscope/wire';
import { AUTH, HOST, makeApp, PORT, TOKEN, type Harness } from '../test-fixtures/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

const errorCode = (body: string) => ApiErrorSchema.parse(JSON.parse(body)).error.code;

describe('Host guard (DNS rebinding)', () => {
  it.each([`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`, `LOCALHOST:${PORT}`])('accepts Host %s', async (host) => {
    const res = await h.app.inject({ url: '/api/info', headers: { ...AUTH, host } });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a rebinding name', `evil.example:${PORT}`],
    ['another port', '127.0.0.1:1'],
    ['no port', '127.0.0.1'],
    ['a name that ends like ours', `xlocalhost:${PORT}`],
    ['a LAN address', `192.168.1.5:${PORT}`],
  ])('refuses %s with 403 on an API route, even with the token', async (_what, host) => {
    const res = await h.app.inject({ url: '/api/info', headers: { ...AUTH, host } });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res.body)).toBe('MCPSCOPE_ERR_FORBIDDEN_HOST');
  });

  it('refuses a request without a Host header', async () => {
    const res = await h.app.inject({ url: '/api/info', headers: { authorization: AUTH.authorization, host: '' } });
    expect(res.statusCode).toBe(403);
  });

  it('guards 404s, the SPA path and /ws too', async () => {
    for (const url of ['/nope', '/', '/assets/x.js', '/api/nope', `/ws?token=${TOKEN}`]) {
      const res = await h.app.inject({ url, headers: { host: 'evil.example' } });
      expect(res.statusCode, url).toBe(403);
      expect(errorCode(res.body)).toBe('MCPSCOPE_ERR_FORBIDDEN_HOST');
    }
    await expect(h.app.injectWS(`/ws?token=${TOKEN}`, { headers: { host: 'evil.example' } })).rejects.toThrow('403');
  });
});

describe('Origin guard', () => {
  it.each([`http://127.0.0.1:${PORT}`, `http://localhost:${PORT}`, `http://[::1]:${PORT}`])('accepts Origin %s', async (origin) => {
    const res = await h.app.inject({ url: '/api/info', headers: { ...AUTH, origin } });
    expect(res.statusCode).toBe(200);
  });

  it.each(['https://evil.example', `http://evil.example:${PORT}`, `https://127.0.0.1:${PORT}`, 'null', `http://127.0.0.1:${PORT + 1}`])(
    'refuses Origin %s with 403',
    async (origin) => {
      const res = await h.app.inject({ method: 'POST', url: '/api/sessions', headers: { ...AUTH, origin }, payload: {} });
      expect(res.statusCode).toBe(403);
      expect(errorCode(res.body)).toBe('MCPSCOPE_ERR_FORBIDDEN_ORIGIN');
    },
  );

  it('refuses a cross-site WebSocket even with the token', async () => {
    const headers = { host: HOST, origin: 'https://evil.example' };
    await expect(h.app.injectWS(`/ws?token=${TOKEN}`, { headers })).rejects.toThrow('403');
  });
});

describe('token', () => {
  it.each([
    ['no Authorization', {}],
    ['a wrong token', { authorization: 'Bearer nope' }],
    ['a token that is a prefix of the right one', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('answers 401 to /api with %s', async (_what, headers) => {
    const res = await h.app.inject({ url: '/api/sessions', headers: { host: HOST, ...headers } });
    expect(res.statusCode).toBe(401);
    expect(errorCode(res.body)).toBe('MCPSCOPE_ERR_UNAUTHORIZED');
  });

  it('does not accept the token in the query string for /api', async () => {
    const res = await h.app.inject({ url: `/api/sessions?token=${TOKEN}`, headers: { host: HOST } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401, not 404, for unknown and percent-encoded /api paths', async () => {
    for (const url of ['/api/does-not-exist', '/api', '/%61pi/sessions']) {
      const res = await h.app.inject({ url, headers: { host: HOST } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('needs ?token= on /ws', async () => {
    await expect(h.app.injectWS('/ws', { headers: { host: HOST } })).rejects.toThrow('401');
    await expect(h.app.injectWS('/ws?token=wrong', { headers: { host: HOST } })).rejects.toThrow('401');
    await expect(h.app.injectWS(`/ws?token=${TOKEN}&token=${TOKEN}`, { headers: { host: HOST } })).rejects.toThrow('401');
    const ws = await h.app.injectWS(`/ws?token=${TOKEN}`, { headers: { host: HOST, origin: `http://${HOST}` } });
    ws.terminate();
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff, no-referrer and no-store on API answers and errors', async () => {
    for (const headers of [AUTH, { host: HOST }]) {
      const res = await h.app.inject({ url: '/api/info', headers });
      expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ws://${HOST}`);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('never echoes a refused Host into the CSP', async () => {
    const res = await h.app.inject({ url: '/', headers: { host: 'evil.example' } });
    expect(res.headers['content-security-policy']).not.toContain('evil');
  });

  it('frames nothing, and nothing frames mcpscope, without a sandbox', async () => {
    const res = await h.app.inject({ url: '/api/info', headers: AUTH });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('MCP App sandbox origin', () => {
  const SANDBOX_PORT = PORT + 7;
  let withSandbox: Harness;
  beforeEach(async () => {
    withSandbox = await makeApp({ sandboxPort: SANDBOX_PORT });
  });
  afterEach(async () => withSandbox.close());

  it.each([HOST, `localhost:${PORT}`, `[::1]:${PORT}`])(
    'frames its own host only (each session has a sandbox port), under the host name of %s',
    async (host) => {
      const name = host.slice(0, host.lastIndexOf(':'));
      const res = await withSandbox.app.inject({ url: '/api/info', headers: { ...AUTH, host } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`frame-src http://${name}:*;`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.json()).toMatchObject({ sandboxOrigin: `http://${name}:${SANDBOX_PORT}` });
    },
  );

  it('names no sandbox for a refused Host', async () => {
    const res = await withSandbox.app.inject({ url: '/', headers: { host: 'evil.example' } });
    expect(res.headers['content-security-policy']).toContain("frame-src 'none'");
  });

  it('has no sandboxOrigin in /api/info without a sandbox', async () => {
    const res = await h.app.inject({ url: '/api/info', headers: AUTH });
    expect(res.json()).not.toHaveProperty('sandboxOrigin');
  });
});

import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@mcpscope/wire';
import { buildAppCsp } from '@mcpscope/protocol';
import { buildSandboxApp } from './sandboxApp.js';
import { MAX_CSP_QUERY } from './sandboxPage.js';
import { hostnameOf, sameHostOrigin } from './origins.js';

const PORT = 47_400;
const PROXY_PORT = 47_321;
const HOST = `127.0.0.1:${PORT}`;
const HOST_ORIGIN = `http://127.0.0.1:${PROXY_PORT}`;
const DEFAULT_POLICY = buildAppCsp(undefined).policy;

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildSandboxApp({ host: '127.0.0.1', port: PORT, hostOrigin: (name) => `http://${name}:${PROXY_PORT}` });
});
afterEach(async () => app.close());

const page = (query = '', host = HOST) => app.inject({ url: `/sandbox.html${query}`, headers: { host } });
const cspQuery = (csp: unknown) => `?csp=${encodeURIComponent(JSON.stringify(csp))}`;
const errorCode = (body: string) => ApiErrorSchema.parse(JSON.parse(body)).error.code;

describe('GET /sandbox.html', () => {
  it('serves the page under the restrictive default, framed by mcpscope only', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(`${DEFAULT_POLICY}; frame-ancestors ${HOST_ORIGIN}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.body).toContain(`<meta name="mcpscope-host-origin" content="${HOST_ORIGIN}">`);
    expect(res.body).toContain('<script src="/sandbox.js"></script>');
    expect(res.body).not.toMatch(/<script>/); // its only script is /sandbox.js ('self')
  });

  it('builds the policy from the declared csp', async () => {
    const csp = { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com', "'unsafe-eval'"] };
    const res = await page(cspQuery(csp));
    expect(res.headers['content-security-policy']).toBe(`${buildAppCsp(csp).policy}; frame-ancestors ${HOST_ORIGIN}`);
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' https://api.example.com;");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
  });

  it('never lets a declared entry add a directive or a source', async () => {
    const csp = {
      connectDomains: ['https://a.com; frame-ancestors *', 'https://b.com'],
      frameDomains: ['*', 'data:'],
      resourceDomains: ["'unsafe-eval'", 'blob:'],
    };
    const policy = String((await page(cspQuery(csp))).headers['content-security-policy']);
    expect(policy.match(/frame-ancestors/g)).toHaveLength(1);
    expect(policy).toContain("connect-src 'self' https://b.com;");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval|blob:|a\.com|\*/);
  });

  it('names mcpscope under the host name the browser used', async () => {
    const res = await page('', `localhost:${PORT}`);
    expect(res.headers['content-security-policy']).toMatch(new RegExp(`frame-ancestors http://localhost:${PROXY_PORT}$`));
    expect(res.body).toContain(`content="http://localhost:${PROXY_PORT}"`);
  });

  it.each([
    ['not JSON', '?csp=%7Bnope'],
    ['JSON that is too deep', `?csp=${encodeURIComponent('{"connectDomains":[[[[["https://a.com"]]]]]}')}`],
    ['a repeated parameter', `${cspQuery({ connectDomains: ['https://a.com'] })}&csp=%7B%7D`],
    ['an overlong value', cspQuery({ connectDomains: ['https://a.com'], pad: 'x'.repeat(MAX_CSP_QUERY) })],
    ['a value that is not an object', cspQuery('https://a.com')],
    ['an injection in the query', `?csp=${encodeURIComponent('{}; script-src *')}`],
  ])('falls back to the restrictive default for %s', async (_what, query) => {
    const res = await page(query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(`${DEFAULT_POLICY}; frame-ancestors ${HOST_ORIGIN}`);
  });
});

describe('GET /sandbox.js', () => {
  it('serves the relay as JavaScript, nosniff, not cached, for this origin only', async () => {
    const res = await app.inject({ url: '/sandbox.js', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.body).toContain('ui/notifications/sandbox-proxy-ready');
    expect(() => new Function(res.body)).not.toThrow(); // it parses
  });
});

describe('everything else', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/api/info'],
    ['GET', '/sandbox.html/'],
    ['POST', '/sandbox.html'],
    ['GET', '/index.html'],
  ])('answers %s %s with 404, under a policy that runs nothing', async (method, url) => {
    const res = await app.inject({ method: method as 'GET' | 'POST', url, headers: { host: HOST } });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res.body)).toBe('MCPSCOPE_ERR_NOT_FOUND');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each([`evil.example:${PORT}`, `127.0.0.1:${PROXY_PORT}`, '127.0.0.1', ''])('refuses Host %j with 403 on every path', async (host) => {
    for (const url of ['/sandbox.html', '/sandbox.js', '/nope']) {
      const res = await app.inject({ url, headers: { host } });
      expect(res.statusCode, url).toBe(403);
      expect(errorCode(res.body)).toBe('MCPSCOPE_ERR_FORBIDDEN_HOST');
      expect(res.body).not.toContain('<script');
    }
  });

  it('refuses a foreign Origin, mcpscope included', async () => {
    for (const origin of ['https://evil.example', HOST_ORIGIN, 'null']) {
      const res = await app.inject({ url: '/sandbox.js', headers: { host: HOST, origin } });
      expect(res.statusCode, origin).toBe(403);
    }
  });
});

describe('origins', () => {
  it.each([
    ['127.0.0.1:5000', '127.0.0.1'],
    ['LOCALHOST:5000', 'localhost'],
    ['[::1]:5000', '[::1]'],
    ['localhost', 'localhost'],
  ])('hostnameOf(%s) = %s', (authority, name) => {
    expect(hostnameOf(authority)).toBe(name);
    expect(sameHostOrigin(authority, 6000)).toBe(`http://${name}:6000`);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@mcpscope/wire';
import { HOST, makeApp, type Harness } from '../../test-fixtures/harness.js';

const INDEX = '<!doctype html><title>mcpscope</title><script type="module" src="/assets/index-abc123.js"></script>';
let dir: string;
let h: Harness;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-spa-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dir, '.env'), 'SECRET=1');
  h = await makeApp({ staticDir: dir });
});
afterEach(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => h.app.inject({ url, headers: { host: HOST } });

describe('static SPA', () => {
  it('serves index.html without the token, revalidated, with a strict CSP', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      `connect-src 'self' ws://${HOST}`,
      "img-src 'self' data:",
      "media-src 'self' data:",
      "style-src 'self' 'unsafe-inline'",
      "worker-src 'self' blob:",
      "font-src 'self' data:",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('caches hashed assets forever', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/sessions/s1', '/sessions/s1/frames?filter=method:tools', '/settings']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404 (not index.html) for a missing asset, dotfiles and non-GET methods', async () => {
    for (const res of [
      await get('/assets/missing-zzz.js'),
      await h.app.inject({ method: 'POST', url: '/settings', headers: { host: HOST } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).error.code).toBe('MCPSCOPE_ERR_NOT_FOUND');
    }
    const dotfile = await get('/.env');
    expect(dotfile.body).not.toContain('SECRET');
  });

  it('does not let the static route bypass the token or the host guard', async () => {
    expect((await get('/api/sessions')).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/assets/index-abc123.js', headers: { host: 'evil.example' } })).statusCode).toBe(403);
  });
});

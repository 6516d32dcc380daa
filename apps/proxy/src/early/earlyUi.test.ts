import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Engine } from '@mcpscope/engine';
import { ApiErrorSchema } from '@mcpscope/wire';
import { startProxy, type RunningProxy } from '../start.js';
import { startEarlyUi, type EarlyUi } from './earlyUi.js';

const INDEX = '<!doctype html><title>mcpscope</title><script type="module" src="/assets/index-abc123.js"></script>';
const TOKEN = 'early-token';
let dir: string;
let early: EarlyUi | undefined;
let proxy: RunningProxy | undefined;
const engine = new Engine();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-early-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dir, '.env'), 'SECRET=1');
  await writeFile(join(dir, '..', `${dir.split('/').pop()}-outside.txt`), 'OUTSIDE-CONTENT-42');
});
afterEach(async () => {
  await proxy?.close();
  await early?.close();
  proxy = undefined;
  early = undefined;
  await rm(dir, { recursive: true, force: true });
  await rm(`${dir}-outside.txt`, { force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request (fetch would normalize the path and refuse to set Host). */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const started = async (waitMs?: number): Promise<EarlyUi> => {
  early = startEarlyUi({ staticDir: dir, waitMs });
  await early.listening;
  return early;
};
const takeOver = async (e: EarlyUi): Promise<RunningProxy> =>
  (proxy = await startProxy({ engine, token: TOKEN, staticDir: dir, early: e }));

/** The headers that must not differ between the early listener and Fastify. */
const stable = ({ headers }: Answer) => {
  const { date: _date, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
};

describe('early UI listener', () => {
  it('serves the UI before Fastify, with the same headers Fastify gives afterwards', async () => {
    const e = await started();
    const before = await Promise.all(['/', '/assets/index-abc123.js'].map((p) => get(e.main.port, p)));
    expect(before.map((a) => a.status)).toEqual([200, 200]);
    expect(before[0]?.body).toBe(INDEX);
    expect(before[0]?.headers['cache-control']).toBe('no-cache');
    expect(before[1]?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(before[0]?.headers['content-security-policy'])).toContain('frame-src http://127.0.0.1:*;');

    const p = await takeOver(e);
    expect(p.port).toBe(e.main.port);
    const after = await Promise.all(['/', '/assets/index-abc123.js'].map((path) => get(p.port, path)));
    expect(after.map(stable)).toEqual(before.map(stable));
  });

  it('serves a small file whole and a large one streamed, the same bytes and length before and after the take-over', async () => {
    const large = `${'x'.repeat(200 * 1024)}END`;
    await writeFile(join(dir, 'assets', 'large-abc123.js'), large);
    const e = await started();
    const check = async () => {
      for (const [path, content] of [
        ['/', INDEX],
        ['/assets/large-abc123.js', large],
      ] as const) {
        const answer = await get(e.main.port, path);
        expect(answer.status).toBe(200);
        expect(answer.body).toBe(content);
        expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(content)));
      }
    };
    await check();
    await takeOver(e);
    await check();
  });

  it('answers 304 to a matching ETag, HEAD without a body, both before and after the take-over', async () => {
    const e = await started();
    const check = async () => {
      const first = await get(e.main.port, '/index.html');
      const again = await get(e.main.port, '/index.html', { 'if-none-match': String(first.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      const head = await get(e.main.port, '/assets/index-abc123.js', {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers['content-length']).toBe(String('console.log(1)'.length));
    };
    await check();
    await takeOver(e);
    await check();
  });

  it('refuses a foreign Host or Origin with 403 before Fastify is there', async () => {
    const e = await started();
    for (const headers of [{ host: 'evil.example' }, { origin: 'https://evil.example' }]) {
      const res = await get(e.main.port, '/', headers);
      expect(res.status).toBe(403);
      expect(ApiErrorSchema.parse(JSON.parse(res.body)).error.code).toMatch(/^MCPSCOPE_ERR_FORBIDDEN_/);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves only the built files: no dotfiles, no path out of the web dir', async () => {
    const e = await started();
    const outside = `/../${dir.split('/').pop()}-outside.txt`;
    for (const path of ['/.env', '/%2e%2e/etc/passwd', '/assets/../index.html', outside, `/assets/..%2F..%2F${outside.slice(4)}`]) {
      const pending = get(e.main.port, path);
      // Not a static file: it waits for Fastify, whose answer is the SPA's index.html or a 404.
      if (!proxy) await takeOver(e);
      const res = await pending;
      expect(res.body, path).not.toContain('SECRET');
      expect(res.body, path).not.toContain('OUTSIDE-CONTENT-42');
    }
  });

  it('holds an API request until Fastify answers it, with the token check', async () => {
    const e = await started();
    const without = get(e.main.port, '/api/info');
    const withToken = get(e.main.port, '/api/info', { authorization: `Bearer ${TOKEN}` });
    const post = get(e.main.port, '/settings', {}, 'POST');
    await takeOver(e);
    expect((await without).status).toBe(401);
    expect((await withToken).status).toBe(200);
    expect((await post).status).toBe(404);
  });

  it('connects a WebSocket that arrives during start-up, once Fastify is ready', async () => {
    const e = await started();
    const ws = new WebSocket(`ws://127.0.0.1:${e.main.port}/ws?token=${TOKEN}`);
    const opened = new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await takeOver(e);
    await opened;
    ws.close();
  });

  it('answers 503 to what waited too long, and refuses a waiting upgrade', async () => {
    const e = await started(50);
    const res = await get(e.main.port, '/api/info', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(503);
    expect(ApiErrorSchema.parse(JSON.parse(res.body)).error.code).toBe('MCPSCOPE_ERR_STARTING');
    const ws = new WebSocket(`ws://127.0.0.1:${e.main.port}/ws?token=${TOKEN}`);
    await expect(new Promise((_resolve, reject) => ws.once('error', reject))).rejects.toThrow(/503/);
  });

  it('reports a port in use from startProxy, with nothing left listening', async () => {
    const e = await started();
    const second = startEarlyUi({ port: e.main.port, staticDir: dir });
    await expect(second.listening).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(second.sandbox.server.listening).toBe(false);
    await expect(startProxy({ engine, port: e.main.port, early: startEarlyUi({ port: e.main.port }) })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });
});

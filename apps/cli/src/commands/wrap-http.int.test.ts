import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { parseTrace } from '@mcpscope/trace';
import { startEverything } from '../../../../packages/engine/test-fixtures/servers.js';
import { buildTestBundle, type TestBundle } from '../test-helpers.js';

let bundle: TestBundle;
beforeAll(async () => {
  bundle = await buildTestBundle();
}, 60_000);
afterAll(() => bundle?.cleanup());

/** Starts `wrap --target <target> --listen 0` and resolves with the URL it listens on. */
async function startWrap(target: string, dir: string): Promise<{ child: ChildProcess; url: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [bundle.cli, 'wrap', '--no-record-all', '--record', join(dir, 'wrap.ndjson'), '--target', target, '--listen', '0'],
    { env: { ...process.env, XDG_DATA_HOME: join(dir, 'data') } },
  );
  const exited = new Promise((resolve) => child.on('close', resolve));
  const [, url] = await new Promise<RegExpMatchArray>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
      const m = err.match(/mcpscope wrap listening on (\S+)/);
      if (m) resolve(m);
    });
    child.on('exit', () => reject(new Error(err)));
  });
  return { child, url: url!, stop: async () => void (child.kill('SIGTERM'), await exited) };
}

/** One raw request through node:http, which (unlike fetch) sends the Host header it is given. */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('mcpscope wrap --target: the Host/Origin guard', () => {
  it('refuses a rebinding Host and a cross-origin POST with 403 without forwarding them, and relays a local request with its own Host', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-guard-'));
    const seen: IncomingHttpHeaders[] = [];
    const target = createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}'));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const wrap = await startWrap(`http://127.0.0.1:${(target.address() as AddressInfo).port}/mcp`, dir);
    try {
      const own = new URL(wrap.url).host;
      const rpc = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
      const rebinding = await send(wrap.url, 'POST', { host: 'evil.example', 'content-type': 'application/json' }, rpc);
      expect(rebinding.status).toBe(403);
      expect(JSON.parse(rebinding.body).error.code).toBe('MCPSCOPE_ERR_FORBIDDEN_HOST');
      const crossSite = await send(wrap.url, 'POST', { host: own, origin: 'http://evil.example', 'content-type': 'application/json' }, rpc);
      expect(crossSite.status).toBe(403);
      expect(JSON.parse(crossSite.body).error.code).toBe('MCPSCOPE_ERR_FORBIDDEN_ORIGIN');
      expect(seen).toHaveLength(0);

      const local = await send(
        wrap.url,
        'POST',
        {
          host: `localhost:${new URL(wrap.url).port}`,
          origin: `http://${own}`,
          'content-type': 'application/json',
          'x-custom': 'kept',
          connection: 'keep-alive, x-hop',
          'x-hop': 'dropped',
        },
        rpc,
      );
      expect(local.status).toBe(200);
      expect(seen).toHaveLength(1);
      // Relayed as sent: the listener's Host (not rewritten to the target's), the Origin, end-to-end headers; not hop-by-hop ones.
      expect(seen[0]!.host).toBe(`localhost:${new URL(wrap.url).port}`);
      expect(seen[0]!.origin).toBe(`http://${own}`);
      expect(seen[0]!['x-custom']).toBe('kept');
      expect(seen[0]!['x-hop']).toBeUndefined();
    } finally {
      await wrap.stop();
      await new Promise((resolve) => target.close(resolve));
    }
  }, 60_000);
});

describe('mcpscope wrap --target (reverse proxy for Streamable HTTP)', () => {
  it('relays a session with server-everything, passes Authorization through and records it redacted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-http-'));
    const record = join(dir, 'http.ndjson');
    const everything = await startEverything('streamableHttp');
    const child = spawn(
      process.execPath,
      [bundle.cli, 'wrap', '--no-record-all', '--record', record, '--target', everything.url, '--listen', '0'],
      { env: { ...process.env, XDG_DATA_HOME: join(dir, 'data') } },
    );
    try {
      const [, url] = await new Promise<RegExpMatchArray>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (d) => {
          err += d;
          const m = err.match(/mcpscope wrap listening on (\S+)/);
          if (m) resolve(m);
        });
        child.on('exit', () => reject(new Error(err)));
      });
      const client = new Client({ name: 'host', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url!), { requestInit: { headers: { authorization: 'Bearer sk-secret-xyz' } } }),
      );
      const echoed = await client.callTool({ name: 'echo', arguments: { message: 'via wrap' } });
      expect(JSON.stringify(echoed)).toContain('via wrap');
      await client.close();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('close', resolve));
      await everything.stop();
    }
    const text = readFileSync(record, 'utf8');
    expect(text).not.toContain('sk-secret-xyz');
    const events = parseTrace(text).events;
    const http = events.filter((e) => e.type === 'http');
    expect(http.length).toBeGreaterThan(1);
    expect(http.some((e) => e.type === 'http' && 'authorization' in e.requestHeaders)).toBe(true);
    expect(events.some((e) => e.type === 'frame' && e.dir === 'in' && JSON.stringify(e.msg).includes('via wrap'))).toBe(true);
  }, 60_000);
});

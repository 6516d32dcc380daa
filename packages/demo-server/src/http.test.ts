import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoHttpEntry } from './entryPaths.js';
import { type DemoHttpServer, startDemoHttpServer } from './httpServer.js';
import { connectHttp } from './testkit/demoClients.js';
import { defineFeatureSuite } from './testkit/featureSuite.js';

let server: DemoHttpServer;

beforeAll(async () => {
  server = await startDemoHttpServer({ port: 0, host: '127.0.0.1', clockIntervalMs: 50 });
});
afterAll(async () => {
  await server.close();
});

describe('Streamable HTTP, 2025-era client', () => {
  defineFeatureSuite('legacy', () => connectHttp(server.url, 'legacy'));
});

describe('Streamable HTTP, 2026-07-28 client', () => {
  defineFeatureSuite('modern', () => connectHttp(server.url, 'modern'));
});

/** Sends one raw request with an arbitrary Host header (fetch would not let us set it). */
function rawPost(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('Streamable HTTP entry', () => {
  it('listens on 127.0.0.1 with a random port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.url).not.toMatch(/:0\/mcp$/);
  });

  it('keeps concurrent 2025-era sessions apart and ends them with DELETE', async () => {
    const first = await connectHttp(server.url, 'legacy');
    const second = await connectHttp(server.url, 'legacy');
    try {
      expect(first.transport.sessionId).toBeTypeOf('string');
      expect(second.transport.sessionId).toBeTypeOf('string');
      expect(first.transport.sessionId).not.toBe(second.transport.sessionId);
      const [a, b] = await Promise.all([
        first.client.callTool({ name: 'echo', arguments: { message: 'one' } }),
        second.client.callTool({ name: 'echo', arguments: { message: 'two' } }),
      ]);
      expect(a.content).toEqual([{ type: 'text', text: 'one' }]);
      expect(b.content).toEqual([{ type: 'text', text: 'two' }]);

      const endedId = first.transport.sessionId ?? '';
      await first.transport.terminateSession();
      const afterDelete = await fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': endedId,
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(afterDelete.status).toBe(404);
      expect((await second.client.callTool({ name: 'echo', arguments: { message: 'alive' } })).content).toEqual([
        { type: 'text', text: 'alive' },
      ]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('refuses a foreign Host or Origin header (DNS rebinding) and unknown paths', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const status = await rawPost(server.url, { host: 'evil.example:80', 'content-type': 'application/json' }, body);
    expect(status).toBe(403);
    const host = new URL(server.url).host;
    const foreignOrigin = await rawPost(server.url, { host, origin: 'http://evil.example', 'content-type': 'application/json' }, body);
    expect(foreignOrigin).toBe(403);
    expect((await fetch(server.url.replace('/mcp', '/other'))).status).toBe(404);
  });

  it('`node dist/http.js --port 0` prints exactly one line on stdout and serves both eras', async () => {
    const child = spawn(process.execPath, [demoHttpEntry(), '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const first = await lines.next();
      expect(first.value).toMatch(/^listening http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const url = String(first.value).slice('listening '.length);
      for (const era of ['legacy', 'modern'] as const) {
        const connected = await connectHttp(url, era);
        expect(connected.client.getProtocolEra()).toBe(era);
        await connected.close();
      }
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const rest: string[] = [];
      for (let next = await lines.next(); next.done !== true; next = await lines.next()) rest.push(next.value);
      expect(rest).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

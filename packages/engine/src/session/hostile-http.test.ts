import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { requestIdsOf } from '../transports/capped-body.js';

let engine: Engine;
let server: Server | undefined;
afterEach(async () => {
  await engine?.dispose();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

/** A Streamable HTTP server (legacy handshake) whose tools/list answer is 65 MiB, as JSON or as one SSE event. */
async function hugeAnswerServer(as: 'json' | 'sse'): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST') return res.writeHead(405).end();
      const msg = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
      if (msg.id === undefined) return res.writeHead(202).end();
      if (msg.method === 'server/discover')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'nope' } }));
      if (msg.method === 'initialize') {
        const result = {
          protocolVersion: msg.params?.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'huge', version: '1' },
        };
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
      }
      if (msg.method !== 'tools/list')
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: {} }));
      res.writeHead(200, { 'content-type': as === 'json' ? 'application/json' : 'text/event-stream' });
      res.write(
        as === 'json'
          ? `{"jsonrpc":"2.0","id":${msg.id},"result":{"tools":[],"x":"`
          : `event: message\ndata: {"jsonrpc":"2.0","id":${msg.id},"result":{"tools":[],"x":"`,
      );
      const chunk = 'x'.repeat(1024 * 1024);
      let sent = 0;
      const pump = (): void => {
        while (sent < 65) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end(as === 'json' ? '"}}' : '"}}\n\n');
      };
      res.on('error', () => undefined);
      pump();
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/mcp`;
}

describe('an HTTP answer over the 64 MiB message cap', () => {
  for (const as of ['json', 'sse'] as const) {
    it(`fails its request at once (${as}) and the session stays usable`, async () => {
      engine = new Engine();
      const session = await engine.open({ transport: 'http', url: await hugeAnswerServer(as), era: 'legacy' });
      await expect(session.request('tools/list', {}, { timeoutMs: 30_000 })).rejects.toMatchObject({ code: 'ENGINE_RESPONSE_REFUSED' });
      expect(session.events().some((e) => e.type === 'frame' && e.findings?.some((f) => f.rule === 'message-too-large'))).toBe(true);
      expect((await session.send({ method: 'ping' })).response?.result).toEqual({});
    }, 30_000);
  }

  it('reads the request ids of a POST body, single or batch, ignoring notifications and junk', () => {
    expect(requestIdsOf('{"jsonrpc":"2.0","id":3,"method":"tools/list"}')).toEqual([3]);
    expect(requestIdsOf('[{"id":"a","method":"x"},{"method":"notifications/x"},{"id":4,"result":{}}]')).toEqual(['a']);
    expect(requestIdsOf('not json')).toEqual([]);
    expect(requestIdsOf(undefined)).toEqual([]);
  });
});

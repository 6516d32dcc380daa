import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpWrap } from './http-proxy.js';
import { WrapLog } from './wrap-log.js';

const CAP = 64 * 1024;
const big = (id: number, bytes: number) => JSON.stringify({ jsonrpc: '2.0', id, result: { pad: '0'.repeat(bytes) } });
const GZIPPED = gzipSync(big(2, 8 * 1024 * 1024));
// Compressed, yet megabytes on the wire: the relay must go on after the recorder stops decoding.
const GZIPPED_RANDOM = gzipSync(
  JSON.stringify({ jsonrpc: '2.0', id: 5, result: { pad: randomBytes(3 * 1024 * 1024).toString('base64') } }),
);
const HTML = gzipSync(`<html>${randomBytes(3 * 1024 * 1024).toString('base64')}</html>`);
const SSE = `event: message\ndata: ${big(3, 200 * 1024)}\n\nevent: message\ndata: {"jsonrpc":"2.0","id":4,"result":{}}\n\n`;

type Frame = { type: string; msg?: { id?: number }; raw?: string; findings?: Array<{ rule: string }> };
const servers: Server[] = [];
let dir = '';
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A target that answers by path: a gzipped JSON body far past the cap, an SSE stream with one event past it, a small JSON body. */
async function target(): Promise<URL> {
  const server = createServer((req, res) => {
    req.resume();
    if (req.url === '/mcp/gzip') res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(GZIPPED);
    else if (req.url === '/mcp/gzip-random')
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(GZIPPED_RANDOM);
    else if (req.url === '/mcp/html') res.writeHead(404, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(HTML);
    else if (req.url === '/mcp/sse') res.writeHead(200, { 'content-type': 'text/event-stream' }).end(SSE);
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
}

/** A POST through the wrap; the body exactly as the client receives it (no decompression). */
function post(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });
    req.on('error', reject);
    req.end('{"jsonrpc":"2.0","id":1,"method":"ping"}');
  });
}

describe('wrap --target: what the recorder keeps of a large response', () => {
  it('relays every byte; records a JSON body or SSE event past the cap truncated with its finding (a gzip bomb is not inflated past it); other bodies pass undecoded', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-http-'));
    const trace = join(dir, 'trace.ndjson');
    const log = new WrapLog({ meta: { name: 't', transport: 'http', target: 't' }, files: [trace], redact: true, warn: () => undefined });
    const upstream = await target();
    const { url, server } = await startHttpWrap(upstream, 0, log, { maxMessageBytes: CAP });
    servers.push(server);
    const base = url.replace(/\/mcp$/, '');
    expect((await post(`${base}/mcp/gzip`)).equals(GZIPPED)).toBe(true);
    expect((await post(`${base}/mcp/gzip-random`)).equals(GZIPPED_RANDOM)).toBe(true);
    expect((await post(`${base}/mcp/sse`)).toString('utf8')).toBe(SSE);
    expect((await post(`${base}/mcp`)).toString('utf8')).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    // Neither JSON nor SSE: relayed as sent (~3 MB even compressed, never decoded here), not recorded.
    expect((await post(`${base}/mcp/html`)).equals(HTML)).toBe(true);
    await log.close();
    const inbound = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Frame & { dir?: string })
      .filter((e) => e.type === 'frame' && e.dir === 'in');
    expect(inbound).toHaveLength(5);
    const [gzip, gzipRandom, sseBig, sseSmall, small] = inbound as [Frame, Frame, Frame, Frame, Frame];
    expect(gzipRandom.raw?.startsWith('{"jsonrpc":"2.0","id":5,"result":{"pad":"')).toBe(true);
    expect(gzipRandom.findings?.map((f) => f.rule)).toEqual(['message-too-large']);
    expect(gzip.raw?.length).toBe(CAP);
    expect(gzip.raw?.startsWith('{"jsonrpc":"2.0","id":2,"result":{"pad":"000')).toBe(true);
    expect(gzip.findings?.map((f) => f.rule)).toEqual(['message-too-large']);
    // The SSE line is what is capped, its "data: " prefix included.
    expect(sseBig.raw?.length).toBe(CAP - 'data: '.length);
    expect(sseBig.raw?.startsWith('{"jsonrpc":"2.0","id":3,"result":{"pad":"000')).toBe(true);
    expect(sseBig.findings?.map((f) => f.rule)).toEqual(['message-too-large']);
    expect(sseSmall.msg?.id).toBe(4);
    expect(small.msg?.id).toBe(1);
  });
});

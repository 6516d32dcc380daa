import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { WrapLog } from './wrap-log.js';

const HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function requestHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP.has(k)) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Records the JSON-RPC messages inside an SSE stream as they pass through. */
function sseTap(log: WrapLog): (chunk: Uint8Array) => void {
  const decoder = new TextDecoder();
  let carry = '';
  return (chunk) => {
    carry += decoder.decode(chunk, { stream: true });
    let end = carry.search(/\r?\n\r?\n/);
    while (end !== -1) {
      const block = carry.slice(0, end);
      carry = carry.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = block.split(/\r?\n/).filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, '')).join('\n');
      if (data) log.frame('in', data);
      end = carry.search(/\r?\n\r?\n/);
    }
  };
}

/**
 * `mcpscope wrap --target <url> --listen <port>`: a reverse proxy on 127.0.0.1 in front of a
 * Streamable HTTP server. Headers (Authorization included) go through untouched; the trace
 * gets them redacted (TraceWriter). JSON bodies become frames; SSE is streamed through as it
 * arrives and its messages recorded on the way.
 */
export async function startHttpWrap(target: URL, port: number, log: WrapLog): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    void (async () => {
      const started = performance.now();
      const url = new URL(req.url ?? '/', target);
      if (req.url === '/' || req.url?.split('?')[0] === new URL(target).pathname) url.pathname = target.pathname;
      const headers = requestHeaders(req);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      if (body?.length) for (const line of body.toString('utf8').split('\n')) log.frame('out', line);
      let upstream: Response;
      try {
        upstream = await fetch(url, { method: req.method, headers, body, redirect: 'manual' });
      } catch (err) {
        log.add({ type: 'http', method: req.method ?? 'GET', url: url.href, requestHeaders: headers, durationMs: performance.now() - started, error: (err as Error).message });
        res.writeHead(502, { 'content-type': 'text/plain' }).end(`mcpscope wrap: ${target.href} is unreachable\n`);
        return;
      }
      const responseHeaders: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (!HOP.has(k) && k !== 'content-encoding') responseHeaders[k] = v;
      });
      const contentType = upstream.headers.get('content-type') ?? '';
      log.add({ type: 'http', method: req.method ?? 'GET', url: url.href, status: upstream.status, requestHeaders: headers, responseHeaders, contentType, durationMs: Math.round((performance.now() - started) * 1000) / 1000 });
      res.writeHead(upstream.status, responseHeaders);
      if (!upstream.body) return void res.end();
      const isSse = contentType.includes('text/event-stream');
      const tapSse = isSse ? sseTap(log) : undefined;
      const jsonChunks: Buffer[] = [];
      for await (const chunk of Readable.fromWeb(upstream.body as never) as AsyncIterable<Buffer>) {
        res.write(chunk);
        if (tapSse) tapSse(chunk);
        else if (contentType.includes('json')) jsonChunks.push(chunk);
      }
      res.end();
      if (jsonChunks.length) log.frame('in', Buffer.concat(jsonChunks).toString('utf8'));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}${target.pathname}`, server };
}

import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { LineSplitter, MAX_HTTP_MESSAGE_BYTES } from '@mcpscope/engine';
import { createHostPolicy, foreignRequestError, isLoopbackHost } from '@mcpscope/proxy';
import type { WrapLog } from './wrap-log.js';

/** Hop-by-hop headers (RFC 9110 §7.6.1) are the connection's, not the message's: never relayed. */
const HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
]);

/** `headers` minus hop-by-hop ones, including those the Connection header names. */
function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .toLowerCase()
      .split(',')
      .map((h) => h.trim()),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP.has(k) && !named.has(k)) out[k] = v;
  return out;
}

/** Flat string headers for the trace event (TraceWriter redacts the secret ones). */
function flat(headers: OutgoingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Records the JSON-RPC messages inside an SSE stream as they pass through: its lines through the
 * engine's splitter (linear, each capped), an event's `data:` lines joined until the blank line
 * that ends it. An event past the cap (MAX_HTTP_MESSAGE_BYTES) is recorded truncated, with its finding.
 */
function sseTap(log: WrapLog, cap: number): (chunk: Buffer) => void {
  let data: string[] = [];
  let size = 0;
  let overflow = false;
  const lines = new LineSplitter(cap, (line, cut) => {
    if (line.length === 0 && !cut) {
      if (data.length > 0) log.frame('in', data.join('\n'), overflow);
      data = [];
      size = 0;
      overflow = false;
      return;
    }
    if (overflow || line.subarray(0, 5).toString('latin1') !== 'data:') return;
    const value = line.subarray(line[5] === 0x20 ? 6 : 5);
    const room = cap - size;
    overflow = cut || value.length > room;
    const kept = value.length > room ? value.subarray(0, room) : value;
    data.push(kept.toString('utf8'));
    size += kept.length + 1;
  });
  return (chunk) => lines.push(chunk);
}

/**
 * Collects a JSON response body for the recorder up to the cap (MAX_HTTP_MESSAGE_BYTES); past that the
 * start is recorded truncated, with its finding, and a decoder (a gzip bomb) is stopped. The
 * relay to the client is not touched.
 */
function jsonTap(log: WrapLog, recorded: Readable, stopDecoding: (() => void) | undefined, cap: number): (chunk: Buffer) => void {
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const record = (overflow: boolean) => {
    if (done || size === 0) return;
    done = true;
    log.frame('in', Buffer.concat(chunks).toString('utf8'), overflow);
  };
  recorded.on('end', () => record(false));
  return (chunk) => {
    if (done) return;
    const room = cap - size;
    chunks.push(chunk.subarray(0, room));
    size += Math.min(chunk.length, room);
    if (chunk.length <= room) return;
    record(true);
    stopDecoding?.();
  };
}

/** The response body as the recorder needs it: decoded when the server compressed it (the client still gets the bytes as sent). */
function decodedBody(upstream: IncomingMessage): Readable {
  const encoding = String(upstream.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) return upstream;
  decoder.on('error', () => undefined); // a body we cannot decode is relayed all the same, just not recorded
  return upstream.pipe(decoder);
}

/**
 * `mcpscope wrap --target <url> --listen <port>`: a reverse proxy on 127.0.0.1 in front of a
 * Streamable HTTP server. A request whose Host or Origin is not this listener's own gets the
 * proxy's 403 and is not forwarded (DNS rebinding, cross-site POSTs; the same check as the
 * inspector, apps/proxy/src/hosts.ts). Everything else is relayed as sent, hop-by-hop headers
 * aside: Authorization included (the trace gets it redacted by TraceWriter), and Host too when
 * the target is on loopback, so that the target's own Host check sees the real request. A
 * target elsewhere gets its own authority as Host, without which virtual hosting and TLS
 * front ends cannot route the request (the original Host was checked to be ours first).
 * JSON bodies become frames; SSE is streamed through as it arrives and its messages recorded.
 */
export async function startHttpWrap(
  target: URL,
  port: number,
  log: WrapLog,
  { maxMessageBytes = MAX_HTTP_MESSAGE_BYTES } = {},
): Promise<{ url: string; server: Server }> {
  const policy = createHostPolicy('127.0.0.1', () => (server.address() as AddressInfo | null)?.port ?? port);
  const keepHost = isLoopbackHost(target.hostname);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const server = createServer((req, res) => {
    const refused = foreignRequestError(policy, req.headers.host, req.headers.origin);
    if (refused) {
      req.resume();
      res.writeHead(refused.statusCode, { 'content-type': 'application/json' }).end(JSON.stringify(refused.toBody()));
      return;
    }
    void (async () => {
      const started = performance.now();
      const url = new URL(req.url ?? '/', target);
      if (req.url === '/' || req.url?.split('?')[0] === target.pathname) url.pathname = target.pathname;
      const headers = endToEnd(req.headers);
      if (!keepHost) headers.host = target.host;
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      if (body) {
        delete headers['content-length'];
        headers['content-length'] = String(body.length);
        for (const line of body.toString('utf8').split('\n')) log.frame('out', line);
      }
      let upstream: IncomingMessage;
      try {
        upstream = await new Promise<IncomingMessage>((resolve, reject) => {
          const out = send(url, { method: req.method, headers }, resolve);
          out.on('error', reject);
          out.end(body);
        });
      } catch (err) {
        log.add({
          type: 'http',
          method: req.method ?? 'GET',
          url: url.href,
          requestHeaders: flat(headers),
          durationMs: performance.now() - started,
          error: (err as Error).message,
        });
        res.writeHead(502, { 'content-type': 'text/plain' }).end(`mcpscope wrap: ${target.href} is unreachable\n`);
        return;
      }
      const responseHeaders = endToEnd(upstream.headers);
      const contentType = String(upstream.headers['content-type'] ?? '');
      log.add({
        type: 'http',
        method: req.method ?? 'GET',
        url: url.href,
        status: upstream.statusCode ?? 0,
        requestHeaders: flat(headers),
        responseHeaders: flat(responseHeaders),
        contentType,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      });
      res.writeHead(upstream.statusCode ?? 502, responseHeaders);
      // Only JSON and SSE are recorded: anything else is not decoded at all (a decoder nobody
      // reads would fill up and hold back the relay it shares the upstream with).
      const kind = contentType.includes('text/event-stream') ? 'sse' : contentType.includes('json') ? 'json' : undefined;
      if (kind) {
        const recorded = decodedBody(upstream);
        const stopDecoding = recorded === upstream ? undefined : () => (upstream.unpipe(recorded as Transform), recorded.destroy());
        recorded.on('data', kind === 'sse' ? sseTap(log, maxMessageBytes) : jsonTap(log, recorded, stopDecoding, maxMessageBytes));
      }
      upstream.pipe(res);
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}${target.pathname}`, server };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FrameEvent, HttpEvent, SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import type { EngineError } from '../errors/errors.js';
import { describeNetworkError } from './network-error.js';

/** A server whose every POST fails: 403 with a text body, or 400 with a JSON-RPC error for the request's id. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.url === '/nowhere') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`Cannot ${req.method} /nowhere`);
      } else if (req.url === '/forbidden') {
        res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden: this server needs an X-Api-Key header');
      } else if (req.url === '/long') {
        res.writeHead(403, { 'content-type': 'text/plain' }).end('x'.repeat(10_000));
      } else {
        const id = req.method === 'POST' ? (JSON.parse(body) as { id?: unknown }).id : undefined;
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: id ?? null, error: { code: -32600, message: 'Bad Request: no valid session' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let engine: Engine | undefined;
afterEach(async () => {
  await engine?.closeAll();
  engine = undefined;
});

const failedOpen = (e: Engine, url: string, era: 'auto' | 'legacy' = 'auto'): Promise<EngineError> =>
  e.open({ transport: 'http', url, headers: {}, era }).then(
    () => expect.fail('connected'),
    (err: EngineError) => err,
  );
const httpEvents = (events: readonly SessionEvent[]) => events.filter((e): e is HttpEvent => e.type === 'http');
const frames = (events: readonly SessionEvent[]) => events.filter((e): e is FrameEvent => e.type === 'frame');

describe('a refused connection', () => {
  it('says "connection refused at HOST:PORT", in the connect error and the HTTP event', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    engine = new Engine();
    const err = await failedOpen(engine, `http://127.0.0.1:${port}/mcp`);
    expect(err.details?.code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toContain(`connection refused at 127.0.0.1:${port}`);
    expect(err.message).not.toContain('fetch failed');
    const events = engine.view(err.sessionId!)!.events();
    expect(httpEvents(events)[0]?.error).toContain(`connection refused at 127.0.0.1:${port}`);
  });

  it('names DNS, timeout, reset and certificate failures plainly', () => {
    const wrap = (cause: object) => Object.assign(new TypeError('fetch failed'), { cause });
    expect(describeNetworkError(wrap({ code: 'ENOTFOUND', hostname: 'nope.invalid' }), 'http://nope.invalid/mcp')).toBe(
      'host not found: nope.invalid (the DNS lookup failed)',
    );
    expect(describeNetworkError(wrap({ code: 'UND_ERR_CONNECT_TIMEOUT' }), 'https://example.test/mcp')).toBe(
      'connection to example.test:443 timed out',
    );
    expect(describeNetworkError(wrap({ code: 'ECONNRESET' }), 'http://h.test:81/')).toContain('connection reset by h.test:81');
    expect(describeNetworkError(wrap({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed certificate' }), 'https://h.test/')).toBe(
      'the TLS certificate of h.test was rejected: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)',
    );
    expect(describeNetworkError(wrap({ errors: [{ code: 'ECONNREFUSED', address: '::1', port: 3000 }] }), 'http://localhost:3000/')).toBe(
      'connection refused at [::1]:3000 (is the server running, on that port?)',
    );
    expect(describeNetworkError(new Error('boom'), 'http://h.test/')).toBeUndefined();
  });
});

describe('an HTTP error response', () => {
  it('shows a 403 body in the connect error and the HTTP event', async () => {
    engine = new Engine();
    const err = await failedOpen(engine, `${base}/forbidden`);
    expect(err.details).toMatchObject({
      code: 'ENGINE_HTTP_STATUS',
      httpStatus: 403,
      httpBody: 'forbidden: this server needs an X-Api-Key header',
    });
    expect(err.message).toContain('answered HTTP 403: forbidden: this server needs an X-Api-Key header');
    const events = engine.view(err.sessionId!)!.events();
    expect(httpEvents(events).find((e) => e.status === 403)?.responseBody).toBe('forbidden: this server needs an X-Api-Key header');
  });

  it("a 404 to the POST and to the legacy fallback's GET: both are named, and the path is the likely fault", async () => {
    engine = new Engine();
    const err = (await engine.open({ transport: 'auto', url: `${base}/nowhere`, headers: {} }).catch((e: unknown) => e)) as EngineError;
    expect(err.details).toMatchObject({ code: 'ENGINE_HTTP_STATUS', httpStatus: 404, httpBody: 'Cannot GET /nowhere' });
    expect(err.message).toContain(
      `POST ${base}/nowhere answered HTTP 404 (Streamable HTTP), then the legacy HTTP+SSE fallback: GET ${base}/nowhere answered HTTP 404: Cannot GET /nowhere (neither transport found an MCP endpoint at this URL: check its path)`,
    );
    // An explicit transport has no fallback: only its own answer.
    const http = (await failedOpen(engine, `${base}/nowhere`)) as EngineError;
    expect(http.message).toMatch(/^POST \S+ answered HTTP 404: Cannot POST \/nowhere$/);
  });

  it('caps the body it shows at 4 KiB', async () => {
    engine = new Engine();
    const err = await failedOpen(engine, `${base}/long`);
    expect(err.details?.httpBody?.startsWith(`${'x'.repeat(4096)}… [cut by mcpscope`)).toBe(true);
  });

  for (const era of ['legacy', 'auto'] as const) {
    it(`puts a 400 JSON-RPC error body in the frame log as the answer to its request, once (${era})`, async () => {
      engine = new Engine();
      const err = await failedOpen(engine, `${base}/mcp`, era);
      expect(err.details?.httpStatus).toBe(400);
      const all = frames(engine.view(err.sessionId!)!.events());
      const requests = all.filter((f) => f.dir === 'out' && f.msg?.id !== undefined);
      expect(requests.map((f) => f.msg?.method)).toContain('initialize');
      for (const request of requests) {
        const answers = all.filter((f) => f.dir === 'in' && f.msg?.id === request.msg?.id);
        expect(answers, String(request.msg?.method)).toHaveLength(1);
        expect(answers[0]!.msg?.error).toMatchObject({ code: -32600 });
        expect(answers[0]!.pair?.method).toBe(request.msg?.method);
      }
    });
  }
});

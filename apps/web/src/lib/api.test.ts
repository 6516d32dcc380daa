import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError, connectFailureDetails, createApiClient } from './api';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.end();
let server: Server;
let baseUrl = '';

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const session = {
  id: 's1',
  name: 'demo',
  state: 'connected',
  transport: 'stdio',
  target: 'node demo.js',
  createdAt: 1,
};

describe('api client against a real HTTP server', () => {
  it('sends the bearer token and parses replies with the wire schemas', async () => {
    let auth: string | undefined;
    let seen = '';
    handler = (req, body, res) => {
      auth = req.headers.authorization;
      seen = `${req.method} ${req.url} ${body}`;
      reply(res, 201, { session });
    };
    const api = createApiClient({ token: 'tok', baseUrl });
    const created = await api.createSession({ transport: 'stdio', command: 'node', args: ['demo.js'] });
    expect(auth).toBe('Bearer tok');
    expect(seen).toContain('POST /api/sessions');
    expect(JSON.parse(seen.split(' ').slice(2).join(' '))).toEqual({
      config: { transport: 'stdio', command: 'node', args: ['demo.js'] },
    });
    expect(created).toMatchObject({ id: 's1', wrapped: false });
  });

  it('turns a catalogue error into a typed ApiRequestError with connect details', async () => {
    const details = {
      sessionId: 's2',
      code: 'spawn-exit',
      message: 'server exited',
      exitCode: 1,
      signal: null,
      stderrTail: ['Error: missing module', '  at x'],
      httpStatus: 401,
      httpHeaders: { 'www-authenticate': 'Bearer' },
    };
    handler = (_req, _body, res) =>
      reply(res, 502, { error: { code: 'MCPSCOPE_ERR_CONNECT_FAILED', message: 'could not connect', details } });
    const api = createApiClient({ token: 'tok', baseUrl });
    const err = await api.createSession({ transport: 'stdio', command: 'nope' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ code: 'MCPSCOPE_ERR_CONNECT_FAILED', status: 502, message: 'could not connect' });
    expect(connectFailureDetails(err)).toEqual(details);
  });

  it('reports 401 as unauthorized and non-JSON errors with their status', async () => {
    handler = (_req, _body, res) => reply(res, 401, { error: { code: 'MCPSCOPE_ERR_UNAUTHORIZED', message: 'bad token' } });
    const api = createApiClient({ token: 'x', baseUrl });
    const e1 = (await api.info().catch((e: unknown) => e)) as ApiRequestError;
    expect(e1.unauthorized).toBe(true);
    handler = (_req, _body, res) => {
      res.writeHead(500);
      res.end('boom');
    };
    const e2 = (await api.listSessions().catch((e: unknown) => e)) as ApiRequestError;
    expect(e2).toMatchObject({ code: 'http-500', status: 500 });
  });

  it('rejects a reply that does not match the schema', async () => {
    handler = (_req, _body, res) => reply(res, 200, { name: 'something-else' });
    const err = await createApiClient({ token: 'x', baseUrl })
      .info()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'bad-reply' });
  });

  it('reports a network failure', async () => {
    const err = await createApiClient({ token: 'x', baseUrl: 'http://127.0.0.1:1' })
      .info()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'network' });
  });

  it('encodes ids, sends JSON-RPC messages and accepts empty replies', async () => {
    const urls: string[] = [];
    handler = (req, body, res) => {
      urls.push(`${req.method} ${req.url}${req.headers['x-mcpscope-origin'] ? ` (${String(req.headers['x-mcpscope-origin'])})` : ''}`);
      if (req.method === 'POST' && req.url?.endsWith('/messages'))
        reply(res, 200, { response: { jsonrpc: '2.0', id: 1, result: {} }, latencyMs: 3 });
      else if (req.method === 'PATCH')
        reply(res, 200, {
          session: {
            id: 'a/b',
            name: JSON.parse(body).name ?? 'auto',
            named: true,
            state: 'closed',
            transport: 'stdio',
            target: 'x',
            createdAt: 0,
          },
        });
      else {
        res.writeHead(204);
        res.end();
      }
    };
    const api = createApiClient({ token: 'x', baseUrl });
    expect(await api.sendMessage('a/b', { message: { method: 'ping' } }, 'composer: send')).toEqual({
      response: { jsonrpc: '2.0', id: 1, result: {} },
      latencyMs: 3,
    });
    expect(await api.renameSession('a/b', 'mine')).toMatchObject({ id: 'a/b', name: 'mine', named: true });
    await api.closeSession('a/b');
    await api.forgetSession('a/b');
    await api.answerServerRequest('a/b', 'n:1', { result: {} }, 'server requests: answer sampling/createMessage');
    expect(urls).toEqual([
      // The origin of each call that can make a frame, as the proxy reads it.
      'POST /api/sessions/a%2Fb/messages (composer: send)',
      'PATCH /api/sessions/a%2Fb',
      'DELETE /api/sessions/a%2Fb',
      'DELETE /api/sessions/a%2Fb?forget=1',
      'POST /api/sessions/a%2Fb/server-requests/n%3A1 (server requests: answer sampling/createMessage)',
    ]);
  });
});

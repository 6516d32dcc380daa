import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '@mcpscope/engine';
import { ApiErrorSchema, ConnectErrorSchema, InfoSchema, SessionInfoSchema, SessionListSchema, WIRE_VERSION } from '@mcpscope/wire';
import { fixtureConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, nextEngineMessage, PORT, TOKEN, type Harness } from '../../test-fixtures/harness.js';
import { buildApp } from '../app.js';
import { SessionsAhead } from '../sessions-ahead.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp({ info: { version: '9.9.9', demo: { transport: 'stdio', command: 'node', args: ['demo.js'], env: {} } } });
});
afterEach(async () => h.close());

const api = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });

async function openFixture(mode = 'plain') {
  const res = await api('POST', '/sessions', { config: fixtureConfig(mode) });
  return { res, body: res.json() };
}

describe('GET /api/info', () => {
  it('describes the proxy and the demo config', async () => {
    const info = InfoSchema.parse((await api('GET', '/info')).json());
    expect(info).toMatchObject({ name: 'mcpscope', version: '9.9.9', wireVersion: WIRE_VERSION });
    expect(info.demo).toMatchObject({ transport: 'stdio', command: 'node' });
  });
});

describe('/api/sessions', () => {
  it('connects to a real stdio server, lists it and returns its events', async () => {
    const { res, body } = await openFixture();
    expect(res.statusCode).toBe(201);
    const session = SessionInfoSchema.parse(body.session);
    expect(session).toMatchObject({ state: 'connected', transport: 'stdio', name: 'fixture-plain' });
    expect(session.serverInfo).toMatchObject({ name: 'fixture-server' });

    const list = SessionListSchema.parse((await api('GET', '/sessions')).json());
    expect(list.sessions.map((s) => s.id)).toEqual([session.id]);

    const events = (await api('GET', `/sessions/${session.id}/events`)).json().events as Array<{ type: string; msg?: { method?: string } }>;
    expect(events.some((e) => e.type === 'frame' && e.msg?.method === 'initialize')).toBe(true);
  });

  it('answers 502 with the ConnectError and the session id, and keeps the failed session listed', async () => {
    const { res, body } = await openFixture('exit-on-init');
    expect(res.statusCode).toBe(502);
    const { error } = ApiErrorSchema.parse(body);
    expect(error.code).toBe('MCPSCOPE_ERR_CONNECT_FAILED');
    const details = ConnectErrorSchema.extend({ sessionId: ConnectErrorSchema.shape.code }).parse(error.details);
    expect(details).toMatchObject({ code: 'ENGINE_EXITED', exitCode: 3 });
    expect(details.stderrTail).toContain('fatal: FIXTURE_API_KEY is not set');
    const listed = SessionListSchema.parse((await api('GET', '/sessions')).json()).sessions;
    expect(listed).toEqual([expect.objectContaining({ id: details.sessionId, state: 'failed' })]);
  });

  it('DELETE closes (204, still listed as closed); ?forget=1 removes', async () => {
    const id = (await openFixture()).body.session.id as string;
    expect((await api('DELETE', `/sessions/${id}`)).statusCode).toBe(204);
    expect(SessionListSchema.parse((await api('GET', '/sessions')).json()).sessions[0].state).toBe('closed');
    expect((await api('DELETE', `/sessions/${id}?forget=1`)).statusCode).toBe(204);
    expect(SessionListSchema.parse((await api('GET', '/sessions')).json()).sessions).toEqual([]);
  });

  it('answers 404 for an unknown session on every route', async () => {
    const calls = [
      api('DELETE', '/sessions/nope'),
      api('GET', '/sessions/nope/events'),
      api('POST', '/sessions/nope/messages', { message: { method: 'ping' } }),
      api('POST', '/sessions/nope/server-requests/n:1', { result: {} }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).error.code).toBe('MCPSCOPE_ERR_SESSION_NOT_FOUND');
    }
  });
});

describe('POST /api/sessions with a claim (a session opened ahead)', () => {
  const CLAIM = 'claim-0123456789abcdef';

  /** An app whose engine started opening `mode` before the app existed, for CLAIM. */
  async function withAhead(mode: string, run: (app: Harness['app'], engine: Engine, opening: Promise<unknown>) => Promise<void>) {
    const engine = new Engine();
    const opening = engine.open(fixtureConfig(mode));
    opening.catch(() => undefined);
    const ahead = new SessionsAhead();
    ahead.add(CLAIM, opening);
    const app = await buildApp({ engine, token: TOKEN, host: '127.0.0.1', port: PORT, ahead });
    try {
      await run(app, engine, opening);
    } finally {
      await app.close();
      await engine.dispose();
    }
  }
  const post = (app: Harness['app'], payload: object) => app.inject({ method: 'POST', url: '/api/sessions', headers: AUTH, payload });

  it('answers with that session, once; the claim again, or another, opens one of its own', async () => {
    await withAhead('plain', async (app, engine, opening) => {
      const first = await post(app, { config: fixtureConfig('plain'), claim: CLAIM });
      expect(first.statusCode).toBe(201);
      const { id } = (await opening) as { id: string };
      expect(SessionInfoSchema.parse(first.json().session)).toMatchObject({ id, state: 'connected', name: 'fixture-plain' });
      expect(engine.list().map((s) => s.id)).toEqual([id]);
      for (const claim of [CLAIM, 'claim-somebody-elses-0000']) {
        const other = await post(app, { config: fixtureConfig('plain'), claim });
        expect(other.statusCode).toBe(201);
        expect(other.json().session.id).not.toBe(id);
      }
      expect(engine.list()).toHaveLength(3);
    });
  });

  it('a failed open ahead answers as a failed POST does: 502, its ConnectError, the session id', async () => {
    await withAhead('exit-on-init', async (app, engine) => {
      const res = await post(app, { config: fixtureConfig('exit-on-init'), claim: CLAIM });
      expect(res.statusCode).toBe(502);
      const { error } = ApiErrorSchema.parse(res.json());
      expect(error.code).toBe('MCPSCOPE_ERR_CONNECT_FAILED');
      expect(error.details).toMatchObject({ code: 'ENGINE_EXITED', exitCode: 3 });
      expect(engine.list()).toEqual([expect.objectContaining({ id: error.details?.sessionId, state: 'failed' })]);
    });
  });
});

describe('PATCH /api/sessions/:id', () => {
  it('renames a live session, tells subscribers, and null restores the automatic name', async () => {
    const id = (await openFixture()).body.session.id as string;
    const told = nextEngineMessage(h.engine, (m) => m.type === 'session' && m.session.id === id);
    const res = await api('PATCH', `/sessions/${id}`, { name: '  my\u202e server ' });
    expect(res.statusCode).toBe(200);
    expect(SessionInfoSchema.parse(res.json().session)).toMatchObject({ id, name: 'my server', named: true, state: 'connected' });
    expect(await told).toMatchObject({ session: { name: 'my server', named: true } });
    expect(SessionListSchema.parse((await api('GET', '/sessions')).json()).sessions[0]).toMatchObject({ name: 'my server', named: true });

    const restored = SessionInfoSchema.parse((await api('PATCH', `/sessions/${id}`, { name: null })).json().session);
    expect(restored.name).toBe('fixture-server.mjs');
    expect(restored.named).toBeUndefined();
    expect(SessionInfoSchema.parse((await api('PATCH', `/sessions/${id}`, { name: '' })).json().session).named).toBeUndefined();
  });

  it('renames failed and closed sessions', async () => {
    const failedId = ConnectErrorSchema.extend({ sessionId: ConnectErrorSchema.shape.code }).parse(
      (await openFixture('exit-on-init')).body.error.details,
    ).sessionId;
    expect((await api('PATCH', `/sessions/${failedId}`, { name: 'broken' })).json().session).toMatchObject({
      state: 'failed',
      name: 'broken',
      named: true,
    });
    const id = (await openFixture()).body.session.id as string;
    await api('DELETE', `/sessions/${id}`);
    expect((await api('PATCH', `/sessions/${id}`, { name: 'old' })).json().session).toMatchObject({ state: 'closed', name: 'old' });
  });

  it('answers 404 for an unknown session and 400 for a bad body', async () => {
    const unknown = await api('PATCH', '/sessions/nope', { name: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(unknown.json()).error.code).toBe('MCPSCOPE_ERR_SESSION_NOT_FOUND');
    const id = (await openFixture()).body.session.id as string;
    for (const payload of [{}, { name: 42 }, { name: 'x'.repeat(1000) }]) {
      const res = await api('PATCH', `/sessions/${id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).error.code).toBe('MCPSCOPE_ERR_BAD_REQUEST');
    }
    expect(
      (await h.app.inject({ method: 'PATCH', url: `/api/sessions/${id}`, payload: { name: 'x' }, headers: { host: AUTH.host } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/sessions/:id/messages', () => {
  it('sends a request and returns the response with its latency', async () => {
    const id = (await openFixture()).body.session.id as string;
    const res = await api('POST', `/sessions/${id}/messages`, {
      message: { method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.response.result.content[0].text).toBe('hi');
    expect(body.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('returns a JSON-RPC error answer as a 200 (it is the payload)', async () => {
    const id = (await openFixture()).body.session.id as string;
    const res = await api('POST', `/sessions/${id}/messages`, { message: { method: 'no/such/method' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.error.code).toBe(-32601);
  });

  it('sends a notification with 202 and records the frame', async () => {
    const id = (await openFixture()).body.session.id as string;
    const res = await api('POST', `/sessions/${id}/messages`, {
      message: { method: 'notifications/custom', params: { a: 1 } },
      notification: true,
    });
    expect(res.statusCode).toBe(202);
    const session = h.engine.get(id)!;
    expect(session.events().some((e) => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'notifications/custom')).toBe(true);
  });

  it('answers 504 when the server does not answer in timeoutMs', async () => {
    const id = (await openFixture()).body.session.id as string;
    const res = await api('POST', `/sessions/${id}/messages`, {
      message: { method: 'tools/call', params: { name: 'ask' } },
      timeoutMs: 50,
    });
    expect(res.statusCode).toBe(504);
    expect(ApiErrorSchema.parse(res.json()).error.code).toBe('MCPSCOPE_ERR_TIMEOUT');
  });

  it('answers 409 on a closed session', async () => {
    const id = (await openFixture()).body.session.id as string;
    await api('DELETE', `/sessions/${id}`);
    const res = await api('POST', `/sessions/${id}/messages`, { message: { method: 'ping' } });
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json()).error.code).toBe('MCPSCOPE_ERR_NOT_CONNECTED');
  });

  it('answers 400 to a message without a method', async () => {
    const id = (await openFixture()).body.session.id as string;
    const res = await api('POST', `/sessions/${id}/messages`, { message: { params: {} } });
    expect(res.statusCode).toBe(400);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { ORIGIN_HEADER, SessionInfoSchema } from '@mcpscope/wire';
import { demoConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, type Harness } from '../../test-fixtures/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

type Method = 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, payload?: object, origin?: string) =>
  h.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...AUTH, ...(origin === undefined ? {} : { [ORIGIN_HEADER]: origin }) },
    ...(payload ? { payload } : {}),
  });
const open = async (era: 'legacy' | 'modern', extra: object = {}) =>
  SessionInfoSchema.parse((await api('POST', '/sessions', { config: demoConfig(era), ...extra })).json().session).id;
const outFrames = (id: string, method: string): FrameEvent[] =>
  h.engine
    .require(id)
    .events()
    .filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === method);

describe('the x-mcpscope-origin header', () => {
  it('flows into the frames of every mutating route, cleaned; absent → `ui`', async () => {
    const id = await open('legacy');
    expect((await api('POST', `/sessions/${id}/requests`, { method: 'tools/list' }, '  tools: list  ')).statusCode).toBe(200);
    expect(outFrames(id, 'tools/list')[0].origin).toEqual({ by: 'user', reason: 'tools: list' });
    expect((await api('POST', `/sessions/${id}/messages`, { message: { method: 'ping' } }, 'composer:\u0007 send')).statusCode).toBe(200);
    expect(outFrames(id, 'ping')[0].origin).toEqual({ by: 'user', reason: 'composer: send' });
    expect((await api('PUT', `/sessions/${id}/roots`, { roots: [{ uri: 'file:///w' }] })).statusCode).toBe(204);
    expect(outFrames(id, 'notifications/roots/list_changed')[0].origin).toEqual({ by: 'user', reason: 'ui' });
    expect((await api('PUT', `/sessions/${id}/log-level`, { level: 'info' }, 'x'.repeat(500))).statusCode).toBe(204);
    expect(outFrames(id, 'logging/setLevel')[0].origin).toEqual({ by: 'user', reason: 'x'.repeat(200) });
    expect((await api('POST', `/sessions/${id}/subscriptions`, { uri: 'demo://clock' }, 'resources: subscribe')).statusCode).toBe(204);
    expect(
      (await api('DELETE', `/sessions/${id}/subscriptions?uri=${encodeURIComponent('demo://clock')}`, undefined, 'resources: unsubscribe'))
        .statusCode,
    ).toBe(204);
    expect(outFrames(id, 'resources/subscribe')[0].origin).toEqual({ by: 'user', reason: 'resources: subscribe' });
    expect(outFrames(id, 'resources/unsubscribe')[0].origin).toEqual({ by: 'user', reason: 'resources: unsubscribe' });
  });

  it('a cancel and an answer carry theirs too', async () => {
    const id = await open('legacy');
    const call = api(
      'POST',
      `/sessions/${id}/requests`,
      { method: 'tools/call', params: { name: 'long_task', arguments: { steps: 50, stepMs: 100 } }, callId: 'c' },
      'tools: call',
    );
    const session = h.engine.require(id);
    while (outFrames(id, 'tools/call').length === 0) await new Promise((r) => setImmediate(r));
    expect((await api('DELETE', `/sessions/${id}/requests/c`, undefined, 'tools: cancel')).statusCode).toBe(204);
    await call;
    expect(outFrames(id, 'notifications/cancelled')[0].origin).toEqual({ by: 'user', reason: 'tools: cancel' });

    const asked = new Promise<string>((resolve) => {
      const stop = h.engine.subscribe((m) => m.type === 'server-request' && (stop(), resolve(m.request.requestId)));
    });
    const sampling = api(
      'POST',
      `/sessions/${id}/requests`,
      { method: 'tools/call', params: { name: 'ask_llm', arguments: { question: 'q' } } },
      'tools: call',
    );
    const requestId = await asked;
    const answer = { result: { role: 'assistant', model: 'm', content: { type: 'text', text: 'a' } } };
    expect(
      (await api('POST', `/sessions/${id}/server-requests/${encodeURIComponent(requestId)}`, answer, 'client: answer sampling')).statusCode,
    ).toBe(204);
    await sampling;
    const reply = session
      .events()
      .find((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.pair?.method === 'sampling/createMessage');
    expect(reply?.origin).toEqual({ by: 'user', reason: 'client: answer sampling' });
  });

  it('opens a 2026-07-28 session without a listen stream unless the body asks for one', async () => {
    const quiet = await open('modern');
    await api('POST', `/sessions/${quiet}/requests`, { method: 'tools/list' });
    expect(outFrames(quiet, 'subscriptions/listen')).toEqual([]);
    const watching = await open('modern', { watchListChanges: true });
    await api('POST', `/sessions/${watching}/requests`, { method: 'tools/list' });
    const listen = outFrames(watching, 'subscriptions/listen');
    expect(listen).toHaveLength(1);
    expect(listen[0].origin).toEqual({ by: 'mcpscope', reason: 'subscription listen' });
  });

  it('PUT …/list-changes turns the stream on and off on a live session, as the user', async () => {
    const id = await open('modern');
    expect((await api('PUT', `/sessions/${id}/list-changes`, { listen: true }, 'tools: watch list changes')).statusCode).toBe(204);
    expect(h.engine.require(id).info().listChanges).toBe(true);
    expect((await api('PUT', `/sessions/${id}/list-changes`, { listen: true })).statusCode).toBe(204);
    expect(outFrames(id, 'subscriptions/listen').map((f) => f.origin)).toEqual([{ by: 'user', reason: 'tools: watch list changes' }]);
    expect((await api('PUT', `/sessions/${id}/list-changes`, { listen: false }, 'tools: stop watching')).statusCode).toBe(204);
    expect(h.engine.require(id).info().listChanges).toBeUndefined();
    expect(outFrames(id, 'notifications/cancelled').map((f) => f.origin)).toEqual([{ by: 'user', reason: 'tools: stop watching' }]);
    expect((await api('PUT', `/sessions/${id}/list-changes`, { listen: 'yes' })).statusCode).toBe(400);
  });
});

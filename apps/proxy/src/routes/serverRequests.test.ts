import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineMessage } from '@mcpscope/engine';
import { ApiErrorSchema, PendingServerRequestSchema } from '@mcpscope/wire';
import { fixtureConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, nextEngineMessage, type Harness } from '../../test-fixtures/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const isServerRequest = (m: EngineMessage): m is Extract<EngineMessage, { type: 'server-request' }> => m.type === 'server-request';

async function askPending() {
  const id = (await api('POST', '/sessions', { config: fixtureConfig() })).json().session.id as string;
  const asked = nextEngineMessage(h.engine, isServerRequest);
  const call = api('POST', `/sessions/${id}/messages`, { message: { method: 'tools/call', params: { name: 'ask' } } });
  await asked;
  return { id, call };
}

describe('server→client requests', () => {
  it('lists a pending sampling request and answers it with a result', async () => {
    const { id, call } = await askPending();
    const { requests } = (await api('GET', '/server-requests')).json();
    expect(requests).toHaveLength(1);
    const pending = PendingServerRequestSchema.parse(requests[0]);
    expect(pending).toMatchObject({ sessionId: id, method: 'sampling/createMessage' });

    const result = { role: 'assistant', content: { type: 'text', text: 'sure' }, model: 'human' };
    const answered = await api('POST', `/sessions/${id}/server-requests/${encodeURIComponent(pending.requestId)}`, { result });
    expect(answered.statusCode).toBe(204);
    const reply = (await call).json();
    expect(JSON.parse(reply.response.result.content[0].text)).toMatchObject({ model: 'human' });
    expect((await api('GET', '/server-requests')).json().requests).toEqual([]);
  });

  it('answers with a JSON-RPC error', async () => {
    const { id, call } = await askPending();
    const [pending] = h.engine.pendingServerRequests();
    const error = { code: -1, message: 'User rejected sampling request' };
    expect((await api('POST', `/sessions/${id}/server-requests/${encodeURIComponent(pending.requestId)}`, { error })).statusCode).toBe(204);
    expect((await call).json().response.error).toMatchObject({ code: -1, message: 'User rejected sampling request' });
  });

  it('404 for an unknown request id, 400 for a malformed answer, 409 when the session closes meanwhile', async () => {
    const { id, call } = await askPending();
    const unknown = await api('POST', `/sessions/${id}/server-requests/n:999`, { result: {} });
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(unknown.json()).error.code).toBe('MCPSCOPE_ERR_REQUEST_NOT_FOUND');
    const [pending] = h.engine.pendingServerRequests();
    const bad = await api('POST', `/sessions/${id}/server-requests/${encodeURIComponent(pending.requestId)}`, { answer: 42 });
    expect(bad.statusCode).toBe(400);
    await h.engine.close(id);
    const cut = await call;
    expect(cut.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(cut.json()).error.code).toBe('MCPSCOPE_ERR_NOT_CONNECTED');
  });
});

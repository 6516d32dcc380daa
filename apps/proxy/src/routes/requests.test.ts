import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { EngineMessage } from '@mcpscope/engine';
import { ApiErrorSchema, PendingServerRequestSchema, RequestReplySchema, SessionInfoSchema } from '@mcpscope/wire';
import { demoConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, HOST, makeApp, nextEngineMessage, TOKEN, type Harness } from '../../test-fixtures/harness.js';
import { Inbox } from '../../test-fixtures/inbox.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url: `/api${url}`, headers: AUTH, ...(payload ? { payload } : {}) });
const open = async (era: 'legacy' | 'modern') =>
  SessionInfoSchema.parse((await api('POST', '/sessions', { config: demoConfig(era) })).json().session).id;
const callTool = (id: string, name: string, args: object, extra: object = {}) =>
  api('POST', `/sessions/${id}/requests`, { method: 'tools/call', params: { name, arguments: args }, ...extra });
const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json()).error;
const isProgress = (m: EngineMessage): m is Extract<EngineMessage, { type: 'request-progress' }> => m.type === 'request-progress';

describe.each(['legacy', 'modern'] as const)('POST /api/sessions/:id/requests (%s era)', (era) => {
  it('200 with the result, a JSON-RPC error as outcome error, isError as a result', async () => {
    const id = await open(era);
    const ok = await callTool(id, 'add', { a: 1, b: 2 }, { callId: 'mine' });
    expect(ok.statusCode).toBe(200);
    expect(RequestReplySchema.parse(ok.json())).toMatchObject({
      callId: 'mine',
      outcome: 'result',
      result: { structuredContent: { sum: 3 } },
    });
    const failed = RequestReplySchema.parse((await callTool(id, 'fail', {})).json());
    expect(failed).toMatchObject({ outcome: 'result', result: { isError: true } });
    const rpc = await api('POST', `/sessions/${id}/requests`, { method: 'no/such/method' });
    expect(rpc.statusCode).toBe(200);
    expect(RequestReplySchema.parse(rpc.json())).toMatchObject({ outcome: 'error', error: { code: -32601 } });
  });

  it('streams request-progress, resets the timeout on it, and 504s without the reset', async () => {
    const id = await open(era);
    const seen: number[] = [];
    h.engine.subscribe((m) => isProgress(m) && m.callId === 'p' && seen.push(m.progress));
    const ok = await callTool(id, 'long_task', { steps: 6, stepMs: 100 }, { callId: 'p', timeoutMs: 450 });
    expect(RequestReplySchema.parse(ok.json()).outcome).toBe('result');
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    const late = await callTool(id, 'long_task', { steps: 5, stepMs: 100 }, { timeoutMs: 250, resetTimeoutOnProgress: false });
    expect(late.statusCode).toBe(504);
    expect(errorOf(late).code).toBe('MCPSCOPE_ERR_TIMEOUT');
  });

  it('DELETE …/requests/:callId cancels (204, outcome cancelled); then 404', async () => {
    const id = await open(era);
    const call = callTool(id, 'long_task', { steps: 50, stepMs: 100 }, { callId: 'c/1' });
    await nextEngineMessage(h.engine, isProgress);
    const busy = await callTool(id, 'echo', { message: 'x' }, { callId: 'c/1' });
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy).code).toBe('MCPSCOPE_ERR_CALL_ID_IN_USE');
    expect((await api('DELETE', `/sessions/${id}/requests/${encodeURIComponent('c/1')}`)).statusCode).toBe(204);
    expect(RequestReplySchema.parse((await call).json())).toMatchObject({ callId: 'c/1', outcome: 'cancelled' });
    const again = await api('DELETE', `/sessions/${id}/requests/${encodeURIComponent('c/1')}`);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('MCPSCOPE_ERR_CALL_NOT_FOUND');
  });

  it('a server request during the call is answered through /server-requests (2026-07-28: input_required, retried)', async () => {
    const id = await open(era);
    const asked = nextEngineMessage(h.engine, (m): m is Extract<EngineMessage, { type: 'server-request' }> => m.type === 'server-request');
    const call = callTool(id, 'ask_user', {}, { callId: 'form' });
    const pending = PendingServerRequestSchema.parse((await asked).request);
    expect(pending).toMatchObject({ sessionId: id, method: 'elicitation/create' });
    if (era === 'modern') expect(pending).toMatchObject({ callId: 'form', inputKey: 'profile' });
    const result = { action: 'accept', content: { name: 'Grace', colour: 'blue', subscribe: true } };
    const answered = await api('POST', `/sessions/${id}/server-requests/${encodeURIComponent(pending.requestId)}`, { result });
    expect(answered.statusCode).toBe(204);
    const reply = RequestReplySchema.parse((await call).json());
    expect(reply).toMatchObject({ outcome: 'result', result: { structuredContent: { name: 'Grace', colour: 'blue' } } });
    const events = (await api('GET', `/sessions/${id}/events`)).json().events as Array<{
      type: string;
      dir?: string;
      msg?: { method?: string };
    }>;
    const calls = events.filter((e) => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'tools/call');
    expect(calls).toHaveLength(era === 'modern' ? 2 : 1);
  });
});

describe('POST /api/sessions/:id/requests, errors', () => {
  it('400 for a bad body, 404 for an unknown session, 409 once closed', async () => {
    const id = await open('legacy');
    expect((await api('POST', `/sessions/${id}/requests`, { params: {} })).statusCode).toBe(400);
    expect((await api('POST', `/sessions/${id}/requests`, { method: 'ping', timeoutMs: -1 })).statusCode).toBe(400);
    expect(errorOf(await api('POST', '/sessions/nope/requests', { method: 'ping' })).code).toBe('MCPSCOPE_ERR_SESSION_NOT_FOUND');
    expect(errorOf(await api('DELETE', '/sessions/nope/requests/x')).code).toBe('MCPSCOPE_ERR_SESSION_NOT_FOUND');
    await api('DELETE', `/sessions/${id}`);
    const closed = await api('POST', `/sessions/${id}/requests`, { method: 'ping' });
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).code).toBe('MCPSCOPE_ERR_NOT_CONNECTED');
  });

  it('422 for a method the era does not define (ping on 2026-07-28); a declined input request is outcome error, source input', async () => {
    const id = await open('modern');
    const ping = await api('POST', `/sessions/${id}/requests`, { method: 'ping' });
    expect(ping.statusCode).toBe(422);
    expect(errorOf(ping).code).toBe('MCPSCOPE_ERR_METHOD_NOT_IN_ERA');

    const asked = nextEngineMessage(h.engine, (m): m is Extract<EngineMessage, { type: 'server-request' }> => m.type === 'server-request');
    const call = callTool(id, 'ask_llm', { question: 'q' });
    const { requestId } = (await asked).request;
    await api('POST', `/sessions/${id}/server-requests/${encodeURIComponent(requestId)}`, { error: { code: -1, message: 'declined' } });
    const declined = await call;
    expect(declined.statusCode).toBe(200);
    expect(RequestReplySchema.parse(declined.json())).toMatchObject({
      outcome: 'error',
      source: 'input',
      error: { code: -1, message: 'declined' },
    });
  });
});

describe('request-progress on /ws', () => {
  it('reaches a tab as { type, sessionId, callId, progress, total, message }', async () => {
    const id = await open('modern');
    let inbox!: Inbox;
    const ws: WebSocket = await h.app.injectWS(
      `/ws?token=${TOKEN}`,
      { headers: { host: HOST, origin: `http://${HOST}` } },
      {
        onInit: (socket: WebSocket) => void (inbox = new Inbox(socket)),
      },
    );
    try {
      await inbox.until(() => inbox.find('ready'), 'ready');
      await callTool(id, 'long_task', { steps: 2, stepMs: 20 }, { callId: 'ws' });
      const progress = await inbox.until(() => inbox.messages.filter((m) => m.type === 'request-progress'), 'progress');
      expect(progress[0]).toEqual({ type: 'request-progress', sessionId: id, callId: 'ws', progress: 1, total: 2, message: 'Step 1 of 2' });
    } finally {
      ws.terminate();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { ApiErrorSchema, SessionInfoSchema, type SessionCallBody, type SessionCallLine } from '@mcpscope/wire';
import { demoConfig } from '../../test-fixtures/fixtures.js';
import { AUTH, makeApp, ndjsonLines, outFrames as sentFrames, type Harness } from '../../test-fixtures/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

const REASON = 'cli: call tools/call';
const open = async (era: 'legacy' | 'modern') =>
  SessionInfoSchema.parse(
    (await h.app.inject({ method: 'POST', url: '/api/sessions', headers: AUTH, payload: { config: demoConfig(era) } })).json().session,
  ).id;
const call = async (id: string, body: SessionCallBody, reason = REASON) => {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/call`,
    headers: { ...AUTH, 'x-mcpscope-origin': reason },
    payload: body,
  });
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    lines: ndjsonLines<SessionCallLine>(res.body),
    res,
  };
};
const outFrames = (id: string, method: string) => sentFrames(h.engine, id, method);

describe('POST /api/sessions/:id/call (call --session in one request)', () => {
  it('streams NDJSON ending in the outcome; the tool is looked up once while the listing is current (2025-11-25)', async () => {
    const id = await open('legacy');
    const echo = { method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } }, describeTool: true };
    const first = await call(id, echo);
    expect(first.status).toBe(200);
    expect(first.type).toContain('application/x-ndjson');
    expect(first.lines).toEqual([
      {
        type: 'outcome',
        outcome: expect.objectContaining({
          outcome: 'result',
          result: expect.objectContaining({ content: [{ type: 'text', text: 'hi' }] }),
        }),
      },
    ]);
    await call(id, echo);
    expect(outFrames(id, 'tools/list')).toHaveLength(1);
    expect(outFrames(id, 'tools/list')[0]!.origin).toEqual({ by: 'user', reason: REASON });
    for (const f of outFrames(id, 'tools/call')) expect(f.origin).toEqual({ by: 'user', reason: REASON });
  });

  it('--arg texts stay text where the inputSchema says string; other values as parsed', async () => {
    const id = await open('legacy');
    const { lines } = await call(id, {
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 42 } },
      describeTool: true,
      textArgs: { message: '42' },
    });
    expect(lines.at(-1)).toMatchObject({ type: 'outcome', outcome: { outcome: 'result', result: { content: [{ text: '42' }] } } });
    expect(outFrames(id, 'tools/call')[0]!.msg?.params).toMatchObject({ arguments: { message: '42' } });
  });

  it('2026-07-28: the server says ttlMs 0, so each tool lookup lists again', async () => {
    const id = await open('modern');
    const body = { method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } }, describeTool: true };
    await call(id, body);
    await call(id, body);
    expect(outFrames(id, 'tools/list')).toHaveLength(2);
    // Without describeTool (call --stdin) nothing but the call goes out.
    await call(id, { ...body, describeTool: false });
    expect(outFrames(id, 'tools/list')).toHaveLength(2);
  });

  it('the server asks for sampling: answered from the answers, refused when missing, left to the UI without answers', async () => {
    const id = await open('legacy');
    const ask = { method: 'tools/call', params: { name: 'ask_llm', arguments: { question: 'why?' } } };
    const answered = await call(id, {
      ...ask,
      answers: { 'sampling/createMessage': { role: 'assistant', content: { type: 'text', text: 'because' }, model: 'canned' } },
    });
    expect(answered.lines[0]).toEqual({ type: 'server-request', method: 'sampling/createMessage', answered: 'file' });
    expect(JSON.stringify(answered.lines.at(-1))).toContain('because');
    const refused = await call(id, { ...ask, answers: {} });
    expect(refused.lines[0]).toEqual({ type: 'server-request', method: 'sampling/createMessage', answered: 'refused' });
    const answers = h.engine
      .get(id)!
      .events()
      .filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.id !== undefined && 'result' in (e.msg ?? {}));
    expect(answers.at(-1)?.origin).toEqual({ by: 'user', reason: 'client: answer sampling' });

    const waiting = call(id, { ...ask, timeoutMs: 200 });
    const { lines } = await waiting;
    expect(lines[0]).toEqual({ type: 'server-request', method: 'sampling/createMessage', answered: 'ui' });
    expect(lines.at(-1)).toMatchObject({ type: 'error', error: { code: 'MCPSCOPE_ERR_TIMEOUT' } });
  });

  it('--level: the log level is set first and the server logs stream as lines', async () => {
    const id = await open('legacy');
    const { lines } = await call(id, {
      method: 'tools/call',
      params: { name: 'emit_logs', arguments: { levels: ['info', 'error'] } },
      logLevel: 'error',
    });
    expect(lines.filter((l) => l.type === 'log')).toEqual([expect.objectContaining({ type: 'log', level: 'error' })]);
    expect(outFrames(id, 'logging/setLevel')[0]!.origin).toEqual({ by: 'user', reason: REASON });
  });

  it('errors: a JSON-RPC error is an outcome; 404 unknown session, 400 bad body, 409 not connected', async () => {
    const id = await open('legacy');
    const rpc = await call(id, { method: 'no/such' });
    expect(rpc.lines.at(-1)).toMatchObject({ type: 'outcome', outcome: { outcome: 'error', error: { code: -32601 } } });
    expect((await call('nope', { method: 'ping' })).status).toBe(404);
    const bad = await call(id, { method: '' });
    expect(bad.status).toBe(400);
    expect(ApiErrorSchema.parse(bad.res.json()).error.code).toBe('MCPSCOPE_ERR_BAD_REQUEST');
    const roots = await call(id, { method: 'ping', answers: { 'roots/list': { roots: [{ name: 'no uri' }] } } });
    expect(roots.status).toBe(400);
    await h.engine.close(id);
    const closed = await call(id, { method: 'ping' });
    expect(closed.status).toBe(409);
    expect(ApiErrorSchema.parse(closed.res.json()).error.code).toBe('MCPSCOPE_ERR_NOT_CONNECTED');
  });
});

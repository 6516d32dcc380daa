import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import type { Session } from './session.js';
import { demoConfig, ERAS, framesOf, isServerRequest, nextMessage } from '../../test-fixtures/demo.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

async function open(era: 'legacy' | 'modern'): Promise<Session> {
  engine = new Engine({ stopGraceMs: 200 });
  return engine.open(demoConfig(era), { watchListChanges: false });
}

const text = (result: Record<string, unknown>) => (result.content as Array<{ text: string }>)[0].text;
const SAMPLED = { role: 'assistant', model: 'a-person', content: { type: 'text', text: 'forty-two' } };

describe.each(ERAS)('the client side through the server-request queue (%s era)', (era) => {
  it('sampling: the request waits for an answer, then the tool completes with it', async () => {
    const session = await open(era);
    const asked = nextMessage(engine, isServerRequest);
    const call = session.request('tools/call', { name: 'ask_llm', arguments: { question: 'meaning of life?' } }, { callId: 'q' });
    const { request } = await asked;
    expect(request).toMatchObject({ sessionId: session.id, method: 'sampling/createMessage' });
    expect(JSON.stringify(request.params)).toContain('meaning of life?');
    if (era === 'modern')
      expect(request).toMatchObject({ inputKey: 'answer', callId: 'q', requestId: expect.stringMatching(/^input:\d+:answer$/) });
    else expect(request.requestId).toMatch(/^[ns]:/);
    expect(session.answer(request.requestId, { result: SAMPLED })).toBe(true);
    const out = await call;
    expect(out.outcome).toBe('result');
    expect(text((out as { result: Record<string, unknown> }).result)).toBe('a-person answered: forty-two');

    const calls = framesOf(session.events(), 'out', 'tools/call');
    if (era === 'modern') {
      // input_required, then the retry on a fresh id with the answer (2026-07-28/basic/patterns/mrtr).
      expect(calls).toHaveLength(2);
      expect(calls[1].msg?.id).not.toBe(calls[0].msg?.id);
      expect((calls[1].msg?.params as { inputResponses: object }).inputResponses).toEqual({ answer: SAMPLED });
    } else {
      expect(calls).toHaveLength(1);
      expect(framesOf(session.events(), 'in', 'sampling/createMessage')).toHaveLength(1);
    }
  });

  it('elicitation: accept and decline, each request named uniquely', async () => {
    const session = await open(era);
    const ids: string[] = [];
    for (const action of ['accept', 'decline'] as const) {
      const asked = nextMessage(engine, isServerRequest);
      const call = session.request('tools/call', { name: 'ask_user', arguments: {} });
      const { request } = await asked;
      expect(request.method).toBe('elicitation/create');
      ids.push(request.requestId);
      const answer = action === 'accept' ? { action, content: { name: 'Ada', colour: 'green', subscribe: false } } : { action };
      session.answer(request.requestId, { result: answer });
      const out = (await call) as { result: Record<string, unknown> };
      expect(text(out.result)).toBe(action === 'accept' ? 'Hello Ada! Favourite colour: green.' : 'The user chose to decline.');
    }
    expect(new Set(ids).size).toBe(2);
    expect(engine.pendingServerRequests()).toEqual([]);
  });

  it('answering with an error: legacy tells the server, 2026-07-28 does not retry (source: input)', async () => {
    const session = await open(era);
    const asked = nextMessage(engine, isServerRequest);
    const call = session.request('tools/call', { name: 'ask_llm', arguments: { question: 'q' } });
    session.answer((await asked).request.requestId, { error: { code: -1, message: 'User rejected sampling request' } });
    if (era === 'legacy') {
      const out = await call;
      expect(JSON.stringify(out)).toContain('User rejected sampling request');
      const reply = framesOf(session.events(), 'out', 'sampling/createMessage');
      expect(reply).toEqual([]); // the answer is a response frame, paired with the server's request
      expect(session.events().some((e) => e.type === 'frame' && e.dir === 'out' && (e.msg?.error as { code?: number })?.code === -1)).toBe(
        true,
      );
    } else {
      expect(await call).toMatchObject({
        outcome: 'error',
        source: 'input',
        error: { code: -1, message: 'User rejected sampling request' },
      });
      expect(framesOf(session.events(), 'out', 'tools/call')).toHaveLength(1);
    }
  });

  it('roots: answered from the session; a change is announced on the legacy era only', async () => {
    const session = await open(era);
    expect(session.info().roots).toEqual([]);
    const roots = [{ uri: 'file:///work/project', name: 'Project' }];
    await session.setRoots(roots);
    expect(session.info().roots).toEqual(roots);
    expect(framesOf(session.events(), 'out', 'notifications/roots/list_changed')).toHaveLength(era === 'legacy' ? 1 : 0);
    const out = (await session.request('tools/call', { name: 'list_roots', arguments: {} })) as { result: Record<string, unknown> };
    expect(text(out.result)).toBe('Project: file:///work/project');
    expect(engine.pendingServerRequests()).toEqual([]);
  });

  it('maxTotalTimeoutMs also bounds the wait for a person: ENGINE_TIMEOUT, the request withdrawn', async () => {
    const session = await open(era);
    const asked = nextMessage(engine, isServerRequest);
    const call = session.request('tools/call', { name: 'ask_user', arguments: {} }, { maxTotalTimeoutMs: 300 });
    const { request } = await asked;
    const done = nextMessage(engine, (m) => m.type === 'server-request-done');
    await expect(call).rejects.toMatchObject({
      code: 'ENGINE_TIMEOUT',
      message: 'tools/call did not finish within 300 ms (maxTotalTimeoutMs)',
    });
    expect(await done).toMatchObject({ requestId: request.requestId });
  });

  it('cancelling a call that waits for input withdraws the pending request', async () => {
    const session = await open(era);
    const asked = nextMessage(engine, isServerRequest);
    const call = session.request('tools/call', { name: 'ask_user', arguments: {} }, { callId: 'wait' });
    const { request } = await asked;
    const done = nextMessage(engine, (m) => m.type === 'server-request-done');
    expect(session.cancelRequest('wait')).toBe(true);
    expect(await call).toMatchObject({ outcome: 'cancelled' });
    // Legacy: the server cancels its own request (notifications/cancelled); 2026-07-28: the round is aborted.
    expect(await done).toMatchObject({ requestId: request.requestId });
    expect(engine.pendingServerRequests()).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import { EngineError } from '../errors/errors.js';
import type { EngineMessage } from '../session/types.js';
import { demoConfig, ERAS, framesOf, isProgress, nextMessage } from '../../test-fixtures/demo.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

async function open(era: 'legacy' | 'modern') {
  engine = new Engine({ stopGraceMs: 200 });
  const session = await engine.open(demoConfig(era), { watchListChanges: false });
  expect(session.info().era).toBe(era);
  return session;
}

describe.each(ERAS)('Session.request (%s era)', (era) => {
  it('returns the result as received, with latency', async () => {
    const session = await open(era);
    const out = await session.request('tools/call', { name: 'add', arguments: { a: 2, b: 3 } });
    expect(out).toMatchObject({ outcome: 'result', result: { structuredContent: { sum: 5 } } });
    expect(out.latencyMs).toBeGreaterThanOrEqual(0);
    expect(out.callId).toMatch(/^[0-9a-f-]{36}$/);
    const call = framesOf(session.events(), 'out', 'tools/call').pop()!;
    if (era === 'modern')
      expect((call.msg?.params as { _meta: object })._meta).toHaveProperty(['io.modelcontextprotocol/protocolVersion'], '2026-07-28');
  });

  it('tells a JSON-RPC error apart from an isError result', async () => {
    const session = await open(era);
    const failed = await session.request('tools/call', { name: 'fail', arguments: { reason: 'x' } });
    expect(failed).toMatchObject({ outcome: 'result', result: { isError: true } });
    const missing = await session.request('no/such/method', {});
    expect(missing).toMatchObject({ outcome: 'error', source: 'server', error: { code: -32601 } });
  });

  it('streams progress and resets the timeout on it: a task longer than the timeout succeeds', async () => {
    const session = await open(era);
    const progress: Array<Extract<EngineMessage, { type: 'request-progress' }>> = [];
    engine.subscribe((m) => isProgress(m) && progress.push(m));
    // 8 steps of 100 ms = 800 ms in all, each step well within the 500 ms timeout.
    const out = await session.request(
      'tools/call',
      { name: 'long_task', arguments: { steps: 8, stepMs: 100 } },
      { callId: 'c1', timeoutMs: 500 },
    );
    expect(out).toMatchObject({ callId: 'c1', outcome: 'result' });
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(progress[0]).toMatchObject({ sessionId: session.id, callId: 'c1', total: 8, message: 'Step 1 of 8' });
  });

  it('times out without the reset (ENGINE_TIMEOUT), and on maxTotalTimeoutMs despite progress', async () => {
    const session = await open(era);
    const noReset = session.request(
      'tools/call',
      { name: 'long_task', arguments: { steps: 6, stepMs: 100 } },
      { timeoutMs: 250, resetTimeoutOnProgress: false },
    );
    await expect(noReset).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' });
    const capped = session.request(
      'tools/call',
      { name: 'long_task', arguments: { steps: 20, stepMs: 50 } },
      { timeoutMs: 400, maxTotalTimeoutMs: 300 },
    );
    await expect(capped).rejects.toBeInstanceOf(EngineError);
    await expect(capped).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' });
    expect(framesOf(session.events(), 'out', 'notifications/cancelled').length).toBe(2);
  });

  it('cancels a running call: outcome cancelled, notifications/cancelled on the wire', async () => {
    const session = await open(era);
    const call = session.request('tools/call', { name: 'long_task', arguments: { steps: 50, stepMs: 100 } }, { callId: 'slow' });
    await nextMessage(engine, isProgress);
    expect(session.cancelRequest('slow')).toBe(true);
    expect(await call).toMatchObject({ callId: 'slow', outcome: 'cancelled' });
    expect(session.cancelRequest('slow')).toBe(false);
    const [cancelled] = framesOf(session.events(), 'out', 'notifications/cancelled');
    const [sent] = framesOf(session.events(), 'out', 'tools/call');
    expect((cancelled.msg?.params as { requestId: unknown }).requestId).toBe(sent.msg?.id);
  });

  it('an AbortSignal cancels too', async () => {
    const session = await open(era);
    const abort = new AbortController();
    const call = session.request('tools/call', { name: 'long_task', arguments: { steps: 50, stepMs: 100 } }, { signal: abort.signal });
    await nextMessage(engine, isProgress);
    abort.abort();
    expect(await call).toMatchObject({ outcome: 'cancelled' });
    expect(framesOf(session.events(), 'out', 'notifications/cancelled')).toHaveLength(1);
  });

  it('refuses a callId that is already running', async () => {
    const session = await open(era);
    const first = session.request('tools/call', { name: 'long_task', arguments: { steps: 2, stepMs: 50 } }, { callId: 'dup' });
    await expect(session.request('ping', {}, { callId: 'dup' })).rejects.toMatchObject({ code: 'ENGINE_CALL_ID_IN_USE' });
    await first;
  });
});

describe('Session.request, era differences', () => {
  it('2026-07-28 has no ping: ENGINE_METHOD_NOT_IN_ERA, nothing sent', async () => {
    const session = await open('modern');
    await expect(session.request('ping')).rejects.toMatchObject({ code: 'ENGINE_METHOD_NOT_IN_ERA' });
    expect(framesOf(session.events(), 'out', 'ping')).toEqual([]);
  });

  it('answers 409-style ENGINE_NOT_CONNECTED once closed', async () => {
    const session = await open('legacy');
    expect(await session.request('ping')).toMatchObject({ outcome: 'result', result: {} });
    await session.close();
    await expect(session.request('ping')).rejects.toMatchObject({ code: 'ENGINE_NOT_CONNECTED' });
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHttpServer, type DemoHttpServer } from '@mcpscope/demo-server';
import { Engine } from '../session/engine.js';
import type { OpenOptions } from '../session/types.js';
import { framesOf, isProgress, isServerRequest, nextMessage, until } from '../../test-fixtures/demo.js';

let demo: DemoHttpServer;
let engine: Engine;
beforeAll(async () => {
  demo = await startDemoHttpServer({ port: 0, clockIntervalMs: 30 });
});
afterAll(async () => demo?.close());
afterEach(async () => engine?.closeAll());

async function open(opts: OpenOptions = {}) {
  engine = new Engine();
  const session = await engine.open({ transport: 'http', url: demo.url, headers: {} }, opts);
  expect(session.info()).toMatchObject({ era: 'modern', transport: 'http' });
  return session;
}

describe('2026-07-28 over Streamable HTTP (the demo server)', () => {
  it('progress, then cancel by closing the request stream (no notifications/cancelled)', async () => {
    const session = await open();
    const call = session.request('tools/call', { name: 'long_task', arguments: { steps: 50, stepMs: 50 } }, { callId: 'h1' });
    expect(await nextMessage(engine, isProgress)).toMatchObject({ callId: 'h1', progress: 1, total: 50 });
    session.cancelRequest('h1');
    expect(await call).toMatchObject({ outcome: 'cancelled' });
    expect(framesOf(session.events(), 'out', 'notifications/cancelled')).toEqual([]);
  });

  it('an input_required round trip answered through the queue', async () => {
    const session = await open();
    const asked = nextMessage(engine, isServerRequest);
    const call = session.request('tools/call', { name: 'ask_llm', arguments: { question: 'q' } }, { callId: 'h2' });
    const { request } = await asked;
    expect(request).toMatchObject({ method: 'sampling/createMessage', callId: 'h2', inputKey: 'answer' });
    session.answer(request.requestId, { result: { role: 'assistant', model: 'm', content: { type: 'text', text: 'a' } } });
    expect(await call).toMatchObject({ outcome: 'result', result: { content: [{ type: 'text', text: 'm answered: a' }] } });
    expect(framesOf(session.events(), 'out', 'tools/call')).toHaveLength(2);
  });

  it('subscriptions/listen streams: list changes at connect (opted in), one per subscribed URI', async () => {
    const session = await open({ watchListChanges: true });
    await until(engine, () => framesOf(session.events(), 'in', 'notifications/subscriptions/acknowledged').length === 1);
    await session.subscribe('demo://clock');
    await until(engine, () => framesOf(session.events(), 'in', 'notifications/resources/updated').length >= 1);
    expect(await session.unsubscribe('demo://clock')).toBe(true);
    expect(session.info().subscriptions).toEqual([]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FrameEvent, FrameOrigin } from '@mcpscope/protocol';
import { lintTraceFile } from '../check/lint-trace.js';
import { Engine } from '../session/engine.js';
import { withOrigin } from './origin.js';
import type { Session } from '../session/session.js';
import { demoConfig, ERAS, frames, isServerRequest, nextMessage, until } from '../../test-fixtures/demo.js';
import { everythingEntry, startEverything, type RunningServer } from '../../test-fixtures/servers.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

const user = (reason: string): FrameOrigin => ({ by: 'user', reason });
const auto = (reason: string): FrameOrigin => ({ by: 'mcpscope', reason });
const HANDSHAKE = auto('handshake');
const HANDSHAKE_METHODS = new Set(['server/discover', 'initialize', 'notifications/initialized']);

const out = (session: Session): FrameEvent[] => frames(session.events()).filter((f) => f.dir === 'out');
const outOf = (session: Session, method: string): FrameEvent[] => out(session).filter((f) => f.msg?.method === method);
/** The reply frames mcpscope sent to server requests of `method`. */
const repliesTo = (session: Session, method: string): FrameEvent[] => out(session).filter((f) => f.pair?.method === method);

/** Every outgoing frame says why it was sent, and none is `unattributed`. */
function expectAllAttributed(session: Session): void {
  const frames = out(session);
  expect(frames.length).toBeGreaterThan(0);
  const missing = frames.filter((f) => !f.origin || f.origin.reason === 'unattributed').map((f) => ({ msg: f.msg, origin: f.origin }));
  expect(missing).toEqual([]);
}

/**
 * The handshake frames are mcpscope's: `handshake`, and once the server/discover probe found a
 * legacy server, `era fallback: <what the probe got>`.
 */
function expectHandshake(session: Session): void {
  const handshake = out(session).filter((f) => HANDSHAKE_METHODS.has(String(f.msg?.method)));
  expect(handshake.length).toBeGreaterThan(0);
  const fallback = session.info().eraFallback?.reason.replace(/ → .*$/, '');
  for (const f of handshake) {
    if (f.msg?.method === 'server/discover' || fallback === undefined) expect(f.origin).toEqual(HANDSHAKE);
    else expect(f.origin).toEqual(auto(`era fallback: ${fallback}`));
  }
}

describe('origins over server-everything (stdio, legacy era after the server/discover probe)', () => {
  const config = { transport: 'stdio' as const, command: process.execPath, args: [everythingEntry(), 'stdio'], env: {} };

  it('stamps the handshake, the roots reply, the caller-given origins and the defaults of answers and cancels', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(config);
    expect(session.info().era).toBe('legacy');
    // server-everything asks for roots/list once initialized: mcpscope answers on its own.
    await until(engine, () => repliesTo(session, 'roots/list').length > 0);
    expect(repliesTo(session, 'roots/list')[0].origin).toEqual(auto('roots reply'));

    await session.request('tools/list', {}, { origin: user('cli: call tools/list') });
    expect(outOf(session, 'tools/list')[0].origin).toEqual(user('cli: call tools/list'));
    await session.send({ method: 'prompts/list', params: {} }, { origin: user('raw: send') });
    expect(outOf(session, 'prompts/list')[0].origin).toEqual(user('raw: send'));
    await session.setRoots([{ uri: 'file:///tmp' }], user('roots: set'));
    expect(outOf(session, 'notifications/roots/list_changed')[0].origin).toEqual(user('roots: set'));
    await session.setLogLevel('info', user('logging: set level'));
    expect(outOf(session, 'logging/setLevel')[0].origin).toEqual(user('logging: set level'));

    // A sampling request answered without an origin: the user's `client: answer sampling`.
    const asked = nextMessage(engine, isServerRequest);
    const call = session.request(
      'tools/call',
      { name: 'trigger-sampling-request', arguments: { prompt: 'hi', maxTokens: 5 } },
      { origin: user('tools: call') },
    );
    const { request } = await asked;
    session.answer(request.requestId, { result: { role: 'assistant', model: 'a-person', content: { type: 'text', text: 'hello' } } });
    expect((await call).outcome).toBe('result');
    expect(repliesTo(session, 'sampling/createMessage')[0].origin).toEqual(user('client: answer sampling'));

    // A user's cancel, then a timeout: each notifications/cancelled says which.
    const long = session.request(
      'tools/call',
      { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } },
      { callId: 'long', origin: user('tools: call') },
    );
    await until(engine, () => outOf(session, 'tools/call').length === 2);
    expect(session.cancelRequest('long', user('tools: cancel'))).toBe(true);
    expect((await long).outcome).toBe('cancelled');
    const timedOut = session.request(
      'tools/call',
      { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 1 } },
      { timeoutMs: 100, origin: user('tools: call') },
    );
    await expect(timedOut).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' });
    const cancels = outOf(session, 'notifications/cancelled');
    expect(cancels.map((f) => f.origin)).toEqual([user('tools: cancel'), auto('cancel: timeout')]);

    expectHandshake(session);
    expect(outOf(session, 'server/discover')).toHaveLength(1);
    expectAllAttributed(session);
  });

  it("keeps the handshake the handshake inside a caller's ambient origin, which later requests take", async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await withOrigin(auto('check: exercise'), async () => {
      const opened = await engine.open(config);
      await opened.request('tools/list', {});
      await opened.send({ method: 'ping' });
      return opened;
    });
    expectHandshake(session);
    expect(outOf(session, 'tools/list')[0].origin).toEqual(auto('check: exercise'));
    expect(outOf(session, 'ping')[0].origin).toEqual(auto('check: exercise'));
    // Outside the scope, with no origin given: visibly unattributed, not silently someone's.
    await session.request('prompts/list', {});
    expect(outOf(session, 'prompts/list')[0].origin).toEqual(auto('unattributed'));
  });
});

describe.each(ERAS)('origins over the demo server (%s era)', (era) => {
  it('a call and its input rounds, subscriptions and the opted-in list-change stream say who sent them', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(demoConfig(era), { watchListChanges: true });
    expect(session.info().era).toBe(era);

    const asked = nextMessage(engine, isServerRequest);
    const call = session.request('tools/call', { name: 'ask_llm', arguments: { question: 'why?' } }, { origin: user('tools: call') });
    const { request } = await asked;
    session.answer(
      request.requestId,
      { result: { role: 'assistant', model: 'm', content: { type: 'text', text: 'because' } } },
      user('sampling: answer'),
    );
    expect((await call).outcome).toBe('result');
    // 2026-07-28: the retry carrying the answer is the call's (one leg per round); legacy: the reply is the answer's.
    for (const f of outOf(session, 'tools/call')) expect(f.origin).toEqual(user('tools: call'));
    if (era === 'legacy') expect(repliesTo(session, 'sampling/createMessage')[0].origin).toEqual(user('sampling: answer'));

    await session.subscribe('demo://clock', user('resources: subscribe'));
    expect(await session.unsubscribe('demo://clock', user('resources: unsubscribe'))).toBe(true);
    if (era === 'modern') {
      const listens = outOf(session, 'subscriptions/listen');
      expect(listens.map((f) => f.origin)).toEqual([auto('subscription listen'), user('resources: subscribe')]);
      expect(outOf(session, 'notifications/cancelled').map((f) => f.origin)).toEqual([user('resources: unsubscribe')]);
    } else {
      expect(outOf(session, 'resources/subscribe')[0].origin).toEqual(user('resources: subscribe'));
      expect(outOf(session, 'resources/unsubscribe')[0].origin).toEqual(user('resources: unsubscribe'));
    }
    expectHandshake(session);
    expectAllAttributed(session);
  });
});

describe('origins across the Streamable HTTP → HTTP+SSE fallback', () => {
  let sse: RunningServer;
  beforeAll(async () => {
    sse = await startEverything('sse');
  });
  afterAll(async () => sse?.stop());

  it('the first handshake is `handshake`, the resend on HTTP+SSE is `transport fallback`', async () => {
    engine = new Engine();
    const session = await engine.open({ transport: 'auto', url: sse.url, headers: {} });
    expect(session.info().transport).toBe('sse');
    await session.request('tools/list', {}, { origin: user('tools: list') });
    const inits = outOf(session, 'initialize');
    expect(inits.length).toBeGreaterThanOrEqual(2);
    // server/discover answered 404 (no MCP endpoint there): the SDK tried initialize, which got 404 too.
    expect(outOf(session, 'server/discover')[0].origin).toEqual(HANDSHAKE);
    expect(inits[0].origin?.reason).toMatch(/^era fallback: server\/discover answered HTTP 404/);
    expect(inits[inits.length - 1].origin).toEqual(auto('transport fallback'));
    expect(outOf(session, 'notifications/initialized').map((f) => f.origin)).toEqual([auto('transport fallback')]);
    expect(outOf(session, 'tools/list')[0].origin).toEqual(user('tools: list'));
    expectAllAttributed(session);
  });
});

describe('origins in a recorded trace', () => {
  it('are written, read back by an offline session, and kept by lint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-origin-'));
    try {
      const file = join(dir, 'origin.ndjson');
      engine = new Engine({ stopGraceMs: 200 });
      const live = await engine.open(demoConfig('legacy'), { record: file });
      await live.request('tools/list', {}, { origin: user('tools: list') });
      await engine.close(live.id);
      const offline = await engine.openTrace(file);
      const recorded = frames(offline.events()).filter((f) => f.dir === 'out');
      expect(recorded.find((f) => f.msg?.method === 'tools/list')?.origin).toEqual(user('tools: list'));
      expect(recorded.find((f) => f.msg?.method === 'initialize')?.origin).toEqual(HANDSHAKE);
      expect(recorded.every((f) => f.origin !== undefined)).toBe(true);
      const report = await lintTraceFile(file);
      expect(report.counts.error).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

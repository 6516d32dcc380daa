import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import type { StdioSessionConfig } from '../session/types.js';

const QUIRKS = fileURLToPath(new URL('../../test-fixtures/legacy-quirks-server.mjs', import.meta.url));
const quirks = (mode: string, extra: Partial<StdioSessionConfig> = {}): StdioSessionConfig => ({
  transport: 'stdio',
  command: process.execPath,
  args: [QUIRKS],
  env: { FIXTURE_MODE: mode },
  ...extra,
});
const frames = (events: readonly SessionEvent[]) => events.filter((e): e is FrameEvent => e.type === 'frame');

let engine: Engine | undefined;
afterEach(async () => {
  await engine?.closeAll();
  engine = undefined;
});

describe('server/discover on a legacy stdio server that never answers unknown methods', () => {
  it('falls back to initialize on the same process after the probe timeout, and says why', async () => {
    engine = new Engine();
    const started = performance.now();
    // connectTimeoutMs stays at 30 s: before the fix the connect waited for it and failed.
    const session = await engine.open(quirks('silent-unknown', { probeTimeoutMs: 500 }), { connectTimeoutMs: 30_000 });
    const elapsed = performance.now() - started;
    expect(session.info().state).toBe('connected');
    expect(session.info().era).toBe('legacy');
    expect(elapsed).toBeLessThan(10_000);
    const events = session.events();
    const spawns = events.filter((e) => e.type === 'lifecycle' && e.phase === 'spawn');
    expect(spawns).toHaveLength(1);
    const reason = 'no answer to server/discover within 500 ms → legacy initialize on the same process';
    const note = events.find((e) => e.type === 'lifecycle' && e.phase === 'state' && e.message?.startsWith(reason));
    expect(note).toBeDefined();
    expect(session.info().eraFallback).toEqual({ reason, probeFailed: true });
    const out = frames(events)
      .filter((f) => f.dir === 'out')
      .map((f) => f.msg?.method);
    expect(out.slice(0, 2)).toEqual(['server/discover', 'initialize']);
    // The note comes before the initialize it explains.
    const initialize = frames(events).find((f) => f.msg?.method === 'initialize');
    expect(note!.seq).toBeLessThan(initialize!.seq);
    // The legacy handshake says why it was sent.
    expect(initialize!.origin).toEqual({ by: 'mcpscope', reason: 'era fallback: no answer to server/discover within 500 ms' });
  });

  it('says so when the probe is answered after the fallback (a server slow to start)', async () => {
    engine = new Engine();
    const session = await engine.open(quirks('late-discover', { probeTimeoutMs: 200 }));
    expect(session.info().era).toBe('legacy');
    const messages = session.events().flatMap((e) => (e.type === 'lifecycle' && e.phase === 'state' && e.message ? [e.message] : []));
    expect(messages.filter((m) => m.includes('server/discover'))).toEqual([
      expect.stringContaining('no answer to server/discover within 200 ms'),
      expect.stringContaining('answered after the 200 ms probe timeout'),
    ]);
  });

  it('says nothing about a timeout when the probe was answered (with an error)', async () => {
    engine = new Engine();
    const session = await engine.open(quirks('plain'));
    expect(session.info().era).toBe('legacy');
    expect(session.events().some((e) => e.type === 'lifecycle' && e.message?.includes('no answer to server/discover'))).toBe(false);
    expect(session.info().eraFallback).toMatchObject({
      reason: expect.stringMatching(/^server\/discover answered JSON-RPC error -?\d+ .*→ legacy initialize on the same process$/),
      probeFailed: false,
    });
  });
});

describe('JSON-RPC batches on stdio (2025-03-26 era)', () => {
  it('delivers each element of a batch as its own frame, and keeps an empty array raw', async () => {
    engine = new Engine();
    const session = await engine.open(quirks('batch'));
    expect(session.info().state).toBe('connected');
    const reply = await session.send({ method: 'tools/list', params: {} });
    expect((reply.response?.result as { tools: unknown[] }).tools).toHaveLength(1);
    const inbound = frames(session.events()).filter((f) => f.dir === 'in');
    const raws = inbound.filter((f) => f.raw !== undefined);
    expect(raws.map((f) => f.raw)).toEqual(['[]']);
    expect(raws[0].findings?.[0]?.message).toContain('an empty JSON array');
    const messages = inbound.filter((f) => f.msg);
    expect(messages.map((f) => f.msg?.method ?? 'response')).toEqual(['response', 'response', 'notifications/message', 'response']);
    expect(messages.every((f) => f.size > 0 && !f.findings?.some((x) => x.rule === 'stdio-non-json-stdout'))).toBe(true);
  });
});

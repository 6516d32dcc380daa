import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { Engine } from './engine.js';
import type { EngineError } from '../errors/errors.js';
import { RAW_SERVER, isAlive } from '../../test-fixtures/servers.js';

let engine: Engine;
afterEach(async () => engine?.dispose());

const raw = (mode: string) => ({ transport: 'stdio' as const, command: process.execPath, args: [RAW_SERVER], env: { FIXTURE_MODE: mode } });

describe('faulty servers', () => {
  it('a connect that times out says what the server sent instead: its stdout line, and that an HTTP server is reached by URL', async () => {
    engine = new Engine({ stopGraceMs: 100, connectTimeoutMs: 800 });
    const err = (await engine.open({ ...raw('http-banner'), probeTimeoutMs: 200 }).catch((e: unknown) => e)) as EngineError;
    expect(err.details).toMatchObject({ code: 'ENGINE_TIMEOUT', message: expect.stringContaining('No answer within 800 ms') });
    expect(err.details?.sentInstead).toEqual([
      'a line on stdout that is not JSON-RPC, the first: "MCP server listening on http://127.0.0.1:3000/mcp"; it names "http://127.0.0.1:3000/mcp": a server that speaks HTTP is connected to by its URL, not run as a command',
    ]);
    // The failed session keeps it for the UI.
    expect(engine.list()[0]?.error?.sentInstead).toEqual(err.details?.sentInstead);
  });

  it('a connect that fails on a server that sent only answers says nothing instead', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const err = (await engine.open(raw('exit-on-init')).catch((e: unknown) => e)) as EngineError;
    expect(err.details?.code).toBe('ENGINE_EXITED');
    expect(err.details?.sentInstead).toBeUndefined();
  });

  it('a request that times out says what the server sent meanwhile instead of an answer (SDK and raw paths)', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(raw('wrong-id'));
    const viaSdk = (await session.request('tools/list', {}, { timeoutMs: 400 }).catch((e: unknown) => e)) as EngineError;
    expect(viaSdk.code).toBe('ENGINE_TIMEOUT');
    expect(viaSdk.message).toMatch(
      /^No response to tools\/list within 400 ms \(.*\)\. The server sent instead: a response to no request in flight, the first with id \d+ \(a response carries the id of the request it answers\)$/,
    );
    expect(viaSdk.data?.sentInstead).toHaveLength(1);
    // The raw path (Composer): only what came while it waited.
    const viaRaw = (await session.send({ method: 'tools/list' }, { timeoutMs: 400 }).catch((e: unknown) => e)) as EngineError;
    expect(viaRaw.code).toBe('ENGINE_TIMEOUT');
    expect(viaRaw.data?.sentInstead).toEqual([
      expect.stringMatching(/^a response to no request in flight, the first with id "mcpscope-\d+"/),
    ]);
    // A timeout with nothing stray says only what it said before.
    const hung = await engine.open(raw('hang-on-tools'));
    const plain = (await hung.request('tools/list', {}, { timeoutMs: 300 }).catch((e: unknown) => e)) as EngineError;
    expect(plain.code).toBe('ENGINE_TIMEOUT');
    expect(plain.message).not.toContain('sent instead');
  });

  it('a hung request fails with a clear timeout and the session stays usable', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(raw('hang-on-tools'));
    await expect(session.send({ method: 'tools/list' }, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' });
    const ping = await session.send({ method: 'ping' });
    expect(ping.response?.result).toEqual({});
  });

  it('a 50 MB line arrives as one frame of the right size', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(raw('big-line'));
    const reply = await session.send({ method: 'tools/list' });
    const tools = (reply.response?.result as { tools: Array<{ description: string }> }).tools;
    expect(tools[0].description.length).toBe(50 * 1024 * 1024);
    const frame = session
      .events()
      .filter((e): e is FrameEvent => e.type === 'frame')
      .pop()!;
    expect(frame.size).toBeGreaterThan(50 * 1024 * 1024);
  });

  it('a flood of 100,000 notifications is captured in order and the answer still comes', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(raw('flood'));
    const reply = await session.send({ method: 'tools/list' }, { timeoutMs: 60_000 });
    expect(reply.response?.result).toBeDefined();
    // Memory holds only the newest 32 MiB; all() reads the rest back from the spill file.
    const seqs: number[] = [];
    let notes = 0;
    for await (const e of session.all()) {
      seqs.push(e.seq);
      if (e.type === 'frame' && e.msg?.method === 'notifications/message') notes++;
    }
    expect(notes).toBe(100_000);
    expect(seqs.every((s, i) => i === 0 || s === seqs[i - 1] + 1)).toBe(true);
    expect(session.pageInfo().frames).toBe(session.pageInfo().firstFrame + session.events().filter((e) => e.type === 'frame').length);
  }, 60_000);

  it('a server that closes stdout but keeps running is stopped and its session ends with a reason', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(raw('close-stdout'));
    const pid = session.info().pid!;
    for (let i = 0; i < 100 && session.info().state !== 'closed'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(session.info().state).toBe('closed');
    expect(isAlive(pid)).toBe(false);
    expect(session.events().some((e) => e.type === 'lifecycle' && e.message?.includes('closed its stdout'))).toBe(true);
    await expect(session.send({ method: 'ping' })).rejects.toMatchObject({ code: 'ENGINE_NOT_CONNECTED' });
  });
});

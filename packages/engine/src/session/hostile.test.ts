import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { Engine } from './engine.js';
import type { Session } from './session.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../test-fixtures/hostile/${name}`, import.meta.url));
const HOSTILE = fixture('stdio-server.mjs');
const REFUSING = fixture('refusing-server.mjs');

let engine: Engine;
afterEach(async () => engine?.dispose());

const stdio = (file: string, env: Record<string, string>) => ({
  transport: 'stdio' as const,
  command: process.execPath,
  args: [file],
  env,
  era: 'legacy' as const,
});
const frames = (s: Session) => s.events().filter((e): e is FrameEvent => e.type === 'frame');

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a hostile stdio server cannot crash mcpscope', () => {
  it('prototype-named methods, ids of every type and nesting up to 10,000 leave the session working', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(stdio(HOSTILE, { FUZZ_SEED: '7', FUZZ_COUNT: '200' }));
    await until(() => session.events().some((e) => e.type === 'stderr' && e.text.includes('FUZZ_DONE')));
    // Its tools/list answer holds an inputSchema nested past the cap: refused, and the call fails now.
    await expect(session.request('tools/list', {})).rejects.toMatchObject({ code: 'ENGINE_RESPONSE_REFUSED' });
    expect(session.info().state).toBe('connected');
    const all = frames(session);
    expect(all.some((f) => f.findings?.some((x) => x.rule === 'message-too-deep'))).toBe(true);
    // Refused at the boundary: kept as text, never parsed.
    for (const f of all.filter((x) => x.findings?.some((y) => y.rule === 'message-too-deep'))) expect(f.msg).toBeUndefined();
    expect(all.flatMap((f) => f.findings ?? []).filter((x) => x.rule === 'internal-error')).toEqual([]);
    const ping = await session.send({ method: 'ping' });
    expect(ping.response?.result).toEqual({});
  });

  it('an answer nested too deep fails its request at once, raw or through the client', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(stdio(REFUSING, { FIXTURE_MODE: 'deep-answer' }));
    const started = Date.now();
    await expect(session.send({ method: 'tools/list' }, { timeoutMs: 20_000 })).rejects.toMatchObject({ code: 'ENGINE_RESPONSE_REFUSED' });
    await expect(session.request('tools/list', {}, { timeoutMs: 20_000 })).rejects.toMatchObject({ code: 'ENGINE_RESPONSE_REFUSED' });
    expect(Date.now() - started).toBeLessThan(10_000);
    const refused = frames(session).filter((f) => f.findings?.some((x) => x.rule === 'message-too-deep'));
    expect(refused).toHaveLength(2);
    expect(refused[0].raw?.startsWith('{"jsonrpc":"2.0","id":')).toBe(true);
    expect(session.info().state).toBe('connected');
  });

  it('an answer longer than the line cap fails its request at once', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(stdio(REFUSING, { FIXTURE_MODE: 'huge-answer' }));
    await expect(session.request('tools/list', {}, { timeoutMs: 30_000 })).rejects.toMatchObject({ code: 'ENGINE_RESPONSE_REFUSED' });
    // The 64 MiB frame is past the memory budget by now: read it back from the spill file.
    let tooLarge = 0;
    for await (const e of session.all()) if (e.type === 'frame' && e.findings?.some((x) => x.rule === 'message-too-large')) tooLarge++;
    expect(tooLarge).toBe(1);
    const ping = await session.send({ method: 'ping' });
    expect(ping.response?.result).toEqual({});
  }, 30_000);

  it('a server that stops reading stdin: requests and notifications time out, nothing is left unhandled', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(stdio(REFUSING, { FIXTURE_MODE: 'stop-reading' }));
    const big = 'z'.repeat(1024 * 1024);
    // Each write is larger than the pipe buffer, so it stays pending while the timeout fires.
    await expect(
      session.send({ method: 'tools/call', params: { name: 'x', arguments: { big } } }, { timeoutMs: 200 }),
    ).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' });
    await expect(
      session.send({ method: 'notifications/x', params: { big } }, { notification: true, timeoutMs: 200 }),
    ).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' });
    // Let any stray rejection surface: vitest fails the run on an unhandled one.
    await new Promise((r) => setTimeout(r, 300));
    expect(session.info().state).toBe('connected');
  });

  it('a fault inside one session closes that session with a reason; another session is untouched', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const victim = await engine.open(stdio(REFUSING, {}));
    const bystander = await engine.open(stdio(REFUSING, {}));
    (victim as unknown as { tap: { intercept: () => boolean } }).tap.intercept = () => {
      throw new TypeError('simulated bug');
    };
    await victim.send({ method: 'ping' }, { timeoutMs: 2000 }).catch(() => undefined);
    await until(() => victim.info().state === 'closed');
    expect(victim.info().error).toMatchObject({ code: 'ENGINE_INTERNAL' });
    expect(victim.info().error?.message).toContain('TypeError: simulated bug');
    expect((await bystander.send({ method: 'ping' })).response?.result).toEqual({});
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import { EngineError } from '../errors/errors.js';
import { RAW_SERVER, everythingEntry, hostPid, isAlive } from '../../test-fixtures/servers.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

const frames = (events: readonly SessionEvent[]) => events.filter((e): e is FrameEvent => e.type === 'frame');
const raw = (mode: string) => ({ transport: 'stdio' as const, command: process.execPath, args: [RAW_SERVER], env: { FIXTURE_MODE: mode } });

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setImmediate(r));
  if (check()) return;
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('stdio sessions', () => {
  it('connects to server-everything (legacy era), captures every frame once and pairs them', async () => {
    engine = new Engine();
    const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'], env: {} });
    const info = session.info();
    expect(info.state).toBe('connected');
    expect(info.era).toBe('legacy');
    expect(info.protocolVersion).toMatch(/^2025-/);
    expect(info.serverInfo?.name).toBeTruthy();
    expect(info.serverCapabilities?.tools).toBeDefined();
    expect(info.pid).toBeGreaterThan(0);

    const reply = await session.send({ method: 'tools/list', params: {} });
    const tools = (reply.response?.result as { tools: Array<{ name: string }> }).tools;
    expect(tools.map((t) => t.name)).toContain('echo');

    const all = frames(session.events());
    const methods = all.filter((f) => f.dir === 'out').map((f) => f.msg?.method);
    expect(methods).toContain('initialize');
    expect(methods).toContain('notifications/initialized');
    const listResponse = all.find((f) => f.dir === 'in' && f.pair?.method === 'tools/list');
    expect(listResponse?.pair?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(new Set(all.map((f) => f.seq)).size).toBe(all.length);
    expect(all.every((f, i) => i === 0 || f.seq > all[i - 1].seq)).toBe(true);
  });

  it('turns non-JSON stdout lines into raw frames with a finding and goes on', async () => {
    engine = new Engine();
    const session = await engine.open(raw('junk'));
    const reply = await session.send({ method: 'tools/list' });
    expect(reply.response?.result).toBeDefined();
    const junk = frames(session.events()).filter((f) => f.raw !== undefined);
    expect(junk.map((f) => f.raw)).toEqual(['Server starting... (a print() on stdout)', 'debug: listing tools']);
    expect(junk[0].findings?.[0].rule).toBe('stdio-non-json-stdout');
    expect(session.info().state).toBe('connected');
  });

  it('reports a command that does not exist', async () => {
    engine = new Engine();
    const err = await engine.open({ transport: 'stdio', command: 'no-such-command-mcpscope', args: [], env: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err.code).toBe('ENGINE_SPAWN_FAILED');
    expect(err.message).toContain('command not found: no-such-command-mcpscope');
    expect(engine.list()[0].state).toBe('failed');
  });

  it('reports the exit code and last stderr lines of a server that exits during initialize', async () => {
    engine = new Engine();
    const err: EngineError = await engine.open(raw('exit-on-init')).catch((e) => e);
    expect(err.code).toBe('ENGINE_EXITED');
    expect(err.details?.exitCode).toBe(3);
    expect(err.details?.stderrTail?.filter((l) => l.includes('MY_API_KEY'))).toEqual(['fatal: MY_API_KEY is not set']);
    expect(engine.list()[0].error?.exitCode).toBe(3);
  });

  it('stops the whole process tree on close', async () => {
    engine = new Engine();
    const session = await engine.open(raw('grandchild'));
    await until(() => session.events().some((e) => e.type === 'stderr' && e.text.includes('GRANDCHILD')), 'grandchild pid');
    const line = session.events().find((e) => e.type === 'stderr' && e.text.includes('GRANDCHILD')) as { text: string };
    const pid = session.info().pid!;
    // As the server sees it: in a PID namespace of its own, not the host's pid.
    const grandchild = hostPid(Number(/GRANDCHILD (\d+)/.exec(line.text)![1]), pid);
    expect(isAlive(grandchild)).toBe(true);
    await engine.close(session.id);
    expect(isAlive(pid)).toBe(false);
    await until(() => !isAlive(grandchild), 'grandchild to exit');
    expect(session.info().state).toBe('closed');
  });

  it('escalates to SIGTERM/SIGKILL for a server that ignores stdin EOF and SIGTERM', async () => {
    engine = new Engine();
    const session = await engine.open(raw('ignore-stdin-eof'));
    const pid = session.info().pid!;
    await engine.close(session.id);
    expect(isAlive(pid)).toBe(false);
    const exit = session.events().find((e) => e.type === 'lifecycle' && e.phase === 'exit');
    expect(exit).toMatchObject({ signal: 'SIGKILL' });
  });

  it('answers a JSON-RPC error as a response, not a failure', async () => {
    engine = new Engine();
    const session = await engine.open(raw('plain'));
    const reply = await session.send({ method: 'does/not/exist', params: {} });
    expect((reply.response?.error as { code: number }).code).toBe(-32601);
  });

  it('restarts a legacy server that exits on the server/discover probe and connects with initialize', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(raw('strict-init'));
    expect(session.info()).toMatchObject({ state: 'connected', era: 'legacy' });
    expect(session.events().filter((e) => e.type === 'lifecycle' && e.phase === 'spawn')).toHaveLength(2);
  });

  it('fails pending requests with a clear error when the server crashes mid-call', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const session = await engine.open(raw('crash-on-tools'));
    const err = await session.send({ method: 'tools/list' }).catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err.message).toMatch(/closed/);
    expect(session.info().state).toBe('closed');
    const exit = session.events().find((e) => e.type === 'lifecycle' && e.phase === 'exit');
    expect(exit).toMatchObject({ code: 1 });
    await expect(session.send({ method: 'ping' })).rejects.toMatchObject({ code: 'ENGINE_NOT_CONNECTED' });
  });

  it('closing a session while it is still connecting stops its server', async () => {
    engine = new Engine({ stopGraceMs: 100 });
    const opening = engine.open(raw('slow-init'));
    const failed = opening.catch((e) => e);
    await until(
      () =>
        engine.list()[0] !== undefined &&
        engine
          .get(engine.list()[0].id)!
          .events()
          .some((e) => e.type === 'lifecycle' && e.phase === 'spawn'),
      'spawn',
    );
    const session = engine.get(engine.list()[0].id)!;
    const spawn = session.events().find((e) => e.type === 'lifecycle' && e.phase === 'spawn') as { pid: number };
    await engine.close(session.id);
    expect(await failed).toMatchObject({ code: 'ENGINE_CLOSED' });
    expect(isAlive(spawn.pid)).toBe(false);
    expect(session.info().state).toBe('closed');
  });
});

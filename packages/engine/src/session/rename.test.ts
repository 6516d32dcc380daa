import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoStdioEntry } from '@mcpscope/demo-server';
import { Engine } from './engine.js';
import type { EngineMessage, SessionInfo } from './types.js';

let engine: Engine | undefined;
afterEach(async () => engine?.dispose());

const demo = (name?: string) => ({
  transport: 'stdio' as const,
  command: process.execPath,
  args: [demoStdioEntry()],
  env: {},
  ...(name === undefined ? {} : { name }),
});

function watch(e: Engine): SessionInfo[] {
  const seen: SessionInfo[] = [];
  e.subscribe((m: EngineMessage) => m.type === 'session' && seen.push(m.session));
  return seen;
}

describe('session names: given, renamed, restored', () => {
  it('marks a name the user gave, renames live and closed sessions, and null restores the derived one', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(demo('  mine  '));
    expect(session.info()).toMatchObject({ name: 'mine', named: true });
    const seen = watch(engine);

    expect(engine.rename(session.id, 'renamed')).toBe(true);
    expect(seen.at(-1)).toMatchObject({ id: session.id, name: 'renamed', named: true });
    await engine.close(session.id);
    expect(engine.rename(session.id, null)).toBe(true);
    const restored = seen.at(-1)!;
    expect(restored).toMatchObject({ id: session.id, state: 'closed', name: 'stdio.js' });
    expect(restored.named).toBeUndefined();
    expect(engine.rename(session.id, '   ')).toBe(true);
    expect(session.info().named).toBeUndefined();
    expect(engine.rename('nope', 'x')).toBe(false);
  });

  it('renames a failed session too', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    await expect(engine.open({ transport: 'stdio', command: 'mcpscope-no-such-command', args: [], env: {} })).rejects.toThrow();
    const [failed] = engine.list();
    expect(failed).toMatchObject({ state: 'failed', name: 'mcpscope-no-such-command' });
    engine.rename(failed!.id, 'broken one');
    expect(engine.list()[0]).toMatchObject({ name: 'broken one', named: true });
  });

  it('keeps a given name in the trace, and an offline session can be renamed and restored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-rename-'));
    engine = new Engine({ stopGraceMs: 200, tracesDir: dir });
    const session = await engine.open(demo('dev'));
    await engine.close(session.id);
    const [trace] = await engine.traces!.list();
    const offline = await engine.openTrace(engine.traces!.path(trace!.id));
    expect(offline.info()).toMatchObject({ name: 'dev', named: true, offline: true });

    const seen = watch(engine);
    engine.rename(offline.id, 'yesterday');
    expect(seen.at(-1)).toMatchObject({ id: offline.id, name: 'yesterday', named: true, offline: true });
    engine.rename(offline.id, null);
    expect(offline.info()).toMatchObject({ name: 'dev', named: true });
  });

  it('marks a session a replay opened', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(demo(), { replayOf: 'trace-1' });
    expect(session.info()).toMatchObject({ replayOf: 'trace-1' });
    expect(session.info().named).toBeUndefined();
  });
});

describe('one name per session: its trace follows', () => {
  it('the Traces list names a recording by the server once it said its name, then by a rename, also after it ended and in a new engine', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-trace-names-'));
    engine = new Engine({ stopGraceMs: 200, tracesDir: dir });
    const session = await engine.open(demo());
    let [trace] = await engine.traces!.list();
    expect(trace).toMatchObject({ name: 'stdio.js', serverInfo: { name: 'mcpscope-demo-server' } });
    expect(trace!.named).toBeUndefined();
    engine.rename(session.id, 'my demo');
    [trace] = await engine.traces!.list();
    expect(trace).toMatchObject({ name: 'my demo', named: true, serverInfo: { name: 'mcpscope-demo-server' } });
    await engine.close(session.id);
    engine.rename(session.id, 'renamed after it ended');
    await engine.dispose();

    engine = new Engine({ stopGraceMs: 200, tracesDir: dir });
    [trace] = await engine.traces!.list();
    expect(trace).toMatchObject({ name: 'renamed after it ended', named: true });
    // Opened offline it has that name; renaming it there renames the trace too.
    const offline = await engine.openTrace(engine.traces!.path(trace!.id));
    expect(offline.info()).toMatchObject({ name: 'renamed after it ended', named: true });
    engine.rename(offline.id, 'yesterday’s run');
    [trace] = await engine.traces!.list();
    expect(trace).toMatchObject({ name: 'yesterday’s run', named: true });
  });

  it('a trace of an earlier run without names.json: the server name from its handshake', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-trace-head-'));
    engine = new Engine({ stopGraceMs: 200, tracesDir: dir });
    await engine.close((await engine.open(demo())).id);
    rmSync(join(dir, 'names.json'));
    const fresh = new Engine({ tracesDir: dir });
    const [trace] = await fresh.traces!.list();
    expect(trace).toMatchObject({ name: 'stdio.js', serverInfo: { name: 'mcpscope-demo-server' } });
    await fresh.dispose();
  });
});

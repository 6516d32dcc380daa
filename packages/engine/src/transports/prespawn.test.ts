import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import { EngineError } from '../errors/errors.js';
import type { StdioSessionConfig } from '../session/types.js';
import { demoConfig } from '../../test-fixtures/demo.js';
import { hostPid } from '../../test-fixtures/servers.js';
import { isProcessAlive } from './process-tree.js';
import { prespawn, takePrespawned } from './prespawn.js';

let engine: Engine | undefined;
let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'mcpscope-prespawn-'))));
afterEach(async () => engine?.closeAll());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function waitFor(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function argvOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** The demo server behind a wrapper that appends its pid to `log` as it starts. */
function counted(name: string): { config: StdioSessionConfig; log: string; pids: () => number[] } {
  const log = join(dir, `${name}.log`);
  const script = join(dir, `${name}.mjs`);
  const demo = demoConfig('modern');
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, process.pid + '\\n');\nawait import(${JSON.stringify(demo.args[0])});\n`,
  );
  const pids = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map(Number) : []);
  return { config: { transport: 'stdio', command: process.execPath, args: [script], env: {} }, log, pids };
}

describe('prespawn: a server started before the engine loaded', () => {
  it('is taken by the session that starts the same target: one process, which answers', async () => {
    const server = counted('taken');
    prespawn(server.config);
    await waitFor(() => server.pids().length === 1, 'the prespawned server to start');
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open(server.config);
    expect(session.info().state).toBe('connected');
    expect(server.pids()).toHaveLength(1);
    const spawn = session.events().find((e) => e.type === 'lifecycle' && e.phase === 'spawn');
    const shown = spawn && spawn.type === 'lifecycle' ? spawn.pid! : -1;
    // The pid the server wrote is its own view (in a PID namespace of its own, not the host's).
    expect(shown).toBe(hostPid(server.pids()[0]!, shown));
    await session.request('tools/list', {});
    await engine.closeAll();
    await waitFor(() => !isProcessAlive(shown), 'the server to be stopped');
  });

  it('with unclaimedMs, is stopped when nobody took it by then (a background mcpscope whose starter went away)', async () => {
    // sh writes its pid at once, then becomes a process that never ends by itself. The pid is the
    // host's (the first of /proc/self/status's NSpid): $$ is its own view in a PID namespace.
    const log = join(dir, 'unclaimed.pid');
    const script = `while read key value rest; do [ "$key" = NSpid: ] && echo "$value" > ${log}; done < /proc/self/status; exec sleep 1000`;
    const target = { command: '/bin/sh', args: ['-c', script], env: {} };
    prespawn(target, { unclaimedMs: 500 });
    await waitFor(() => existsSync(log) && readFileSync(log, 'utf8').trim() !== '', 'the prespawned server to start');
    const pid = Number(readFileSync(log, 'utf8'));
    await waitFor(() => !isProcessAlive(pid), 'the unclaimed server to be stopped');
    expect(takePrespawned(target)).toBeUndefined();
  });

  it('is not taken for another target (its env differs), and is taken only once', async () => {
    const server = counted('other');
    prespawn(server.config);
    expect(takePrespawned({ ...server.config, env: { X: '1' } })).toBeUndefined();
    const taken = takePrespawned(server.config);
    expect(taken).toBeDefined();
    expect(takePrespawned(server.config)).toBeUndefined();
    const supervised = await taken!;
    supervised.child.kill('SIGKILL');
    supervised.release();
  });

  it('one that wrote to stderr and stdout and exited before it was taken: the session reports its exit code and stderr, and its output', async () => {
    const script = join(dir, 'dies.mjs');
    const done = join(dir, 'dies.done');
    writeFileSync(
      script,
      `import { writeFileSync } from 'node:fs';\nprocess.stdout.write('Starting (a print on stdout)\\n');\nprocess.stderr.write('boom: no config found\\n');\nwriteFileSync(${JSON.stringify(done)}, String(process.pid));\nprocess.exit(5);\n`,
    );
    const config: StdioSessionConfig = { transport: 'stdio', command: process.execPath, args: [script], env: {} };
    prespawn(config);
    // Found by its argv: the pid it wrote is its own view (in a PID namespace, not the host's).
    const running = (): boolean =>
      readdirSync('/proc').some((p) => /^\d+$/.test(p) && argvOf(Number(p)).slice(0, 2).join(' ') === `${process.execPath} ${script}`);
    await waitFor(() => existsSync(done) && !running(), 'the server to exit');
    await new Promise((r) => setTimeout(r, 300)); // its exit and the end of its pipes reach this process first
    engine = new Engine({ stopGraceMs: 200 });
    const err = (await engine.open(config).catch((e: unknown) => e)) as EngineError;
    expect(err).toBeInstanceOf(EngineError);
    expect(err.code).toBe('ENGINE_EXITED');
    expect(err.message).toContain('exited with code 5');
    const session = engine.list()[0]!;
    const events = engine.get(session.id)!.events();
    expect(events.some((e) => e.type === 'stderr' && e.text.includes('boom: no config found'))).toBe(true);
    expect(events.some((e) => e.type === 'frame' && e.raw?.includes('Starting (a print on stdout)'))).toBe(true);
    expect(events.some((e) => e.type === 'lifecycle' && e.phase === 'exit' && e.code === 5)).toBe(true);
  });
});

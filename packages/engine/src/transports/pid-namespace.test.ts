import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import { waitUntil as until } from '../../test-fixtures/servers.js';
import { spawnSync } from 'node:child_process';
import { readChildren, readProcEntry } from './descendants.js';
import { PidNamespace, pidNamespaceFlags, resolveCommand } from './pid-namespace.js';
import { ShellSupervisor } from './shell-supervisor.js';

const DAEMONIZING = fileURLToPath(new URL('../../test-fixtures/daemonizing-server.mjs', import.meta.url));

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The fixture's live sleepers: their code ends in `// <marker>` (zombies have an empty cmdline). */
function withMarker(marker: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => p !== process.pid && cmdline(p).includes(`// ${marker}\0`));
}

let engine: Engine | undefined;
const leftovers: string[] = [];
afterEach(async () => {
  await engine?.closeAll();
  engine = undefined;
  // A failed run must not leave its sleeper behind for the next test (or engineer).
  for (const marker of leftovers.splice(0)) for (const pid of withMarker(marker)) process.kill(pid, 'SIGKILL');
});

const linuxWithNamespaces = process.platform === 'linux' && (await pidNamespaceFlags()) !== undefined;

describe.runIf(linuxWithNamespaces)('a stdio server in a PID namespace of its own', () => {
  it('a helper that double-forks and calls setsid between two walks of the tree does not outlive the session', async () => {
    const marker = `daemonized-${process.pid}-${Date.now()}`;
    leftovers.push(marker);
    engine = new Engine({ stopGraceMs: 300 });
    const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [DAEMONIZING, marker], env: {} });
    expect((await session.request('tools/list', {})).outcome).toBe('result');
    await until(() => withMarker(marker).length === 1, 'the daemonized sleeper');
    await engine.close(session.id);
    await until(() => withMarker(marker).length === 0, 'the daemonized sleeper to be gone', 3000);
  });

  it("keeps stdio semantics: the pid shown is the server's own, its exit code is reported", async () => {
    const marker = `daemonized-exit-${process.pid}-${Date.now()}`;
    leftovers.push(marker);
    engine = new Engine({ stopGraceMs: 2000 });
    const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [DAEMONIZING, marker, '--exit-7'], env: {} });
    const pid = session.info().pid!;
    expect(cmdline(pid).split('\0').slice(0, 2)).toEqual([process.execPath, DAEMONIZING]);
    expect((await session.request('tools/list', {})).outcome).toBe('result');
    await until(() => withMarker(marker).length === 1, 'the daemonized sleeper');
    await engine.close(session.id);
    const exit = session.events().find((e) => e.type === 'lifecycle' && e.phase === 'exit');
    expect(exit).toMatchObject({ code: 7 });
    await until(() => withMarker(marker).length === 0, 'the daemonized sleeper to be gone', 3000);
  });

  it('the namespace costs one waiting process inside, which reaps what is left to it and ends on SIGTERM', async () => {
    const supervisor = ShellSupervisor.start(['test']);
    const ns = (await PidNamespace.open(supervisor))!;
    try {
      // The init waits by itself (a `sleep` beside it would be one more process for every server).
      await until(() => readProcEntry(ns.initPid)?.state === 'S', 'the init to wait');
      expect(readChildren(ns.initPid)).toEqual([]);
      // A helper that forks and exits leaves its child to the init: gone once it ends, not a zombie.
      const { command, args } = ns.wrap('/bin/sh', ['-c', '(sleep 1 &); exit 0'], { PATH: process.env.PATH });
      expect(spawnSync(command, args, { stdio: 'ignore' }).status).toBe(0);
      await until(() => readChildren(ns.initPid)?.length === 1, "the orphan to be the init's");
      await until(() => readChildren(ns.initPid)?.length === 0, 'the orphan to be reaped', 5000);
      process.kill(ns.initPid, 'SIGTERM');
      await until(() => readProcEntry(ns.holderPid) === undefined || readProcEntry(ns.holderPid)?.state === 'Z', 'the namespace to end');
    } finally {
      ns.close();
      supervisor.release();
    }
  });

  it("is its server's supervisor's own child from birth, so a mcpscope that dies at any moment leaves none", async () => {
    const supervisor = ShellSupervisor.start(['test']);
    const ns = (await PidNamespace.open(supervisor))!;
    try {
      expect(readProcEntry(ns.holderPid)!.ppid).toBe(supervisor.process.pid);
    } finally {
      ns.close();
      supervisor.release();
    }
    // Released, the supervisor reaps it before it exits: no zombie left to init.
    await until(() => readProcEntry(ns.holderPid) === undefined, 'the holder to be reaped');
  });

  it('a command that does not exist is still a spawn error, before anything runs', async () => {
    engine = new Engine();
    await expect(engine.open({ transport: 'stdio', command: 'no-such-mcp-server-command', args: [], env: {} })).rejects.toThrow(
      /command not found: no-such-mcp-server-command/,
    );
  });
});

describe('resolveCommand (what execvp would run)', () => {
  it('finds a command on PATH, a path relative to the cwd, and says ENOENT or EACCES as spawn does', () => {
    expect(resolveCommand('node', `/nonexistent:${process.execPath.replace(/\/node$/, '')}`, '/')).toBe(process.execPath);
    expect(resolveCommand(`./${basename(process.execPath)}`, '', dirname(process.execPath))).toBe(process.execPath);
    // Not executable (mode 644).
    expect(() => resolveCommand('./daemonizing-server.mjs', '', dirname(DAEMONIZING))).toThrow(expect.objectContaining({ code: 'EACCES' }));
    expect(() => resolveCommand('no-such-command', '/usr/bin', '/')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});

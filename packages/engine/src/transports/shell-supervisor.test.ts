import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, orphanedNamespaceHolders, waitUntil as until } from '../../test-fixtures/servers.js';
import { pidNamespaceFlags } from './pid-namespace.js';
import { readProcEntry } from './descendants.js';
import { ShellSupervisor } from './shell-supervisor.js';
import { spawnSupervised, SupervisedSpawnError, type Supervised } from './watchdog.js';

/** The unshare flags that work here (undefined: no PID namespaces on this machine). */
const namespaceFlags = await pidNamespaceFlags();

const SETSID_SERVER = fileURLToPath(new URL('../../test-fixtures/setsid-server.mjs', import.meta.url));

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
    : new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );

const supervisors: ShellSupervisor[] = [];
const supervised: Supervised[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const s of supervised.splice(0)) s.release();
  for (const s of supervisors.splice(0)) s.release();
  for (const pid of pids.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

/** The server as spawnSupervised spawns it, plus its strays (from the fixture's stderr), reported to the supervisor unless `report` is false. */
async function setsidServer(report = true): Promise<{ s: Supervised; strays: number[] }> {
  const s = await spawnSupervised({
    command: process.execPath,
    args: [SETSID_SERVER, '--stay'],
    env: {},
    supervisor: 'shell',
    namespace: false,
  });
  supervised.push(s);
  pids.push(s.serverPid);
  let text = '';
  s.child.stderr!.on('data', (d) => (text += d));
  await until(() => /SETSID \d+\nDETACHED \d+/.test(text), 'the grandchildren pids');
  const strays = [Number(/SETSID (\d+)/.exec(text)![1]), Number(/DETACHED (\d+)/.exec(text)![1])];
  pids.push(...strays);
  if (report) for (const pid of strays) s.descendant(pid, readProcEntry(pid)!.start);
  return { s, strays };
}

/** Our end of the supervisor's fd 3, closed without a word: what the kernel does when mcpscope dies. */
function ownerDies(s: Supervised): void {
  expect(s.shell).toBeDefined();
  s.shell!.control.destroy();
}

describe('the sh supervisor', () => {
  it('is a shell, not a second Node process', async () => {
    const s = await spawnSupervised({
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      env: {},
      supervisor: 'shell',
      namespace: false,
    });
    supervised.push(s);
    pids.push(s.serverPid);
    expect(s.supervisorPid).toBeDefined();
    expect(readlinkSync(`/proc/${s.supervisorPid}/exe`)).not.toBe(readlinkSync('/proc/self/exe'));
    expect(readFileSync(`/proc/${s.supervisorPid}/cmdline`, 'utf8').split('\0')[0]).toBe('/bin/sh');
  });

  it('stops the server, its group and the setsid strays when its owner dies', async () => {
    const { s, strays } = await setsidServer();
    const exit = exitOf(s.child);
    const supervisor = s.supervisorPid!;
    ownerDies(s);
    // The fixture's server ignores stdin EOF (--stay) but not SIGTERM.
    expect(await exit).toEqual({ code: null, signal: 'SIGTERM' });
    await until(() => strays.every((pid) => !isAlive(pid)), 'the setsid strays to be gone');
    await until(() => !isAlive(supervisor), 'the supervisor to exit');
  });

  it('finds the strays mcpscope had not reported yet (its walk is every 1.5 s): it walks /proc itself on EOF', async () => {
    const { s, strays } = await setsidServer(false);
    const exit = exitOf(s.child);
    ownerDies(s);
    expect(await exit).toEqual({ code: null, signal: 'SIGTERM' });
    await until(() => strays.every((pid) => !isAlive(pid)), 'the setsid strays to be gone');
  });

  it('ends with SIGKILL what ignores SIGTERM', async () => {
    const script = `process.on('SIGTERM', () => {}); process.stdout.write('ready\\n'); setInterval(() => {}, 1000)`;
    const s = await spawnSupervised({ command: process.execPath, args: ['-e', script], env: {}, supervisor: 'shell', namespace: false });
    supervised.push(s);
    pids.push(s.serverPid);
    await new Promise((resolve) => s.child.stdout!.once('data', resolve));
    const exit = exitOf(s.child);
    ownerDies(s);
    expect(await exit).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('never signals a pid whose start time is not the one reported (pid reuse)', async () => {
    const sup = ShellSupervisor.start(['test']);
    supervisors.push(sup);
    const server = spawn('sleep', ['300'], { stdio: 'ignore', detached: true });
    const victim = spawn('sleep', ['300'], { stdio: 'ignore' });
    pids.push(server.pid!, victim.pid!);
    sup.group(server.pid!);
    sup.descendant(victim.pid!, '1');
    const supervisor = sup.process.pid!;
    const exit = exitOf(server);
    sup.control.destroy();
    expect(await exit).toEqual({ code: null, signal: 'SIGTERM' });
    await until(() => !isAlive(supervisor), 'the supervisor to exit');
    expect(isAlive(victim.pid!)).toBe(true);
  });

  it('stops the reported descendants when its owner dies before the server was spawned (mcpscope killed while a server starts)', async () => {
    const sup = ShellSupervisor.start(['test']);
    supervisors.push(sup);
    const holder = spawn('sleep', ['300'], { stdio: 'ignore', detached: true });
    pids.push(holder.pid!);
    sup.descendant(holder.pid!, readProcEntry(holder.pid!)!.start);
    const supervisor = sup.process.pid!;
    const exit = exitOf(holder);
    sup.control.destroy();
    expect(await exit).toEqual({ code: null, signal: 'SIGTERM' });
    await until(() => !isAlive(supervisor), 'the supervisor to exit');
  });

  it.runIf(namespaceFlags !== undefined)(
    'ends the namespace holder it started when its owner dies, even one whose pid the owner never heard',
    async () => {
      const before = new Set(orphanedNamespaceHolders());
      // Heard: the owner knows the pid, and dies.
      const sup = ShellSupervisor.start(['test']);
      supervisors.push(sup);
      const holder = (await sup.holder(namespaceFlags!.length > 0))!;
      expect(readProcEntry(holder)!.ppid).toBe(sup.process.pid);
      sup.control.destroy();
      await until(() => !isAlive(holder) && !isAlive(sup.process.pid!), 'the holder and the supervisor to be gone');
      // Not heard: the owner dies the moment it asked.
      const quick = ShellSupervisor.start(['test']);
      supervisors.push(quick);
      void quick.holder(namespaceFlags!.length > 0);
      quick.control.destroy();
      await until(() => !isAlive(quick.process.pid!), 'the supervisor to exit');
      expect(orphanedNamespaceHolders().filter((pid) => !before.has(pid))).toEqual([]);
    },
  );

  it('after a hand-off, gives the server its grace to exit on stdin EOF before any signal', async () => {
    const script = `process.stdin.resume(); process.stdin.on('end', () => setTimeout(() => process.exit(3), 100));`;
    const s = await spawnSupervised({ command: process.execPath, args: ['-e', script], env: {}, supervisor: 'shell', namespace: false });
    supervised.push(s);
    const exit = exitOf(s.child);
    s.handOff(5000);
    s.child.stdin!.end();
    ownerDies(s);
    expect(await exit).toEqual({ code: 3, signal: null });
  });

  it('after a hand-off, stops a server that does not exit on stdin EOF once the grace is over', async () => {
    const s = await spawnSupervised({
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      env: {},
      supervisor: 'shell',
      namespace: false,
    });
    supervised.push(s);
    pids.push(s.serverPid);
    const exit = exitOf(s.child);
    s.handOff(100);
    s.child.stdin!.end();
    ownerDies(s);
    expect(await exit).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('takes a group left with only zombies for gone: no nap (a PID 1 that never reaps, as in containers)', async () => {
    // The supervisor's naps counted by a `sleep` earlier on its PATH.
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-naps-'));
    const naps = join(dir, 'naps');
    writeFileSync(join(dir, 'sleep'), `#!/bin/sh\necho "$@" >> '${naps}'\nexec /bin/sleep "$@"\n`);
    chmodSync(join(dir, 'sleep'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${dir}:${path ?? ''}`;
    const sup = ShellSupervisor.start(['test']);
    process.env.PATH = path;
    supervisors.push(sup);
    // A group leader that exits at once under a parent that never waits: a zombie, kill -0 still succeeds on it.
    const parent = spawn('/bin/sh', ['-c', 'setsid /bin/sh -c "exit 0" & echo $!; exec sleep 300'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    pids.push(parent.pid!);
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(d.toString()))));
    await until(() => readProcEntry(zombie)?.state === 'Z', 'the group leader to be a zombie');
    expect(() => process.kill(-zombie, 0)).not.toThrow();
    sup.group(zombie);
    const supervisor = sup.process.pid!;
    sup.control.destroy();
    await until(() => !isAlive(supervisor), 'the supervisor to exit');
    expect(() => readFileSync(naps, 'utf8')).toThrow(/ENOENT/);
    rmSync(dir, { recursive: true, force: true });
    // The supervisor reads /proc a few times over (walk, members): on a loaded machine with
    // hundreds of processes (a browser under test) that alone took past the default 5 s.
  }, 20_000);

  it('leaves the server alone once released, and exits', async () => {
    const s = await spawnSupervised({
      command: 'sleep',
      args: ['300'],
      env: { PATH: process.env.PATH ?? '' },
      supervisor: 'shell',
      namespace: false,
    });
    pids.push(s.serverPid);
    const supervisor = s.supervisorPid!;
    s.release();
    await until(() => !isAlive(supervisor), 'the supervisor to exit');
    expect(isAlive(s.serverPid)).toBe(true);
  });
});

describe.each(['shell', 'node'] as const)('a server under the %s supervisor gets exactly what it was given', (supervisor) => {
  it('argv: spaces, quotes, $, backslashes, newlines, globs', async () => {
    const args = ['a b', `"q" 'q'`, '$HOME $(id) `id` ${x}', 'back\\slash', 'line\nbreak', '*', '', '-e', '--', '\t'];
    const s = await spawnSupervised({
      command: process.execPath,
      args: ['-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))', ...args],
      env: {},
      supervisor,
    });
    supervised.push(s);
    let out = '';
    s.child.stdout!.on('data', (d) => (out += d));
    await exitOf(s.child);
    await until(() => out.length > 0, 'the output');
    expect(JSON.parse(out)).toEqual(args);
  });

  it('env, byte for byte (names a shell would drop or rewrite: IFS, OPTIND, PPID, PWD, not-identifiers), and cwd', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcpscope-sup-'));
    try {
      const env = {
        IFS: 'x',
        OPTIND: 'oops',
        PPID: '1',
        'A-B': '1',
        '1X': '2',
        é: '3',
        'BASH_FUNC_f%%': '() { :; }',
        MULTI: 'a\nb',
        EMPTY: '',
      };
      const s = await spawnSupervised({
        command: process.execPath,
        args: ['-e', 'process.stdout.write(JSON.stringify({ env: process.env, cwd: process.cwd() }))'],
        env,
        cwd,
        supervisor,
      });
      supervised.push(s);
      let out = '';
      s.child.stdout!.on('data', (d) => (out += d));
      await exitOf(s.child);
      await until(() => out.length > 0, 'the output');
      expect(JSON.parse(out)).toEqual({ env, cwd });
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('a file that is not executable fails with EACCES', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-sup-'));
    try {
      const file = join(dir, 'server.sh');
      writeFileSync(file, '#!/bin/sh\n');
      chmodSync(file, 0o644);
      const err = await spawnSupervised({ command: file, args: [], env: {}, supervisor }).catch((e) => e);
      expect(err).toBeInstanceOf(SupervisedSpawnError);
      expect(err.code).toBe('EACCES');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

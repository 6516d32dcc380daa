import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import { hostPid, isAlive, waitUntil as until } from '../../test-fixtures/servers.js';
import { DescendantTracker, readChildren, readProcEntry, readProcTable } from './descendants.js';

const SETSID_SERVER = fileURLToPath(new URL('../../test-fixtures/setsid-server.mjs', import.meta.url));

/** Process group (field 5 of /proc/<pid>/stat). */
function groupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

const started: ChildProcess[] = [];
const strays: number[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  for (const pid of strays.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

describe('descendants that leave the process group (setsid)', () => {
  it('are stopped when the session closes, though the server exits on stdin EOF and leaves them to init', async () => {
    const engine = new Engine();
    try {
      const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [SETSID_SERVER], env: {} });
      const stderr = () =>
        session
          .events()
          .flatMap((e) => (e.type === 'stderr' ? [e.text] : []))
          .join('');
      await until(() => /SETSID \d+\nDETACHED \d+/.test(stderr()), 'the grandchildren pids');
      // As the server sees them: in a PID namespace of its own, not the host's pids.
      const pids = [Number(/SETSID (\d+)/.exec(stderr())![1]), Number(/DETACHED (\d+)/.exec(stderr())![1])].map((p) =>
        hostPid(p, session.info().pid!),
      );
      strays.push(...pids);
      for (const pid of pids) {
        expect(isAlive(pid)).toBe(true);
        expect(groupOf(pid)).toBe(pid); // its own group: killing the server's group does not reach it
      }
      await engine.close(session.id);
      await until(() => pids.every((pid) => !isAlive(pid)), 'the setsid grandchildren to be gone', 3000);
    } finally {
      await engine.closeAll();
    }
  });

  it('are recorded while the session lives, so one orphaned before the stop is still found', async () => {
    // root → (detached) orphan; the root then exits and the orphan is re-parented.
    const root = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: true }); console.log(c.pid); process.stdin.on('end', () => process.exit(0)); process.stdin.resume();`,
      ],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    started.push(root);
    const orphan = await new Promise<number>((resolve) => root.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
    strays.push(orphan);
    const tracker = new DescendantTracker(root.pid!).watch(20);
    try {
      await until(() => tracker.alive().includes(orphan), 'the periodic record to see the grandchild');
      root.stdin!.end();
      await until(() => readProcEntry(orphan)?.ppid !== root.pid, 'the grandchild to be re-parented');
      await tracker.stop(1000);
      expect(isAlive(orphan)).toBe(false);
    } finally {
      tracker.stopWatching();
    }
  });

  it("reads a process's children from /proc/<pid>/task/*/children as the ppids of every process say", async () => {
    const root = spawn(
      process.execPath,
      [
        '-e',
        `for (let i = 0; i < 2; i++) require('node:child_process').spawn('sleep', ['300'], { stdio: 'ignore' }); setInterval(() => {}, 1000)`,
      ],
      { stdio: 'ignore' },
    );
    started.push(root);
    const byTable = () =>
      [...readProcTable()]
        .filter(([, e]) => e.ppid === root.pid && e.state !== 'Z')
        .map(([pid]) => pid)
        .sort();
    await until(() => byTable().length === 2, 'the two children');
    strays.push(...byTable());
    const children = readChildren(root.pid!);
    if (children === undefined) return; // a kernel without CONFIG_PROC_CHILDREN: the tracker reads the table
    expect(children.sort()).toEqual(byTable());
  });

  it('tells onNew of each process once, with its start time (for the supervisor)', async () => {
    const root = spawn(
      process.execPath,
      ['-e', `require('node:child_process').spawn('sleep', ['300'], { stdio: 'ignore' }); setInterval(() => {}, 1000)`],
      { stdio: 'ignore' },
    );
    started.push(root);
    const heard: Array<[number, string]> = [];
    await until(() => readProcTable().get(root.pid!) !== undefined, 'the root');
    const tracker = new DescendantTracker(root.pid!, (pid, start) => heard.push([pid, start]));
    await until(() => (tracker.record(), heard.length > 0), 'the child to be recorded');
    tracker.record();
    tracker.record();
    expect(heard).toHaveLength(1);
    const [pid, start] = heard[0]!;
    strays.push(pid);
    expect(start).toBe(readProcEntry(pid)!.start);
  });

  it('never signals a pid whose start time is not the one recorded (pid reuse)', async () => {
    const root = spawn('sleep', ['300'], { stdio: 'ignore' });
    const victim = spawn('sleep', ['300'], { stdio: 'ignore' });
    started.push(root, victim);
    await Promise.all([root, victim].map((c) => new Promise((resolve) => c.once('spawn', resolve))));
    const tracker = new DescendantTracker(root.pid!);
    const table = readProcTable();
    // As if `victim.pid` had been a child of root's that exited, its pid since reused by another process.
    table.set(victim.pid!, { ...table.get(victim.pid!)!, ppid: root.pid!, start: '1' });
    tracker.record(table);
    expect(tracker.alive(table)).toEqual([victim.pid]);
    tracker.signal('SIGKILL');
    await tracker.stop(100);
    expect(isAlive(victim.pid!)).toBe(true);
  });
});

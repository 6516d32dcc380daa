import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { forkedChild, PidNamespace, pidNamespaceFlags } from './pid-namespace.js';
import { collectEarlyOutput, type EarlyOutput } from './early-output.js';
import { ShellSupervisor, shellSupervisorAvailable } from './shell-supervisor.js';

/**
 * spawnSupervised: every stdio server gets a supervisor that stops its tree if mcpscope dies.
 * Normally the `/bin/sh` script of shell-supervisor.ts, beside the server (~1.6 MiB); where there
 * is no /bin/sh, this Node watchdog (~40 MiB, 20–50 ms to start), which the server runs under
 * (as `node -e`). It leads the server's process group (the server is spawned detached), hands the server our stdin/stdout/stderr unchanged
 * (stdio 'inherit': not one byte passes through it), and holds fd 3, a socket to mcpscope. When
 * mcpscope dies, even by SIGKILL, the kernel closes that socket: the supervisor sees EOF and
 * takes the whole group down (SIGTERM, then SIGKILL). It ignores SIGTERM/SIGINT sent to the
 * group (the server gets them too) and exits the way the server exited.
 *
 * Descendants that left the group (setsid) are not reached by a group signal: the supervisor
 * records every descendant it sees, by pid and start time, every 1.5 s (the walk of
 * descendants.ts, inline because this script runs with `node -e` and imports nothing), and on
 * EOF signals the recorded ones still alive with the group. It then stays until the SIGKILL
 * round even if the server exits at SIGTERM, so that a stray that ignores SIGTERM gets it too.
 *
 * fd 3 protocol, supervisor → mcpscope, one line: `S <pid>` (spawned) or `E <code> <message>`.
 */
export const WATCHDOG_SOURCE = String.raw`
const { spawn } = require('node:child_process');
const net = require('node:net');
const [command, ...args] = process.argv.slice(1);
const control = new net.Socket({ fd: 3, readable: true, writable: true });
control.on('error', () => {});
let child;
let orphaned = false;
const killGroup = (signal) => { try { process.kill(-process.pid, signal); } catch {} };
const fs = require('node:fs');
const seen = new Map();
const procTable = () => {
  const table = new Map();
  let names = [];
  try { names = fs.readdirSync('/proc'); } catch {}
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync('/proc/' + name + '/stat', 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { state: f[0], ppid: Number(f[1]), start: f[19] });
    } catch {}
  }
  return table;
};
const sameProcess = (table, pid, start) => { const e = table.get(pid); return e !== undefined && e.start === start && e.state !== 'Z'; };
const record = () => {
  const table = procTable();
  const queue = [process.pid];
  for (const [pid, start] of seen) if (sameProcess(table, pid, start)) queue.push(pid);
  const visited = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    for (const [pid, e] of table) {
      if (e.ppid !== queue[i] || visited.has(pid)) continue;
      visited.add(pid);
      queue.push(pid);
      if (!seen.has(pid)) seen.set(pid, e.start);
    }
  }
};
const killSeen = (signal) => {
  const table = procTable();
  for (const [pid, start] of seen) if (sameProcess(table, pid, start)) { try { process.kill(pid, signal); } catch {} }
};
setInterval(record, 1500).unref();
for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(s, () => {});
const onParentGone = () => {
  if (orphaned) return;
  orphaned = true;
  record();
  killGroup('SIGTERM');
  killSeen('SIGTERM');
  setTimeout(() => { killSeen('SIGKILL'); killGroup('SIGKILL'); }, 1000);
};
control.on('end', onParentGone);
control.on('close', onParentGone);
control.resume();
const fail = (err) => control.end('E ' + (err.code || 'ERR') + ' ' + err.message + '\n', () => process.exit(127));
try {
  child = spawn(command, args, { stdio: 'inherit' });
} catch (err) {
  child = undefined;
  fail(err);
}
if (child) watch(child);
function watch(child) {
child.once('spawn', () => { control.write('S ' + child.pid + '\n'); record(); });
child.once('error', fail);
child.once('exit', (code, signal) => {
  if (orphaned) return; // the SIGKILL round ends this process
  control.destroy();
  if (signal) {
    for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.removeAllListeners(s);
    process.kill(process.pid, signal);
  }
  process.exit(code ?? 1);
});
}
`;

export interface SupervisedOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Which supervisor: the sh script when /bin/sh exists (default), or the Node watchdog. */
  supervisor?: 'auto' | 'shell' | 'node';
  /** false: never a PID namespace (default: one where Linux allows, see pid-namespace.ts). */
  namespace?: boolean;
}

export interface Supervised {
  /** The process whose exit is the server's: the server itself, or the Node watchdog (which mirrors it). */
  child: ChildProcess;
  /** The server's own pid. */
  serverPid: number;
  /** The supervisor's pid (the sh script's, or the Node watchdog's). */
  supervisorPid: number | undefined;
  /** The sh supervisor, when it is the one. */
  shell?: ShellSupervisor;
  /** The holder of the server's PID namespace (pid-namespace.ts), when it runs in one. */
  pidNamespace?: number;
  /** A descendant seen alive (pid, start time): the supervisor stops it too if mcpscope dies. */
  descendant(pid: number, start: string): void;
  /** mcpscope exits now with the server running and its stdin closed: the supervisor finishes the stop. */
  handOff(graceMs: number): void;
  /** The server is stopped: the supervisor may go. */
  release(): void;
  /**
   * What the server wrote and did since it was spawned (early-output.ts); from this call on the
   * caller listens itself. Once: later calls return the same record.
   */
  takeOutput(): EarlyOutput;
}

/** Why the server could not start (the supervisor could not spawn it). */
export class SupervisedSpawnError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Spawns `command` under a supervisor; resolves once the server itself started. */
export function spawnSupervised(opts: SupervisedOptions): Promise<Supervised> {
  const shell = opts.supervisor === 'shell' || (opts.supervisor !== 'node' && shellSupervisorAvailable());
  return shell ? spawnUnderShell(opts) : spawnUnderWatchdog(opts);
}

/**
 * The server spawned by mcpscope, detached (it leads its group), with the sh supervisor beside it.
 * Where Linux allows, in a PID namespace of its own (pid-namespace.ts) whose holder the
 * supervisor starts as its child; it is told the namespace's init too (SIGTERM ends that one at
 * once), so mcpscope's death ends the namespace, and release() ends it.
 */
async function spawnUnderShell(opts: SupervisedOptions): Promise<Supervised> {
  // The first server of the process probes PID namespaces while its supervisor starts.
  if (opts.namespace !== false) void pidNamespaceFlags();
  const supervisor = ShellSupervisor.start([opts.command, ...opts.args]);
  // /bin/sh could not be started (no pid: the error comes as an event): the Node watchdog instead.
  if (supervisor.process.pid === undefined) return spawnUnderWatchdog(opts);
  const namespace = opts.namespace === false ? undefined : await PidNamespace.open(supervisor);
  const start = namespace?.initStart();
  if (namespace && start) supervisor.descendant(namespace.initPid, start);
  const release = (): void => {
    supervisor.release();
    namespace?.close();
  };
  let child: ChildProcess;
  try {
    const argv = namespace ? namespace.wrap(opts.command, opts.args, opts.env, opts.cwd) : { command: opts.command, args: opts.args };
    child = spawn(argv.command, argv.args, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      windowsHide: true,
    });
  } catch (err) {
    release();
    // resolveCommand's "not found" / "not executable": the same error spawn itself gives.
    const e = err as NodeJS.ErrnoException;
    throw e.code === 'ENOENT' || e.code === 'EACCES' ? new SupervisedSpawnError(e.code, e.message) : err;
  }
  // Same tick as the spawn: from here on the server's group dies with mcpscope, and what it
  // writes and does is kept until the transport listens.
  if (child.pid !== undefined) supervisor.group(child.pid);
  const takeOutput = collectEarlyOutput(child);
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
  } catch (err) {
    release();
    const e = err as NodeJS.ErrnoException;
    throw new SupervisedSpawnError(e.code ?? 'ERR', e.message);
  }
  // In a namespace the spawned process is nsenter; the server is the child it forks at once.
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  const serverPid = (namespace ? await forkedChild(child.pid!, running) : undefined) ?? child.pid!;
  return {
    child,
    serverPid,
    supervisorPid: supervisor.process.pid,
    shell: supervisor,
    ...(namespace ? { pidNamespace: namespace.holderPid } : {}),
    descendant: (pid, start) => supervisor.descendant(pid, start),
    handOff: (graceMs) => supervisor.handOff(graceMs),
    release,
    takeOutput,
  };
}

/** Spawns `command` under the Node watchdog; resolves once the server itself started. */
async function spawnUnderWatchdog(opts: SupervisedOptions): Promise<Supervised> {
  const child = spawn(process.execPath, ['-e', WATCHDOG_SOURCE, opts.command, ...opts.args], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    detached: true,
    windowsHide: true,
  });
  const takeOutput = collectEarlyOutput(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const control = child.stdio[3] as Socket;
  const serverPid = await new Promise<number>((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const nl = text.indexOf('\n');
      if (nl === -1) return;
      control.off('data', onData);
      control.off('close', onClose);
      const line = text.slice(0, nl);
      if (line.startsWith('S ')) return resolve(Number(line.slice(2)));
      const [, code = 'ERR', ...rest] = line.split(' ');
      reject(new SupervisedSpawnError(code, rest.join(' ')));
    };
    const onClose = () => reject(new SupervisedSpawnError('ERR', 'the supervisor exited before the server started'));
    control.on('data', onData);
    control.once('close', onClose);
  });
  control.on('error', () => {});
  // The socket must stay open for the server's lifetime (its EOF is the watchdog's signal),
  // without keeping this process alive on its own.
  control.unref();
  child.once('close', () => control.destroy());
  // It walks /proc itself, and stops the group on EOF at once (no grace after a hand-off).
  return { child, serverPid, supervisorPid: child.pid, descendant: () => {}, handOff: () => {}, release: () => {}, takeOutput };
}

import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readProcTable, type DescendantTracker } from './descendants.js';

export interface StopOptions {
  /** How long the server gets to exit on its own after stdin closes. */
  graceMs?: number;
  /** How long after SIGTERM before SIGKILL. */
  termMs?: number;
  /** Descendants that may have left the group (setsid): signalled with it, then stopped for good. */
  descendants?: DescendantTracker;
  /**
   * A member of the group spared the polite signals (SIGTERM): nsenter in front of a server in a
   * PID namespace, which would die of it at once and report that as the server's exit, before
   * the server (which may handle SIGTERM, or ignore it) has exited. SIGKILL reaches it too.
   */
  spare?: number;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals, spare?: number): void {
  if (child.pid === undefined) return;
  if (spare !== undefined && signal !== 'SIGKILL') return signalMembers(child.pid, signal, spare);
  try {
    // The child was spawned detached, so it leads its own process group: a negative pid
    // reaches every process in it (npx → node → server and the like).
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** Each member of group `pgid` but `spare` (from /proc: a member forked meanwhile is left to the SIGKILL round). */
function signalMembers(pgid: number, signal: NodeJS.Signals, spare: number): void {
  for (const [pid, entry] of readProcTable()) {
    if (entry.pgid !== pgid || pid === spare || entry.state === 'Z') continue;
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, ms);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/**
 * Stops a stdio server the way the spec asks (2025-11-25/basic/lifecycle#stdio: close stdin,
 * wait, SIGTERM, wait, SIGKILL), and always takes the rest of its process group with it, and
 * the descendants that left the group (`opts.descendants`): SIGTERM, then SIGKILL after `termMs`.
 */
export async function stopProcessTree(child: ChildProcess, opts: StopOptions = {}): Promise<void> {
  const graceMs = opts.graceMs ?? 1000;
  const termMs = opts.termMs ?? 1000;
  const strays = opts.descendants;
  // Before stdin closes: a server that exits on EOF hands its setsid'd children to init.
  strays?.record();
  child.stdin?.end();
  let exited = await waitForExit(child, graceMs);
  if (!exited) {
    strays?.record();
    signalGroup(child, 'SIGTERM', opts.spare);
    strays?.signal('SIGTERM');
    exited = await waitForExit(child, termMs);
  }
  if (!exited) {
    signalGroup(child, 'SIGKILL');
    strays?.signal('SIGKILL');
    await waitForExit(child, 2000);
  }
  // The leader may have exited while helpers in its group live on: clear the group.
  signalGroup(child, 'SIGKILL');
  await strays?.stop(termMs);
}

/** Whether `pid` is a live process (a zombie waiting to be reaped counts as gone). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) S …"; the state letter follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * Waits until `pid` is gone: a process killed with its group may still be on its way out when
 * its supervisor's exit is reported. Bounded; returns whether it is gone.
 */
export async function waitUntilGone(pid: number, ms = 2000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

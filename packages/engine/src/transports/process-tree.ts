import type { ChildProcess } from 'node:child_process';

export interface StopOptions {
  /** How long the server gets to exit on its own after stdin closes. */
  graceMs?: number;
  /** How long after SIGTERM before SIGKILL. */
  termMs?: number;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
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
 * wait, SIGTERM, wait, SIGKILL), and always takes the rest of its process group with it.
 */
export async function stopProcessTree(child: ChildProcess, opts: StopOptions = {}): Promise<void> {
  const graceMs = opts.graceMs ?? 1000;
  const termMs = opts.termMs ?? 1500;
  child.stdin?.end();
  let exited = await waitForExit(child, graceMs);
  if (!exited) {
    signalGroup(child, 'SIGTERM');
    exited = await waitForExit(child, termMs);
  }
  if (!exited) {
    signalGroup(child, 'SIGKILL');
    await waitForExit(child, 2000);
  }
  // The leader may have exited while helpers in its group live on: clear the group.
  signalGroup(child, 'SIGKILL');
}

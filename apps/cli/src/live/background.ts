import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import type { SessionConfig } from '@mcpscope/engine';
import { dataDir } from '@mcpscope/engine/data-dir';
import { CliError, ExitCode } from '../exit-codes.js';
import { ensureDataDir, isAlive } from '../ui-registry.js';
import { reachableUis, type LiveUi } from './locate.js';

/** How long a background mcpscope gets to listen and announce itself. */
const READY_TIMEOUT_MS = 20_000;
const POLL_MS = 10;

export interface BackgroundOptions {
  /** The bundle's mcpscope.js (paths.ts binEntry); undefined from source, where nothing can be started. */
  entry: string | undefined;
  port: number;
  tracesDir?: string;
  recordAll: boolean;
  memoryBudget?: number;
  /**
   * The stdio server the starter will open first: the new mcpscope starts it at once, while its
   * own modules load (engine prespawn.ts), and the session the starter opens takes it. Handed over
   * on a private socket (fd 3), never in an argv: its env may hold secrets.
   */
  first?: {
    command: string;
    args: string[];
    env: Record<string, string>;
    cwd?: string;
    /**
     * The session itself, as the starter will POST it with this claim: the new mcpscope opens it
     * before its API listens (commands/open-ahead.ts), and the POST gets that open.
     */
    open?: { claim: string; config: SessionConfig };
  };
}

export const backgroundLog = (env: NodeJS.ProcessEnv): string => join(dataDir(env), 'background.log');
const lockFile = (env: NodeJS.ProcessEnv): string => join(dataDir(env), 'background.lock');

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((l) => `    | ${l}`)
      .join('\n');
  } catch {
    return '';
  }
}

/**
 * One starter at a time: two `connect`s racing with no mcpscope running must not start two. The
 * lock holds the starter's pid; a lock whose process is gone is taken over.
 */
function tryLock(env: NodeJS.ProcessEnv): boolean {
  ensureDataDir(env);
  const file = lockFile(env);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(file, 'utf8').trim());
      } catch {
        continue; // released in between: try again
      }
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

/**
 * Starts mcpscope in the background: detached (its own session and process group, so the
 * terminal's Ctrl-C and hangup do not reach it), no browser, a free port unless told, output in
 * a 0600 log file of the data dir. Its token is its own: it generates it and writes it only to
 * the 0600 registry, never to an argv or an environment. Resolves once it answers.
 */
async function startBackground(opts: BackgroundOptions, env: NodeJS.ProcessEnv): Promise<LiveUi> {
  const { entry } = opts;
  if (!entry) throw new CliError('a background mcpscope can only be started from the built mcpscope (dist/mcpscope.js)');
  const log = backgroundLog(env);
  // A new log, never a wider old one.
  rmSync(log, { force: true });
  const fd = openSync(log, 'wx', 0o600);
  const args = [entry, '--background', log, '--no-open', '--port', String(opts.port)];
  if (opts.tracesDir) args.push('--traces-dir', opts.tracesDir);
  if (!opts.recordAll) args.push('--no-record-all');
  if (opts.memoryBudget !== undefined) args.push('--memory-budget', String(opts.memoryBudget));
  if (opts.first) args.push('--prespawn-fd', '3');
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', fd, fd, ...(opts.first ? (['pipe'] as const) : [])],
    env,
  });
  closeSync(fd);
  const channel = child.stdio[3] as Socket | null | undefined;
  if (channel) {
    channel.on('error', () => undefined); // it exited first: its log says why
    channel.end(JSON.stringify(opts.first), () => channel.destroy());
  }
  let exited: number | string | undefined;
  child.on('exit', (code, signal) => (exited = code ?? signal ?? 'exited'));
  child.on('error', (err) => (exited = err.message));
  child.unref();
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (exited !== undefined) break;
    const { uis } = await reachableUis(env);
    const ours = uis.find((u) => u.entry.pid === child.pid);
    if (ours) return ours;
    await delay(POLL_MS);
  }
  if (exited === undefined && child.pid) process.kill(child.pid, 'SIGTERM');
  const why = exited === undefined ? `it did not answer within ${READY_TIMEOUT_MS} ms` : `it exited (${exited})`;
  throw new CliError(`could not start mcpscope in the background: ${why}; its log (${log}):\n${tail(log)}`, ExitCode.ConnectFailed);
}

/** The running mcpscope (the one started last), or one started in the background now. */
export async function ensureRunning(opts: BackgroundOptions, env: NodeJS.ProcessEnv): Promise<{ ui: LiveUi; started: boolean }> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  for (;;) {
    const { uis } = await reachableUis(env);
    if (uis[0]) return { ui: uis[0], started: false };
    if (tryLock(env)) {
      try {
        // Someone may have finished starting one between the look and the lock.
        const again = (await reachableUis(env)).uis[0];
        return again ? { ui: again, started: false } : { ui: await startBackground(opts, env), started: true };
      } finally {
        rmSync(lockFile(env), { force: true });
      }
    }
    // Another `connect` is starting one: wait for it.
    if (performance.now() > deadline)
      throw new CliError(`another mcpscope is being started (${lockFile(env)}) but does not answer`, ExitCode.ConnectFailed);
    await delay(POLL_MS);
  }
}

import { stopProcessTree } from './process-tree.js';
import { serverEnvironment } from './server-env.js';
import { spawnSupervised, type Supervised } from './watchdog.js';

/** A stdio server as the engine would start it: the user's env (before serverEnvironment), cwd. */
export interface PrespawnTarget {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string;
}

/**
 * How long what was started ahead waits for whoever it was started for: a server nobody took
 * (launch went another way, or the `connect` that asked for a background went away) is stopped,
 * and a session opened ahead that nobody claimed is forgotten (apps/cli's open-ahead).
 */
export const UNCLAIMED_MS = 60_000;

let waiting: { key: string; started: Promise<Supervised> } | undefined;

const keyOf = (t: PrespawnTarget): string => JSON.stringify([t.command, t.args, t.env, t.cwd ?? null]);

/**
 * Starts a stdio server before the engine has loaded: a one-shot `call` whose argv names the
 * server (mcpscope.ts, call-argv.ts) spawns it at once, so the server's own start-up runs while
 * mcpscope's modules load instead of after. It is spawned exactly as StdioProcessTransport would
 * (under its supervisor, so it dies with mcpscope whatever happens), its output and exit are
 * kept until the transport that starts the same target takes it (takePrespawned, then
 * Supervised.takeOutput) instead of spawning another. One at a time.
 */
export function prespawn(target: PrespawnTarget, opts: { unclaimedMs?: number } = {}): void {
  const started = spawnSupervised({
    command: target.command,
    args: [...target.args],
    cwd: target.cwd,
    env: serverEnvironment(target.env),
  });
  // Nobody may ever take it (the command failed before connecting): its failure is the taker's to report.
  started.catch(() => undefined);
  const mine = { key: keyOf(target), started };
  waiting = mine;
  if (opts.unclaimedMs === undefined) return;
  // A process that stays (a background mcpscope) stops a server nobody came for.
  const unclaimedMs = opts.unclaimedMs;
  started.then(
    (supervised) => {
      setTimeout(() => {
        if (waiting !== mine) return;
        waiting = undefined;
        supervised.takeOutput();
        void stopProcessTree(supervised.child, { graceMs: 0 }).finally(() => supervised.release());
      }, unclaimedMs).unref();
    },
    () => undefined,
  );
}

/** The server prespawn started for exactly this target, once; undefined when there is none. */
export function takePrespawned(target: PrespawnTarget): Promise<Supervised> | undefined {
  if (!waiting || waiting.key !== keyOf(target)) return undefined;
  const { started } = waiting;
  waiting = undefined;
  return started;
}

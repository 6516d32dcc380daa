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

/** What the server did before the transport took it: replayed by the transport, in order. */
export interface EarlyOutput {
  stdout: Buffer[];
  stdoutEnded: boolean;
  stderr: string[];
  exited: boolean;
  closed?: { code: number | null; signal: NodeJS.Signals | null };
}

export interface Prespawned {
  supervised: Supervised;
  /** Stops collecting (the taker listens from now on, in the same tick) and hands over what was collected. */
  takeOutput(): EarlyOutput;
}

/** Output held for a taker that has not come yet; beyond it stdout is paused (the server waits). */
const MAX_EARLY_BYTES = 16 * 1024 * 1024;

let waiting: { key: string; started: Promise<Prespawned> } | undefined;

const keyOf = (t: PrespawnTarget): string => JSON.stringify([t.command, t.args, t.env, t.cwd ?? null]);

/** Listens to a server nobody has taken yet, so nothing it writes or does is lost meanwhile. */
function collect(supervised: Supervised): Prespawned {
  const { child } = supervised;
  const early: EarlyOutput = { stdout: [], stdoutEnded: false, stderr: [], exited: false };
  let bytes = 0;
  const onStdout = (chunk: Buffer): void => {
    early.stdout.push(chunk);
    bytes += chunk.length;
    if (bytes > MAX_EARLY_BYTES) child.stdout?.pause();
  };
  const onStdoutEnd = (): void => void (early.stdoutEnded = true);
  const onStderr = (text: string): void => void early.stderr.push(text);
  const onExit = (): void => void (early.exited = true);
  const onClose = (code: number | null, signal: NodeJS.Signals | null): void => void (early.closed = { code, signal });
  child.stdout?.on('data', onStdout);
  child.stdout?.on('end', onStdoutEnd);
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', onStderr);
  child.on('exit', onExit);
  child.on('close', onClose);
  return {
    supervised,
    takeOutput() {
      child.stdout?.off('data', onStdout);
      child.stdout?.off('end', onStdoutEnd);
      child.stderr?.off('data', onStderr);
      child.off('exit', onExit);
      child.off('close', onClose);
      return early;
    },
  };
}

/**
 * Starts a stdio server before the engine has loaded: a one-shot `call` whose argv names the
 * server (mcpscope.ts, call-argv.ts) spawns it at once, so the server's own start-up runs while
 * mcpscope's modules load instead of after. It is spawned exactly as StdioProcessTransport would
 * (under its supervisor, so it dies with mcpscope whatever happens), its output and exit are
 * kept until the transport that starts the same target takes it (takePrespawned) instead of
 * spawning another. One at a time.
 */
export function prespawn(target: PrespawnTarget, opts: { unclaimedMs?: number } = {}): void {
  const started = spawnSupervised({
    command: target.command,
    args: [...target.args],
    cwd: target.cwd,
    env: serverEnvironment(target.env),
  }).then(collect);
  // Nobody may ever take it (the command failed before connecting): its failure is the taker's to report.
  started.catch(() => undefined);
  const mine = { key: keyOf(target), started };
  waiting = mine;
  if (opts.unclaimedMs === undefined) return;
  // A process that stays (a background mcpscope) stops a server nobody came for.
  const unclaimedMs = opts.unclaimedMs;
  started.then(
    ({ supervised, takeOutput }) => {
      setTimeout(() => {
        if (waiting !== mine) return;
        waiting = undefined;
        takeOutput();
        void stopProcessTree(supervised.child, { graceMs: 0 }).finally(() => supervised.release());
      }, unclaimedMs).unref();
    },
    () => undefined,
  );
}

/** The server prespawn started for exactly this target, once; undefined when there is none. */
export function takePrespawned(target: PrespawnTarget): Promise<Prespawned> | undefined {
  if (!waiting || waiting.key !== keyOf(target)) return undefined;
  const { started } = waiting;
  waiting = undefined;
  return started;
}

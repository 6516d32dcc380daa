import type { ChildProcess } from 'node:child_process';

/** What the server did before the transport listened: replayed by the transport, in order. */
export interface EarlyOutput {
  stdout: Buffer[];
  stdoutEnded: boolean;
  stderr: string[];
  exited: boolean;
  closed?: { code: number | null; signal: NodeJS.Signals | null };
}

/** Output held for a taker that has not come yet; beyond it stdout is paused (the server waits). */
const MAX_EARLY_BYTES = 16 * 1024 * 1024;

/**
 * Listens to a server from the tick it is spawned until the transport takes it (`take`, which
 * stops collecting; the taker listens from then on, in the same tick). Between the spawn and the
 * transport there are awaits (the spawn event, the PID namespace's fork, a prespawned server
 * waiting for its session): a server that exits at once is reaped meanwhile, and Node then
 * drains and drops output nobody reads and emits `exit` and `close` to nobody. The transport
 * would wait for a close that had already happened, its connect answered by nothing.
 */
export function collectEarlyOutput(child: ChildProcess): () => EarlyOutput {
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
  let taken = false;
  return () => {
    if (!taken) {
      taken = true;
      child.stdout?.off('data', onStdout);
      child.stdout?.off('end', onStdoutEnd);
      child.stderr?.off('data', onStderr);
      child.off('exit', onExit);
      child.off('close', onClose);
    }
    return early;
  };
}

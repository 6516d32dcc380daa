import { spawn, type ChildProcess } from 'node:child_process';
import { LineSplitter, MAX_STDIO_LINE_BYTES } from '@mcpscope/engine';
import { constants as osConstants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { escapeForTerminal } from '../terminal-text.js';
import type { WrapLog } from './wrap-log.js';

/**
 * Splits a byte stream into lines for recording; the bytes themselves are relayed untouched
 * elsewhere. The engine's splitter: linear in the bytes, and one line never holds more than the
 * cap (a longer one is recorded truncated, with its finding), however long the server's line.
 */
function lineTap(maxLineBytes: number, onLine: (line: string, overflow: boolean) => void): LineSplitter {
  return new LineSplitter(maxLineBytes, (line, overflow) => onLine(line.toString('utf8'), overflow));
}

export interface ShimStreams {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** Signals `wrap` passes on to its server: a host stops a server by signalling the command it ran. */
export const FORWARDED_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
/** How long the server gets to exit after a forwarded signal before SIGKILL. */
const SIGNAL_GRACE_MS = 5_000;

export interface ShimOptions {
  /** Forward FORWARDED_SIGNALS received by this process to the server (the `wrap` command does). */
  forwardSignals?: boolean;
  /** The longest line recorded whole (default MAX_STDIO_LINE_BYTES); the relay is never cut. */
  maxLineBytes?: number;
}

/**
 * `mcpscope wrap -- command args…`: the host's stdin goes to the server and the server's stdout
 * to the host, byte for byte; stderr is passed on too, byte for byte to a host's pipe or log,
 * with control characters escaped when it is a terminal (someone running wrap by hand: the
 * server's stderr must not clear their screen or write their clipboard). Every line is
 * recorded as it passes.
 * Resolves with the server's exit code (1 when it was killed). With `forwardSignals`, a SIGTERM,
 * SIGINT or SIGHUP sent to wrap goes to the server (SIGKILL after a grace period if it stays),
 * and wrap resolves with the conventional 128 + signal number once the server is gone.
 */
export function runStdioShim(command: string, args: string[], log: WrapLog, io: ShimStreams, opts: ShimOptions = {}): Promise<number> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: process.env });
  const forwarded = opts.forwardSignals ? forwardSignals(child, log) : undefined;
  log.add({ type: 'lifecycle', phase: 'spawn', pid: child.pid, message: [command, ...args].join(' ') });
  const cap = opts.maxLineBytes ?? MAX_STDIO_LINE_BYTES;
  const fromHost = lineTap(cap, (line, overflow) => log.frame('out', line, overflow));
  const fromServer = lineTap(cap, (line, overflow) => log.frame('in', line, overflow));
  // Relayed first, recorded after: the host never waits on the recording.
  io.stdin.on('data', (chunk: Buffer) => {
    child.stdin.write(chunk);
    fromHost.push(chunk);
  });
  io.stdin.on('end', () => {
    fromHost.end();
    child.stdin.end();
  });
  child.stdin.on('error', () => undefined);
  child.stdout.on('data', (chunk: Buffer) => {
    io.stdout.write(chunk);
    fromServer.push(chunk);
  });
  const toTerminal = (io.stderr as { isTTY?: boolean }).isTTY === true ? new TextDecoder() : undefined;
  child.stderr.on('data', (chunk: Buffer) => {
    log.add({ type: 'stderr', text: chunk.toString('utf8') });
    io.stderr.write(toTerminal ? escapeForTerminal(toTerminal.decode(chunk, { stream: true })) : chunk);
  });
  return new Promise((resolve) => {
    child.on('error', (err) => {
      log.add({ type: 'lifecycle', phase: 'error', message: err.message });
      io.stderr.write(escapeForTerminal(`mcpscope wrap: could not start ${command}: ${err.message}\n`));
      forwarded?.stop();
      resolve(127);
    });
    child.on('close', (code, signal) => {
      fromServer.end();
      log.add({ type: 'lifecycle', phase: 'exit', code, signal });
      io.stdin.pause();
      const received = forwarded?.stop();
      // The server's last bytes may still sit in our stdout's buffer (a host that reads slowly):
      // handed on before wrap exits, or they are lost with the process.
      void flushed(io.stdout, FLUSH_LIMIT_MS).then(() => resolve(received ? 128 + osConstants.signals[received] : (code ?? 1)));
    });
  });
}

/** How long wrap waits, once its server is gone, for a host that does not read its stdout. */
const FLUSH_LIMIT_MS = 10_000;

/** Resolves once every byte written to `out` is handed to the OS (or `out` is gone, or after `ms`). */
async function flushed(out: Writable, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (out.writableLength > 0 && !out.destroyed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Passes the stop signals on to the server while it runs. `stop()` removes the handlers and says
 * which signal arrived, if any.
 */
function forwardSignals(child: ChildProcess, log: WrapLog): { stop(): NodeJS.Signals | undefined } {
  let received: NodeJS.Signals | undefined;
  let escalation: NodeJS.Timeout | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    received ??= signal;
    log.add({ type: 'lifecycle', phase: 'state', message: `wrap received ${signal}; passing it to the server` });
    child.kill(signal);
    escalation ??= setTimeout(() => child.kill('SIGKILL'), SIGNAL_GRACE_MS);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, onSignal);
  return {
    stop() {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, onSignal);
      clearTimeout(escalation);
      return received;
    },
  };
}

import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { escapeForTerminal } from '../terminal-text.js';
import type { WrapLog } from './wrap-log.js';

/** Splits a byte stream into lines for recording; the bytes themselves are relayed untouched elsewhere. */
function lineTap(onLine: (line: string) => void): { push(chunk: Buffer): void; end(): void } {
  let carry = '';
  const decoder = new TextDecoder();
  return {
    push(chunk) {
      carry += decoder.decode(chunk, { stream: true });
      let nl = carry.indexOf('\n');
      while (nl !== -1) {
        onLine(carry.slice(0, nl));
        carry = carry.slice(nl + 1);
        nl = carry.indexOf('\n');
      }
    },
    end() {
      carry += decoder.decode();
      if (carry) onLine(carry);
      carry = '';
    },
  };
}

export interface ShimStreams {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/**
 * `mcpscope wrap -- command args…`: the host's stdin goes to the server and the server's stdout
 * to the host, byte for byte; stderr is passed on too, byte for byte to a host's pipe or log,
 * with control characters escaped when it is a terminal (someone running wrap by hand: the
 * server's stderr must not clear their screen or write their clipboard). Every line is
 * recorded as it passes.
 * Resolves with the server's exit code (128 + signal number style: 1 when killed).
 */
export function runStdioShim(command: string, args: string[], log: WrapLog, io: ShimStreams): Promise<number> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: process.env });
  log.add({ type: 'lifecycle', phase: 'spawn', pid: child.pid, message: [command, ...args].join(' ') });
  const fromHost = lineTap((line) => log.frame('out', line));
  const fromServer = lineTap((line) => log.frame('in', line));
  io.stdin.on('data', (chunk: Buffer) => {
    fromHost.push(chunk);
    child.stdin.write(chunk);
  });
  io.stdin.on('end', () => {
    fromHost.end();
    child.stdin.end();
  });
  child.stdin.on('error', () => undefined);
  child.stdout.on('data', (chunk: Buffer) => {
    fromServer.push(chunk);
    io.stdout.write(chunk);
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
      resolve(127);
    });
    child.on('close', (code, signal) => {
      fromServer.end();
      log.add({ type: 'lifecycle', phase: 'exit', code, signal });
      io.stdin.pause();
      resolve(code ?? 1);
    });
  });
}

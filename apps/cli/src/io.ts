import { escapeForTerminal } from './terminal-text.js';

/** Where a command writes; the real process streams in the bin, buffers in tests. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  /** What `call --stdin` reads (the bin: process.stdin). */
  stdin?: AsyncIterable<string | Buffer>;
  /**
   * The process exits as soon as the command returns (the bin): a one-shot command may leave
   * its stdio servers to their supervisors rather than wait out their stop (handOffStdioServers).
   */
  exitsWhenDone?: boolean;
}

/**
 * The bin's streams. Everything mcpscope prints passes here, and much of it is the server's
 * (stderr tails, error messages, tool names, log data, reports): control and invisible
 * characters are escaped on the way out (escapeForTerminal), whatever the command and whether
 * or not the stream is a terminal. JSON on stdout stays valid and means the same.
 */
export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(escapeForTerminal(text)),
  stderr: (text) => void process.stderr.write(escapeForTerminal(text)),
  env: process.env,
  // A getter: Node makes process.stdin's stream when it is first read; only `call --stdin` reads it.
  get stdin() {
    return process.stdin;
  },
  exitsWhenDone: true,
};

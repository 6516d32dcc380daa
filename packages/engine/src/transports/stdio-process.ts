import type { ChildProcess } from 'node:child_process';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { peekResponseId, type JsonRpcId } from '@mcpscope/protocol';
import { EngineError } from '../errors/errors.js';
import { DescendantTracker } from './descendants.js';
import { lineCapDetail, LineSplitter, MAX_STDIO_LINE_BYTES } from './line-splitter.js';
import { serverEnvironment } from './server-env.js';
import { parseStdoutLine } from './stdout-line.js';
import { isProcessAlive, stopProcessTree, waitUntilGone } from './process-tree.js';
import { spawnSupervised, type Supervised } from './watchdog.js';
import { takePrespawned } from './prespawn.js';

export interface StdioProcessOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Longest stdout line kept whole; longer ones become a truncated raw frame. */
  maxLineBytes?: number;
  /** How long the server gets to exit after stdin closes before SIGTERM. */
  stopGraceMs?: number;
}

export interface StdioHooks {
  onSpawn(pid: number): void;
  onStderr(text: string): void;
  /** A stdout line that is not a JSON-RPC object. */
  onRawLine(text: string, reason: string, size: number): void;
  /** A line refused at the boundary (nested too deep, longer than the line cap): kept as text. */
  onRefusedLine(text: string, what: 'too-deep' | 'too-large', detail: string, size: number): void;
  onExit(code: number | null, signal: string | null): void;
  /** Something the user should know about the process that is not an exit (e.g. stdout closed). */
  onNote?(message: string): void;
}

/** Transports whose server may still be running (for handOffStdioServers). */
const live = new Set<StdioProcessTransport>();

/**
 * The process is about to exit (a one-shot command has printed its result): every stdio server
 * still running gets its stdin closed and is left to its supervisor, which stops it once this
 * process is gone, instead of this process waiting out the stop grace (see handOff()).
 */
export function handOffStdioServers(): void {
  for (const transport of live) transport.handOff();
}

/**
 * The stdio transport (2025-11-25/basic/transports#stdio). Written here rather than taken from
 * the SDK because an inspector must keep what the SDK drops: non-JSON stdout lines, exact line
 * sizes, and the whole process tree to stop on close.
 */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Byte size of the line behind the message being delivered, for the tap. */
  lastInboundSize = 0;
  /** A refused line answered request `id`: the tap fails that request at once rather than at its timeout. */
  onundeliverable?: (id: JsonRpcId, reason: string) => void;
  private child?: ChildProcess;
  private serverPid?: number;
  private supervised?: Supervised;
  /** Every process under the supervisor, including those that left its group (setsid). */
  private descendants?: DescendantTracker;
  private closed = false;
  private closing = false;
  private handedOff = false;
  /** True when the process ended without being asked to (crash, exit during connect). */
  exitedOnItsOwn = false;
  private exited?: Promise<void>;

  constructor(
    private readonly opts: StdioProcessOptions,
    private readonly hooks: StdioHooks,
  ) {}

  /** The server's own pid (it leads its process group, or its Node watchdog does). */
  get pid(): number | undefined {
    return this.serverPid;
  }

  async start(): Promise<void> {
    let supervised: Supervised;
    try {
      // With a supervisor: the server's tree dies with us, even on SIGKILL.
      const { command, args, cwd, env } = this.opts;
      // Already started for a one-shot `call` while mcpscope loaded (prespawn.ts), or now.
      const taken = takePrespawned({ command, args, cwd, env });
      supervised = taken ? await taken : await spawnSupervised({ command, args, cwd, env: serverEnvironment(env) });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const what = code === 'ENOENT' ? `command not found: ${this.opts.command}` : (err as Error).message;
      throw new EngineError('ENGINE_SPAWN_FAILED', `Could not start the server: ${what}`, { cause: err });
    }
    const { child, serverPid } = supervised;
    this.supervised = supervised;
    this.child = child;
    this.serverPid = serverPid;
    if (child.pid !== undefined)
      this.descendants = new DescendantTracker(child.pid, (pid, start) => supervised.descendant(pid, start)).watch();
    live.add(this);
    this.hooks.onSpawn(serverPid);
    const lines = new LineSplitter(this.opts.maxLineBytes ?? MAX_STDIO_LINE_BYTES, (line, overflow) => this.onLine(line, overflow));
    const onStdoutEnd = (): void => {
      lines.end();
      // A server that closed stdout can never answer again: stop it rather than let every
      // pending request wait for its timeout. (A server that is exiting closes stdout first.)
      setTimeout(() => {
        if (this.closing || child.exitCode !== null || child.signalCode !== null) return;
        this.hooks.onNote?.('the server closed its stdout but kept running; stopping it');
        void this.close();
      }, 300).unref();
    };
    const onExit = (): void => {
      if (!this.closing) this.exitedOnItsOwn = true;
      // What was recorded is kept: close() still stops what the server left behind.
      this.descendants?.stopWatching();
      // A grandchild that inherited stdout can keep the pipe open after the server died;
      // don't let it hold the session hostage.
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, 2000).unref();
    };
    let onClosed!: () => void;
    this.exited = new Promise((resolve) => (onClosed = resolve));
    const onClose = (code: number | null, signal: NodeJS.Signals | null): void => {
      onClosed();
      live.delete(this);
      this.hooks.onExit(code, signal);
      this.closed = true;
      this.onclose?.();
    };
    child.stderr?.setEncoding('utf8');
    child.stdin?.on('error', (err) => this.onerror?.(err));
    child.on('error', (err) => this.onerror?.(err));
    // What the server wrote and did before now (a prespawned one's since it was spawned) comes first, in order.
    const early = supervised.takeOutput();
    for (const text of early.stderr) this.hooks.onStderr(text);
    for (const chunk of early.stdout) lines.push(chunk);
    child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk));
    child.stderr?.on('data', (text: string) => this.hooks.onStderr(text));
    child.stdout?.resume();
    if (early.stdoutEnded) onStdoutEnd();
    else child.stdout?.on('end', onStdoutEnd);
    if (early.exited) onExit();
    else child.once('exit', onExit);
    if (early.closed) onClose(early.closed.code, early.closed.signal);
    else child.once('close', onClose);
  }

  private onLine(line: Buffer, overflow: boolean): void {
    if (line.length === 0 && !overflow) return;
    const text = line.toString('utf8');
    if (overflow) return this.refuse(text, 'too-large', lineCapDetail(line.length), line.length);
    const parsed = parseStdoutLine(text);
    if ('error' in parsed) {
      if (parsed.code === 'too-deep') return this.refuse(text, 'too-deep', parsed.error, line.length);
      this.hooks.onRawLine(text, parsed.error, line.length);
      return;
    }
    // A batch: each element is delivered like a line of its own, sized by its own serialized
    // length (the line also holds the brackets and commas).
    for (const msg of parsed.messages) {
      if (this.closed) return;
      this.lastInboundSize = parsed.batch ? Buffer.byteLength(JSON.stringify(msg), 'utf8') : line.length;
      this.onmessage?.(msg as JSONRPCMessage);
    }
  }

  private refuse(text: string, what: 'too-deep' | 'too-large', detail: string, size: number): void {
    this.hooks.onRefusedLine(text, what, detail, size);
    const id = peekResponseId(text);
    if (id !== undefined) this.onundeliverable?.(id, `the server's answer was ${detail}; mcpscope refused it`);
  }

  /**
   * Waits up to `ms` for a process that may already be on its way out (a failed connect often
   * sees EPIPE or a closed pipe a moment before the exit), so the exit is told as the cause.
   */
  async settle(ms: number): Promise<void> {
    const child = this.child;
    if (!child || !this.exited || child.exitCode !== null || child.signalCode !== null) return this.exited;
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    return this.sendText(JSON.stringify(message));
  }

  /** A message the tap already serialized (and measured): written as one line, not serialized again. */
  async sendText(text: string): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.closed || stdin.destroyed) throw new EngineError('ENGINE_NOT_CONNECTED', 'The server process is not running');
    const line = `${text}\n`;
    await new Promise<void>((resolve, reject) => {
      stdin.write(line, (err) => (err ? reject(err) : resolve()));
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (this.handedOff) return;
    // Dead already, its exit not yet reported (a write to it failed with EPIPE and the client
    // closed at once): that exit was its own, and the connect error tells it.
    if (
      !this.closing &&
      this.serverPid !== undefined &&
      child.exitCode === null &&
      child.signalCode === null &&
      !isProcessAlive(this.serverPid)
    )
      this.exitedOnItsOwn = true;
    this.closing = true;
    // In a PID namespace the spawned process is nsenter, which reports the server's exit as its own.
    const spare = this.supervised?.pidNamespace !== undefined ? child.pid : undefined;
    await stopProcessTree(child, { graceMs: this.opts.stopGraceMs, descendants: this.descendants, spare });
    await this.exited;
    // Under the Node watchdog its exit is reported first; the server, killed with the group, follows.
    if (this.serverPid !== undefined) await waitUntilGone(this.serverPid);
    this.supervised?.release();
  }

  /**
   * For a command that exits as soon as its work is done (`mcpscope call`): closes the server's
   * stdin and leaves the rest of the stop (the grace, SIGTERM, SIGKILL, the strays) to the
   * supervisor, which starts on it when this process exits. Nothing is awaited; a later close()
   * does nothing. The server's exit is then not reported.
   */
  handOff(): void {
    const child = this.child;
    if (!child || this.handedOff || child.exitCode !== null || child.signalCode !== null) return;
    this.handedOff = true;
    this.closing = true;
    live.delete(this);
    this.descendants?.record();
    this.descendants?.stopWatching();
    this.supervised?.handOff(this.opts.stopGraceMs ?? 1000);
    child.stdin?.end();
  }
}

import type { ConnectError, Engine, Session, SessionConfig } from '@mcpscope/engine';
import { ServerRequestAnswers } from './server-request-answers.js';
import { sessionConfigOf } from './server-config.js';
import { printable } from './printable.js';
import { withoutStack } from './without-stack.js';

export interface OpenHandleOptions {
  /** The trace file (trace v1, redacted). */
  trace: string;
  connectTimeoutMs?: number;
  /** Told when a server request is refused because the test set no handler for it. */
  onRefused?: (method: string, why: string) => void;
}

/**
 * One engine session for the fixtures (one per test, or one per worker): opened with its trace
 * recorded, the server's requests answered by the test's handlers, and removed from the engine
 * on close, which stops a stdio server's whole process tree.
 */
export class SessionHandle {
  private constructor(
    private readonly engine: Engine,
    readonly session: Session,
    readonly answers: ServerRequestAnswers,
    private readonly detach: () => void,
    readonly tracePath: string,
  ) {}

  static async open(engine: Engine, mcpServer: unknown, opts: OpenHandleOptions): Promise<SessionHandle> {
    let parsed: ReturnType<typeof sessionConfigOf>;
    try {
      parsed = sessionConfigOf(mcpServer);
    } catch (err) {
      throw withoutStack(err as Error);
    }
    const { config, open } = parsed;
    const before = new Set(engine.list().map((s) => s.id));
    const answers = new ServerRequestAnswers(opts.onRefused);
    // In place before the handshake: a server may ask the client something while it starts.
    const detach = answers.attachToNext(engine);
    try {
      const session = await engine.open(config, { ...open, record: opts.trace, connectTimeoutMs: opts.connectTimeoutMs });
      return new SessionHandle(engine, session, answers, detach, opts.trace);
    } catch (err) {
      detach();
      const failed = engine.list().find((s) => !before.has(s.id));
      if (failed) await engine.remove(failed.id);
      throw withoutStack(new Error(describeConnectFailure(config, err)));
    }
  }

  /** The last seq the session has used: where the next test's frames start (worker scope). */
  get lastSeq(): number {
    return this.session.log.lastSeq;
  }

  async close(): Promise<void> {
    this.detach();
    await this.engine.remove(this.session.id);
  }
}

function targetOf(config: SessionConfig): string {
  return config.transport === 'stdio' ? [config.command, ...config.args].join(' ') : config.url;
}

/** A connect failure in plain words, with what the server said (its stderr, what it sent instead of an answer). */
export function describeConnectFailure(config: SessionConfig, err: unknown): string {
  const details = (err as { details?: ConnectError } | null)?.details;
  const lines = [
    `mcpscope could not connect to ${targetOf(config)}`,
    `  ${(err as Error)?.message ?? String(err)}${details ? ` [${details.code}]` : ''}`,
  ];
  if (details?.httpStatus !== undefined) lines.push(`  HTTP status ${details.httpStatus}`);
  if (details?.httpBody)
    lines.push(
      '  response body:',
      ...details.httpBody
        .split('\n')
        .slice(0, 20)
        .map((l) => `    | ${l}`),
    );
  if (details?.sentInstead?.length) lines.push('  the server sent instead:', ...details.sentInstead.map((s) => `    - ${s}`));
  if (details?.stderrTail?.length) lines.push('  last lines of its stderr:', ...details.stderrTail.slice(-10).map((l) => `    | ${l}`));
  return printable(lines.join('\n'));
}

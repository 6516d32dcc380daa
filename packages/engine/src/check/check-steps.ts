import type { SessionEvent } from '@mcpscope/protocol';
import { EXERCISE_RULES, findingOf } from '@mcpscope/protocol/lint';
import type { Session } from '../session/session.js';
import type { ExerciseFinding } from './exercise-finding.js';

/** How the server went away during a check, and in which step. */
export interface ServerExit {
  /** The step it was in (its request unanswered), or the last one it answered. */
  step: string;
  /** A request of that step was unanswered when the connection closed (a crash mid-request). */
  midRequest: boolean;
  /** "exited with code 1", "was killed by SIGSEGV", or how the connection ended. */
  how: string;
  /** A non-zero exit code or a signal of its own (a crash); an exit with code 0 is one it chose. */
  abnormal: boolean;
  /** The last stderr lines, each escaped to one line and clipped. */
  stderr: string[];
}

const STDERR_LINES = 8;
const STDERR_LINE_MAX = 200;
/** Characters a terminal acts on or hides (as apps/cli's terminal-text), beyond what JSON.stringify escapes. */
const UNSAFE = /[\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

/** A server's line as one escaped, clipped line (its quotes dropped): it is printed on a terminal. */
export function escapedLine(text: string, max = STDERR_LINE_MAX): string {
  const clipped = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  const json = JSON.stringify(clipped).slice(1, -1);
  return json.replace(UNSAFE, (c) => [...c].map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''));
}

/** The last non-empty stderr lines of a stdio server, escaped. */
export function stderrTail(events: readonly SessionEvent[], lines = STDERR_LINES): string[] {
  const text = events.flatMap((e) => (e.type === 'stderr' ? e.text.split('\n') : [])).filter((l) => l.trim() !== '');
  return text.slice(-lines).map((l) => escapedLine(l.trimEnd()));
}

/**
 * How the session ended, from its log: the process exit (stdio), else the disconnect. Abnormal
 * only for a process that died on its own with a non-zero code or a signal: one mcpscope stopped
 * (it closed its stdout and kept running) or an HTTP connection that ended claims no crash.
 */
function howItEnded(events: readonly SessionEvent[]): { how: string; abnormal: boolean } {
  const stopped = events.some(
    (e) => e.type === 'lifecycle' && e.phase === 'error' && e.message?.startsWith('the server closed its stdout but kept running'),
  );
  const exit = events.findLast((e) => e.type === 'lifecycle' && e.phase === 'exit');
  if (exit?.type === 'lifecycle') {
    if (stopped) return { how: 'closed its stdout and was stopped by mcpscope', abnormal: false };
    return exit.signal
      ? { how: `was killed by ${exit.signal}`, abnormal: true }
      : { how: `exited with code ${exit.code}`, abnormal: exit.code !== 0 };
  }
  const end = events.findLast((e) => e.type === 'lifecycle' && (e.phase === 'disconnect' || e.phase === 'error'));
  return { how: end?.type === 'lifecycle' && end.message ? `went away (${escapedLine(end.message)})` : 'went away', abnormal: false };
}

const rule = (id: string) => EXERCISE_RULES.find((r) => r.id === id)!;

/** Longest wait for a session whose transport failed to close (the stdio transport gives a lingering pipe 2 s). */
const SETTLE_MS = 3000;

/** A request that failed because the connection did (not a timeout, not an answer refused). */
function lostTransport(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ENGINE_CLOSED' || code === 'ENGINE_NOT_CONNECTED' || code === 'ENGINE_SEND_FAILED') return true;
  return /EPIPE|ECONNRESET|ERR_STREAM_DESTROYED|closed/i.test(err instanceof Error ? err.message : String(err));
}

/**
 * The steps of one check, in order; each request `check` sends is a step, named as its note
 * names it (`tool "echo" (invalid arguments: …)`). When the server goes away, the step it was in
 * is kept with how it ended, and every later step is skipped without sending anything, listed
 * for the report, so a crash is never a silent end of the check.
 */
export class CheckSteps {
  readonly skipped: string[] = [];
  exit: ServerExit | undefined;
  private last = 'the handshake';

  constructor(private readonly session: Session) {}

  alive(): boolean {
    return this.exit === undefined && this.session.info().state === 'connected';
  }

  /**
   * Runs step `label` (`send` makes its request; a throw is the request unanswered). Undefined
   * when the step was skipped (the server is gone) or its request failed; the failure is thrown
   * back to callers that report it (`rethrow`).
   */
  async run<T>(label: string, send: () => Promise<T>): Promise<{ value: T } | { error: unknown } | undefined> {
    if (!this.alive()) {
      this.gone(this.last, false);
      this.skipped.push(label);
      return undefined;
    }
    let out: { value: T } | { error: unknown };
    try {
      out = { value: await send() };
    } catch (error) {
      out = { error };
      if (lostTransport(error)) await this.settle();
    }
    if (this.session.info().state !== 'connected') this.gone('error' in out ? label : `after ${label}`, 'error' in out);
    else this.last = `after ${label}`;
    return out;
  }

  /**
   * A write to a server that is exiting fails (EPIPE) a moment before its exit closes the
   * session: wait for that (bounded, and only once: a transport that stays up after a failed
   * send, as HTTP can, is not waited for again at every later step).
   */
  private async settle(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    const deadline = Date.now() + SETTLE_MS;
    while (this.session.info().state === 'connected' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private settled = false;

  /** Marks a step that sends nothing of its own (a probe, a read the check skips) as skipped if the server is gone. */
  skip(label: string): boolean {
    if (this.alive()) return false;
    this.gone(this.last, false);
    this.skipped.push(label);
    return true;
  }

  private gone(step: string, midRequest: boolean): void {
    if (this.exit) return;
    const events = this.session.events();
    this.exit = { step, midRequest, ...howItEnded(events), stderr: stderrTail(events) };
  }

  /**
   * The finding for the server's exit: an error when it crashed (a non-zero code or a signal)
   * with a request unanswered; else info, for a server may end the session itself (and an exit
   * with code 0 a moment after an answer cannot be told from one during the next request).
   */
  finding(): ExerciseFinding | undefined {
    const exit = this.exit;
    if (!exit) return undefined;
    const skipped = this.skipped.length > 0 ? `; ${this.skipped.length} later step(s) skipped` : '';
    const stderr = exit.stderr.length > 0 ? `; last stderr lines: ${exit.stderr.map((l) => `"${l}"`).join(' | ')}` : '; nothing on stderr';
    const crashed = exit.midRequest && exit.abnormal;
    const where = exit.midRequest ? `during ${exit.step}, its request unanswered` : `between steps (${exit.step})`;
    const message = `the server ${exit.how} ${where}${crashed || !exit.midRequest ? '' : ' (an exit it chose, not judged a crash)'}${skipped}${stderr}`;
    return {
      ...findingOf(rule(crashed ? 'server-exited-mid-request' : 'server-exited'), message, this.session.info().era),
      excerpt: exit.midRequest ? `during ${exit.step}` : '',
    };
  }
}

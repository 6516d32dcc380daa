import { internalErrorFinding, type Finding, type SessionEvent } from '@mcpscope/protocol';
import { TraceError } from './errors.js';
import { makeHeader, type TraceHeaderMeta } from './header.js';
import { capDepth } from './json-walk.js';
import { mayRedact, redact, redactEvent } from './redact.js';
import type { SecretValues } from './secret-values.js';

/** Where trace lines go. `write` gets one complete line including its trailing "\n". */
export interface TraceSink {
  write(line: string): void;
  /**
   * One event's line without its "\n", which the sink adds (used instead of `write` when present):
   * a sink that encodes lines at once spares the copy `line + "\n"` makes of every event.
   */
  writeLine?(text: string): void;
  close?(): Promise<void>;
}

/** Why an event was not written as it was: it could not be serialized, or the sink threw. */
export type TraceWriteStage = 'serialize' | 'sink';

export interface TraceWriterOptions {
  /** Redact secrets on write (default true). */
  redact?: boolean;
  /** The session's own secrets, redacted by value wherever they occur (only when redacting). */
  secrets?: SecretValues;
  /**
   * Called when one event could not be written as it was: at stage `serialize` a reduced form
   * was written instead (its too-deep parts capped, or a placeholder with `finding`); at stage
   * `sink` the line was lost. write() itself never throws for an event.
   */
  onError?: (event: SessionEvent, error: Error, stage: TraceWriteStage, finding: Finding) => void;
  /** Serializes an event (after redaction); default JSON.stringify. A live recorder shares the text the /ws stream made. */
  stringify?: (event: SessionEvent) => string;
}

/** The finding a writer failure puts on the event (the rule the engine's backstop uses). */
export function traceWriteFinding(error: Error, stage: TraceWriteStage): Finding {
  // mcpscope's fault (a full disk, an event it could not serialize): an `info`, never a claim about the server.
  return internalErrorFinding(
    stage === 'sink' ? 'the trace writer (the line is lost)' : 'the recorder (the event is written reduced)',
    error,
  );
}

/**
 * Writes trace format v1 (NDJSON) to a sink, one line per call, immediately, so a crash
 * loses at most the line being written. The header must come first.
 */
export class TraceWriter {
  readonly #sink: TraceSink;
  readonly #redact: boolean;
  readonly #secrets?: SecretValues;
  readonly #onError?: TraceWriterOptions['onError'];
  readonly #stringify: (event: SessionEvent) => string;
  #headerWritten = false;
  #closed = false;

  constructor(sink: TraceSink, options: TraceWriterOptions = {}) {
    this.#sink = sink;
    this.#redact = options.redact !== false;
    this.#secrets = options.secrets;
    this.#onError = options.onError;
    this.#stringify = options.stringify ?? JSON.stringify;
  }

  get closed(): boolean {
    return this.#closed;
  }

  writeHeader(meta: TraceHeaderMeta): void {
    if (this.#headerWritten) throw new TraceError('TRACE_HEADER_WRITTEN', 'trace header already written');
    const header = makeHeader(meta);
    this.#sink.write(`${JSON.stringify(this.#redact ? redact(header, { secrets: this.#secrets }) : capDepth(header))}\n`);
    this.#headerWritten = true;
  }

  /**
   * Writes one event; false when it was written in a reduced form or lost (see onError).
   * Events after close() are dropped (late events of a closing session).
   */
  write(event: SessionEvent): boolean {
    if (this.#closed) return true;
    if (!this.#headerWritten) throw new TraceError('TRACE_NO_HEADER', 'writeHeader() must be called before write()');
    let line: string;
    let ok = true;
    try {
      line = this.#redact ? this.#redacted(event) : this.#stringify(event);
    } catch (err) {
      ok = false;
      const error = asError(err);
      const finding = traceWriteFinding(error, 'serialize');
      line = reducedLine(event, finding);
      this.#report(event, error, 'serialize', finding);
    }
    try {
      if (this.#sink.writeLine) this.#sink.writeLine(line);
      else this.#sink.write(`${line}\n`);
    } catch (err) {
      const error = asError(err);
      this.#report(event, error, 'sink', traceWriteFinding(error, 'sink'));
      return false;
    }
    return ok;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#sink.close?.();
  }

  /**
   * The redacted event's text. Most events hold nothing to redact: their text (which a live
   * recorder already has from the /ws stream) is checked for what a rule could match (mayRedact)
   * instead of walking every key and string; only an event that may hold a secret is walked.
   */
  #redacted(event: SessionEvent): string {
    let text: string | undefined;
    try {
      text = this.#stringify(event);
    } catch {
      // Too deep for JSON.stringify: the redacted copy is capped and may serialize.
    }
    if (text !== undefined && !mayRedact(text, { oauth: event.type === 'oauth', secrets: this.#secrets })) return text;
    const redacted = redactEvent(event, this.#secrets);
    return redacted === event && text !== undefined ? text : this.#stringify(redacted);
  }

  #report(event: SessionEvent, error: Error, stage: TraceWriteStage, finding: Finding): void {
    try {
      this.#onError?.(event, error, stage, finding);
    } catch {
      /* the callback's failure is its own; the trace goes on */
    }
  }
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * The line for an event that did not serialize (a stack overflow on deep nesting with redaction
 * off, a string past the engine's limit): the event with too-deep parts capped and the finding
 * attached; failing that, a placeholder of the same seq that a reader still accepts.
 */
function reducedLine(event: SessionEvent, finding: Finding): string {
  try {
    const capped = capDepth(event);
    if (capped.type === 'frame' || capped.type === 'http')
      return JSON.stringify({ ...capped, findings: [...(capped.findings ?? []), finding] });
    return JSON.stringify(capped);
  } catch {
    const base = { seq: event.seq, t: event.t, sessionId: event.sessionId };
    if (event.type === 'frame')
      return JSON.stringify({
        ...base,
        type: 'frame',
        dir: event.dir,
        size: event.size,
        raw: `[not recorded: ${finding.message}]`,
        findings: [finding],
      });
    return JSON.stringify({
      ...base,
      type: 'lifecycle',
      phase: 'error',
      message: `A ${event.type} event was not recorded: ${finding.message}`,
    });
  }
}

import type { SessionEvent } from '@mcpscope/protocol';
import { TraceError } from './errors.js';
import { makeHeader, type TraceHeaderMeta } from './header.js';
import { redact, redactEvent } from './redact.js';

/** Where trace lines go. `write` gets one complete line including its trailing "\n". */
export interface TraceSink {
  write(line: string): void;
  close?(): Promise<void>;
}

export interface TraceWriterOptions {
  /** Redact secrets on write (default true). */
  redact?: boolean;
}

/**
 * Writes trace format v1 (NDJSON) to a sink, one line per call, immediately, so a crash
 * loses at most the line being written. The header must come first.
 */
export class TraceWriter {
  readonly #sink: TraceSink;
  readonly #redact: boolean;
  #headerWritten = false;
  #closed = false;

  constructor(sink: TraceSink, options: TraceWriterOptions = {}) {
    this.#sink = sink;
    this.#redact = options.redact !== false;
  }

  get closed(): boolean {
    return this.#closed;
  }

  writeHeader(meta: TraceHeaderMeta): void {
    if (this.#headerWritten) throw new TraceError('TRACE_HEADER_WRITTEN', 'trace header already written');
    const header = makeHeader(meta);
    this.#line(this.#redact ? redact(header) : header);
    this.#headerWritten = true;
  }

  /** Writes one event. Events after close() are dropped (late events of a closing session). */
  write(event: SessionEvent): void {
    if (this.#closed) return;
    if (!this.#headerWritten) throw new TraceError('TRACE_NO_HEADER', 'writeHeader() must be called before write()');
    this.#line(this.#redact ? redactEvent(event) : event);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#sink.close?.();
  }

  #line(value: unknown): void {
    this.#sink.write(JSON.stringify(value) + '\n');
  }
}

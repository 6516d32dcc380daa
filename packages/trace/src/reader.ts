import type { SessionEvent } from '@mcpscope/protocol';
import { TraceError } from './errors.js';
import { parseEvent } from './event-schema.js';
import { TRACE_FORMAT, TRACE_VERSION, TraceHeaderSchema, type TraceHeader } from './header.js';

export interface ParsedTrace {
  header: TraceHeader;
  events: SessionEvent[];
  /** One entry per skipped line, e.g. "line 7: not valid JSON". */
  warnings: string[];
}

function parseHeader(line: string): TraceHeader {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new TraceError('TRACE_NO_HEADER', 'not an mcpscope trace: line 1 is not JSON');
  }
  const v = value as Record<string, unknown> | null;
  if (v === null || typeof v !== 'object' || v.type !== 'header' || v.format !== TRACE_FORMAT) {
    throw new TraceError('TRACE_NO_HEADER', `not an mcpscope trace: line 1 is not a "${TRACE_FORMAT}" header`);
  }
  if (v.version !== TRACE_VERSION) {
    throw new TraceError(
      'TRACE_UNSUPPORTED_VERSION',
      `trace format version ${JSON.stringify(v.version)} is not supported (this reader reads version ${TRACE_VERSION})`,
    );
  }
  const result = TraceHeaderSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new TraceError('TRACE_BAD_HEADER', `invalid trace header: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return result.data;
}

/**
 * Incremental trace v1 reader: feed text with push(), then end(). Tolerates a truncated last
 * line (a writer that crashed mid-line) and skips malformed lines with a warning; a missing
 * or foreign header is an error (TraceError).
 */
export class TraceReader {
  #buffer = '';
  #lineNo = 0;
  #header: TraceHeader | undefined;
  readonly #events: SessionEvent[] = [];
  readonly #warnings: string[] = [];

  push(chunk: string): void {
    this.#buffer += chunk;
    let nl = this.#buffer.indexOf('\n');
    while (nl !== -1) {
      this.#line(this.#buffer.slice(0, nl), false);
      this.#buffer = this.#buffer.slice(nl + 1);
      nl = this.#buffer.indexOf('\n');
    }
  }

  end(): ParsedTrace {
    if (this.#buffer.length > 0) this.#line(this.#buffer, true);
    this.#buffer = '';
    if (!this.#header) throw new TraceError('TRACE_NO_HEADER', 'not an mcpscope trace: the file is empty');
    return { header: this.#header, events: [...this.#events], warnings: [...this.#warnings] };
  }

  #line(rawLine: string, unterminated: boolean): void {
    this.#lineNo += 1;
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.trim() === '') return;
    if (!this.#header) {
      this.#header = parseHeader(line);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.#warnings.push(
        unterminated
          ? `line ${this.#lineNo}: truncated last line (${line.length} chars) ignored`
          : `line ${this.#lineNo}: not valid JSON, skipped`,
      );
      return;
    }
    if ((value as { type?: unknown } | null)?.type === 'header') {
      this.#warnings.push(`line ${this.#lineNo}: unexpected second header, skipped`);
      return;
    }
    const parsed = parseEvent(value);
    if ('error' in parsed) this.#warnings.push(`line ${this.#lineNo}: ${parsed.error}, skipped`);
    else this.#events.push(parsed.event);
  }
}

/** Parses a whole trace v1 text. See TraceReader for the tolerance rules. */
export function parseTrace(text: string): ParsedTrace {
  const reader = new TraceReader();
  reader.push(text);
  return reader.end();
}

import { jsonTextTooDeep, MAX_JSON_DEPTH, type SessionEvent } from '@mcpscope/protocol';
import { TraceError } from './errors.js';
import { parseEvent } from './event-schema.js';
import { TRACE_FORMAT, TRACE_VERSION, TraceHeaderSchema, type TraceHeader } from './header.js';

export interface ParsedTrace {
  header: TraceHeader;
  events: SessionEvent[];
  /** One entry per skipped line, e.g. "line 7: not valid JSON". */
  warnings: string[];
}

/**
 * Longest trace line read (80 Mi; bytes where a file is scanned, UTF-16 units where text is
 * pushed): the 64 MiB stdio line cap plus room for the event around a message, so a frame the
 * engine accepted (and spilled, or recorded) always reads back. A longer line is skipped with a
 * warning while it is read, never accumulated: a hostile 1 GB line costs one cap of memory.
 */
export const MAX_TRACE_LINE = 80 * 1024 * 1024;

/** The warning for a line over the cap (`length`: how much of it was seen). */
export function tooLongWarning(lineNo: number, length: number, max = MAX_TRACE_LINE): string {
  return `line ${lineNo}: longer than the ${formatCap(max)} line limit (${length} bytes or more), skipped`;
}

/** The warning for a line nested deeper than MAX_JSON_DEPTH. */
export function tooDeepWarning(lineNo: number): string {
  return `line ${lineNo}: nested deeper than ${MAX_JSON_DEPTH} levels, skipped`;
}

function formatCap(max: number): string {
  return max % (1024 * 1024) === 0 ? `${max / (1024 * 1024)} MiB` : `${max}-byte`;
}

function parseHeader(line: string): TraceHeader {
  if (jsonTextTooDeep(line)) throw new TraceError('TRACE_BAD_HEADER', `invalid trace header: nested deeper than ${MAX_JSON_DEPTH} levels`);
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

export interface TraceReaderOptions {
  /** Longest line kept (UTF-16 units); default MAX_TRACE_LINE. */
  maxLineLength?: number;
}

/**
 * Incremental trace v1 reader: feed text with push(), then end(). Tolerates a truncated last
 * line (a writer that crashed mid-line) and skips malformed lines with a warning; a missing
 * or foreign header is an error (TraceError). A line longer than the cap or nested deeper than
 * MAX_JSON_DEPTH is skipped with a warning (refused as the header); memory stays one line.
 */
export class TraceReader {
  /** The current line's parts (joined once it ends); empty while an over-long line is skipped. */
  #parts: string[] = [];
  #length = 0;
  #overflow = false;
  #lineNo = 0;
  #header: TraceHeader | undefined;
  readonly #max: number;
  readonly #events: SessionEvent[] = [];
  readonly #warnings: string[] = [];

  constructor(opts: TraceReaderOptions = {}) {
    this.#max = opts.maxLineLength ?? MAX_TRACE_LINE;
  }

  push(chunk: string): void {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      this.#append(chunk.slice(start, nl));
      this.#endLine(false);
      start = nl + 1;
    }
    if (start < chunk.length) this.#append(start === 0 ? chunk : chunk.slice(start));
  }

  end(): ParsedTrace {
    if (this.#length > 0) this.#endLine(true);
    if (!this.#header) throw new TraceError('TRACE_NO_HEADER', 'not an mcpscope trace: the file is empty');
    return { header: this.#header, events: [...this.#events], warnings: [...this.#warnings] };
  }

  #append(part: string): void {
    this.#length += part.length;
    if (this.#overflow) return;
    if (this.#length > this.#max) {
      this.#overflow = true;
      this.#parts = [];
      return;
    }
    if (part.length > 0) this.#parts.push(part);
  }

  #endLine(unterminated: boolean): void {
    const length = this.#length;
    const overflow = this.#overflow;
    const text = overflow ? '' : this.#parts.join('');
    this.#parts = [];
    this.#length = 0;
    this.#overflow = false;
    if (overflow) {
      this.#lineNo += 1;
      if (!this.#header)
        throw new TraceError(
          'TRACE_NO_HEADER',
          `not an mcpscope trace: ${tooLongWarning(this.#lineNo, length, this.#max).replace(', skipped', '')}`,
        );
      this.#warnings.push(tooLongWarning(this.#lineNo, length, this.#max));
      return;
    }
    this.#line(text, unterminated);
  }

  #line(rawLine: string, unterminated: boolean): void {
    this.#lineNo += 1;
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.trim() === '') return;
    if (!this.#header) {
      this.#header = parseHeader(line);
      return;
    }
    if (jsonTextTooDeep(line)) {
      this.#warnings.push(tooDeepWarning(this.#lineNo));
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

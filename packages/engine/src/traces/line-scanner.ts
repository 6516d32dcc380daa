import { createReadStream } from 'node:fs';
import { MAX_TRACE_LINE } from '@mcpscope/trace';

export interface ScannedLine {
  /** Byte offset of the line's first byte in the file. */
  offset: number;
  /** The line's text; '' for a line over the cap (`tooLong`). */
  text: string;
  /** false for a last line without its "\n" (a writer cut off mid-line). */
  terminated: boolean;
  /** Set (to the line's length in bytes) when the line is longer than the cap: it was skipped unread. */
  tooLong?: number;
}

export interface ScanOptions {
  /** Longest line read, in bytes (default MAX_TRACE_LINE); a longer one is reported with `tooLong`. */
  maxLineBytes?: number;
}

/**
 * Streams a file line by line with each line's byte offset, never holding more than one read
 * chunk plus one line (at most `maxLineBytes`) in memory: the bytes of a longer line are
 * dropped as they arrive, so a hostile 1 GB line costs no more than the cap. Stops early when
 * `visit` returns false.
 */
export async function scanLines(file: string, start: number, visit: (line: ScannedLine) => boolean | void, opts: ScanOptions = {}): Promise<void> {
  const max = opts.maxLineBytes ?? MAX_TRACE_LINE;
  const stream = createReadStream(file, { start, highWaterMark: 1024 * 1024 });
  let carry: Buffer[] = [];
  /** Bytes of the current line so far (kept in `carry` unless it is over the cap). */
  let length = 0;
  let lineStart = start;
  let stopped = false;
  const emit = (last: Buffer | undefined, terminated: boolean): boolean => {
    const total = length + (last?.length ?? 0);
    const line: ScannedLine =
      total > max
        ? { offset: lineStart, text: '', terminated, tooLong: total }
        : { offset: lineStart, text: (carry.length > 0 ? Buffer.concat(last ? [...carry, last] : carry) : (last ?? Buffer.alloc(0))).toString('utf8'), terminated };
    lineStart += total + 1;
    carry = [];
    length = 0;
    return visit(line) !== false;
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
        if (!emit(chunk.subarray(from, nl), true)) {
          stopped = true;
          return;
        }
        from = nl + 1;
      }
      if (from < chunk.length) {
        length += chunk.length - from;
        if (length <= max) carry.push(chunk.subarray(from));
        else carry = [];
      }
    }
    if (length > 0) emit(undefined, false);
  } finally {
    if (stopped) stream.destroy();
  }
}

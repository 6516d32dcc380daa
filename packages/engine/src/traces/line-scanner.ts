import { open } from 'node:fs/promises';
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

/** A line as bytes (no "\n"); `bytes` is empty for a line over the cap (`tooLong`). Valid only during the visit. */
export interface ScannedBytes {
  offset: number;
  bytes: Buffer;
  terminated: boolean;
  tooLong?: number;
}

export interface ScanOptions {
  /** Longest line read, in bytes (default MAX_TRACE_LINE); a longer one is reported with `tooLong`. */
  maxLineBytes?: number;
  /** Bytes per read (default 1 MiB): larger for a whole-file scan, smaller for a page. */
  chunkBytes?: number;
}

const EMPTY = Buffer.alloc(0);

/** What a visitor answers: false stops the scan; a promise pauses it until it settles (then false stops it). */
export type VisitResult = boolean | void | Promise<boolean | void>;

/**
 * Streams a file line by line as bytes with each line's byte offset. One buffer is read into and
 * reused (a line longer than it grows it, up to `maxLineBytes`): no allocation per chunk, so a
 * 200 MB scan leaves no garbage behind but a view per line. The bytes of a line over the cap are
 * skipped as they arrive, so a hostile 1 GB line costs no more than the buffer. Nothing is
 * decoded: the index of a trace is built from "\n" offsets. Stops early when `visit` returns false.
 * `visit` may return a promise to pause the scan (a background pass yielding to the event loop):
 * the buffer is left alone until it settles. `bytes` is a view into the buffer, valid only during
 * the visit (and its pause).
 */
export async function scanLineBytes(
  file: string,
  start: number,
  visit: (line: ScannedBytes) => VisitResult,
  opts: ScanOptions = {},
): Promise<void> {
  const max = opts.maxLineBytes ?? MAX_TRACE_LINE;
  const fh = await open(file, 'r');
  try {
    let buf = Buffer.allocUnsafe(Math.max(1, Math.min(opts.chunkBytes ?? 1024 * 1024, max + 1)));
    /** Bytes of buf in use: the start of an unfinished line, before the next read. */
    let filled = 0;
    /** File offset of buf[0]. */
    let base = start;
    /** Length so far of a line over the cap being skipped, or -1. */
    let skipping = -1;
    let skipStart = 0;
    for (let position = start; ; ) {
      const { bytesRead } = await fh.read(buf, filled, buf.length - filled, position);
      position += bytesRead;
      const end = filled + bytesRead;
      const view = buf.subarray(0, end);
      let from = 0;
      if (bytesRead === 0) {
        const last =
          skipping >= 0
            ? visit({ offset: skipStart, bytes: EMPTY, terminated: false, tooLong: skipping })
            : end > 0
              ? visit({ offset: base, bytes: view, terminated: false })
              : undefined;
        if (last instanceof Promise) await last;
        return;
      }
      if (skipping >= 0) {
        const nl = view.indexOf(10);
        if (nl === -1) {
          skipping += end;
          filled = 0;
          base += end;
          continue;
        }
        const r = visit({ offset: skipStart, bytes: EMPTY, terminated: true, tooLong: skipping + nl });
        if (r === false || (r instanceof Promise && (await r) === false)) return;
        skipping = -1;
        from = nl + 1;
      }
      for (let nl = view.indexOf(10, from); nl !== -1; nl = view.indexOf(10, from)) {
        const r = visit({ offset: base + from, bytes: view.subarray(from, nl), terminated: true });
        if (r === false || (r instanceof Promise && (await r) === false)) return;
        from = nl + 1;
      }
      const rest = end - from;
      if (rest > max) {
        skipping = rest;
        skipStart = base + from;
        filled = 0;
        base += end;
      } else if (rest === buf.length) {
        const grown = Buffer.allocUnsafe(Math.min(max + 1, buf.length * 2));
        buf.copy(grown, 0, from, end);
        buf = grown;
        filled = rest;
        base += from;
      } else {
        buf.copy(buf, 0, from, end);
        filled = rest;
        base += from;
      }
    }
  } finally {
    await fh.close();
  }
}

/** scanLineBytes with each line decoded as UTF-8 text. */
export function scanLines(file: string, start: number, visit: (line: ScannedLine) => VisitResult, opts: ScanOptions = {}): Promise<void> {
  return scanLineBytes(
    file,
    start,
    ({ offset, bytes, terminated, tooLong }) =>
      visit(tooLong === undefined ? { offset, text: bytes.toString('utf8'), terminated } : { offset, text: '', terminated, tooLong }),
    opts,
  );
}

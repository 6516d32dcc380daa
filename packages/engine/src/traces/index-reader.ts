import type { SessionEvent } from '@mcpscope/protocol';
import type { TraceIndex } from './trace-index-types.js';
import { scanLineBytes, type VisitResult } from './line-scanner.js';
import { classifyLine } from './line-kind.js';
import { readTraceLine, TWO_TYPES, type LineFailure } from './trace-line.js';

export interface ReadOptions {
  /** A line that turned out not to be an event when it was read (`lineNo` when the index counts lines). */
  onBad?: (bad: { lineNo?: number; offset: number; terminated: boolean; failure: LineFailure }) => void;
  /** Bytes per read (default 1 MiB: a page of frames from its checkpoint in one read); a whole-file pass reads more. */
  chunkBytes?: number;
}

export interface IndexedLine {
  kind: 'frame' | 'event';
  offset: number;
  bytes: Buffer;
  lineNo?: number;
  /** The line parsed (once), or undefined when it is bad (reported through onBad). */
  event(): SessionEvent | undefined;
}

/**
 * Visits the event lines of an indexed file from a checkpoint, typed exactly as the indexer
 * typed them (classifyLine, minus the lines the index excluded), so counts and ordinals agree.
 * A line is parsed only when the visitor asks for its event. Stops when `visit` returns false;
 * pauses while a promise it returns is pending (scanLineBytes).
 */
export async function readIndexed(
  index: Pick<TraceIndex, 'file' | 'trusted' | 'bad'>,
  start: { offset: number; line?: number },
  visit: (line: IndexedLine) => VisitResult,
  opts: ReadOptions = {},
): Promise<void> {
  let lineNo = start.line;
  await scanLineBytes(
    index.file,
    start.offset,
    ({ offset, bytes, terminated, tooLong }) => {
      const n = lineNo;
      if (lineNo !== undefined) lineNo += 1;
      if (tooLong !== undefined || index.bad?.has(offset)) return;
      const c = classifyLine(bytes, terminated, index.trusted);
      if (c.kind === 'blank') return;
      if (c.kind === 'bad') {
        opts.onBad?.({ lineNo: n, offset, terminated, failure: c.failure });
        return;
      }
      let parsed = c.event;
      const line: IndexedLine = {
        kind: c.kind,
        offset,
        bytes,
        ...(n !== undefined ? { lineNo: n } : {}),
        event: () => {
          if (parsed) return parsed;
          const read = readTraceLine(bytes.toString('utf8'), index.trusted);
          const failure = !('event' in read) ? read : (read.event.type === 'frame') !== (c.kind === 'frame') ? TWO_TYPES : undefined;
          if (!failure && 'event' in read) return (parsed = read.event);
          opts.onBad?.({ lineNo: n, offset, terminated, failure: failure! });
          return undefined;
        },
      };
      return visit(line);
    },
    { chunkBytes: opts.chunkBytes ?? 1024 * 1024 },
  );
}

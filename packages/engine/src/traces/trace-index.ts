import type { TraceHeader } from '@mcpscope/trace';
import type { SessionEvent } from '@mcpscope/protocol';
import type { SessionInfo } from '../session/types.js';
import { scanLineBytes } from './line-scanner.js';
import { readIndexed, type ReadOptions } from './index-reader.js';
import { TraceScanner } from './trace-scan.js';
import { readTraceLine } from './trace-line.js';

/**
 * Where the events of a trace file are: counts and a byte offset every `every` events (by seq)
 * and every `every` frames (by frame ordinal). A line counts as what classifyLine says (line-kind.ts),
 * for the indexer and every reader alike.
 */
export interface TraceIndex {
  file: string;
  header: TraceHeader;
  size: number;
  total: number;
  /** A checkpoint every this many events. */
  every: number;
  firstSeq: number;
  lastSeq: number;
  /** `line`: the line number (1-based) at `offset`, when the indexer counted lines (not in a spill file). */
  checkpoints: Array<{ seq: number; offset: number; line?: number }>;
  /** Frame events in the file (ordinals 0 … frames-1, the numbering the browser uses). */
  frames: number;
  /** Byte offset of about every `every`-th frame event, in ordinal order (binary-searched). */
  frameCheckpoints: Array<{ frame: number; offset: number; line?: number }>;
  warnings: string[];
  /** Written by this process (a spill file): lines are read with JSON.parse only, not re-validated. */
  trusted?: boolean;
  /** What the recorded handshake said (era, protocol, serverInfo, capabilities, instructions). */
  handshake: Partial<SessionInfo>;
  /** The first line after the header. */
  start?: { offset: number; line: number };
  /** Offsets of lines quickType types that the indexer parsed and found bad: not counted, skipped by readers. */
  bad?: Set<number>;
}

/**
 * Validates a whole trace v1 file into an index: every line parsed (header, counts, checkpoints,
 * the handshake, a warning per malformed line and for a last line cut off mid-write). For import
 * and warnings. `lazy`: lines are typed from their first bytes, not parsed (trace-scan.ts), for a
 * reader that parses every event anyway (compare): the warnings are then those of the lines the
 * index parsed. Opening a trace uses the lazy scan in the background (OfflineSession).
 * Nothing but one read chunk and one line is held in memory.
 */
export async function indexTrace(file: string, every = 1000, opts: { lazy?: boolean } = {}): Promise<TraceIndex> {
  const scanner = new TraceScanner(file, { every, validate: !opts.lazy });
  try {
    await scanLineBytes(file, 0, scanner.visit, { chunkBytes: 4 * 1024 * 1024 });
  } catch (err) {
    scanner.fail(err);
  }
  return scanner.end();
}

/** Reads up to `limit` events with seq ≥ `from`, starting at the nearest checkpoint. */
export async function readEvents(index: TraceIndex, from: number, limit: number, opts: ReadOptions = {}): Promise<SessionEvent[]> {
  const out: SessionEvent[] = [];
  if (limit <= 0) return out;
  let start: { offset: number; line?: number } | undefined = index.start ?? index.checkpoints[0];
  if (!start) return out;
  for (const c of index.checkpoints) {
    if (c.seq > from) break;
    start = c;
  }
  await readIndexed(index, start, (line) => {
    const event = line.event();
    if (!event || event.seq < from) return;
    out.push(event);
    return out.length < limit;
  }, opts);
  return out;
}

/** Parses one line into an event, or undefined (the header, a malformed or invalid line). */
export function lineReader(index: Pick<TraceIndex, 'trusted'>): (text: string) => SessionEvent | undefined {
  return (text) => {
    const read = readTraceLine(text, index.trusted);
    return 'event' in read ? read.event : undefined;
  };
}

/** Every event of the trace, streamed (for compare, export and replay of large traces). */
export async function* iterateEvents(index: TraceIndex, batch = 5000, opts: ReadOptions = {}): AsyncGenerator<SessionEvent> {
  let from = index.firstSeq;
  for (;;) {
    const page = await readEvents(index, from, batch, opts);
    yield* page;
    if (page.length < batch) return;
    from = page[page.length - 1]!.seq + 1;
  }
}

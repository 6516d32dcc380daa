import type { SessionEvent } from '@mcpscope/protocol';
import { scanLineBytes } from './line-scanner.js';
import { readIndexed, type ReadOptions } from './index-reader.js';
import { TraceScanner } from './trace-scan.js';
import type { TraceIndex } from './trace-index-types.js';

export type { TraceIndex } from './trace-index-types.js';

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
  await readIndexed(
    index,
    start,
    (line) => {
      const event = line.event();
      if (!event || event.seq < from) return;
      out.push(event);
      return out.length < limit;
    },
    opts,
  );
  return out;
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

import type { SessionEvent } from '@mcpscope/protocol';
import type { TraceIndex } from './trace-index.js';
import { readIndexed, type ReadOptions } from './index-reader.js';
import type { TailRing } from './tail-ring.js';
import { MAX_EXCLUDED } from './trace-scan.js';

/**
 * The last events of an indexed trace (at most `count`, and `maxBytes` of the file), parsed:
 * what the /ws backlog sends. The browser numbers these frames from `frames - tail frames`, so a
 * line the scan counted from its bytes that is no event of that kind when parsed is taken out of
 * the index (counts and later frame checkpoints shift by one) rather than leaving a gap.
 */
export async function readTail(
  index: TraceIndex,
  ring: TailRing,
  count: number,
  maxBytes: number,
  reads: ReadOptions,
): Promise<{ events: SessionEvent[]; frames: number }> {
  const start = ring.start(count, index.size, maxBytes);
  if (!start) return { events: [], frames: 0 };
  const events: SessionEvent[] = [];
  const out: Array<{ offset: number; frame: boolean }> = [];
  await readIndexed(
    index,
    start,
    (line) => {
      const event = line.event();
      if (event) events.push(event);
      else if (index.bad!.size < MAX_EXCLUDED) out.push({ offset: line.offset, frame: line.kind === 'frame' });
    },
    reads,
  );
  let frames = start.frames;
  for (const { offset, frame } of out) {
    index.bad!.add(offset);
    index.total -= 1;
    if (!frame) continue;
    frames -= 1;
    index.frames -= 1;
    const cps = index.frameCheckpoints;
    for (let i = cps.length - 1; i >= 0 && cps[i]!.offset >= offset; i--) {
      if (cps[i]!.offset === offset) cps.splice(i, 1);
      else cps[i]!.frame -= 1;
    }
  }
  if (events.length > 0) index.lastSeq = events[events.length - 1]!.seq;
  return { events, frames };
}

import { frameText, parseFrameFilter } from '@mcpscope/protocol';
import { NewestMatches, type FrameSearchQuery, type FrameSearchResult } from './frame-reader.js';
import { readIndexed, type ReadOptions } from './index-reader.js';
import { byteNeedles, lineMayHold, type ByteNeedles } from './text-prefilter.js';
import type { TraceIndex } from './trace-index.js';

/**
 * The needles of a query made of full-text words only, none negated, each of which its bytes can
 * rule a line out for (text-prefilter.ts); else undefined. A frame matches such a query only if
 * its line may hold them: no frame summary is needed to answer it (searchTextLines).
 */
export function wordsOnly(q: FrameSearchQuery): ByteNeedles | undefined {
  if (q.method !== undefined || !q.filter?.trim()) return undefined;
  for (const term of q.filter.match(/\S+/g)!) {
    if (term.startsWith('-') || parseFrameFilter(term).textTerms.length !== 1) return undefined;
  }
  return byteNeedles(parseFrameFilter(q.filter).textTerms);
}

/**
 * A wordsOnly search in one pass over the frame lines, before (or without) a frame summary: a
 * line that cannot hold a needle is not parsed; the others are, and tested. Ordinals are the
 * index's (a line typed a frame that is bad counts, and matches nothing), as a summary search's.
 */
export async function searchTextLines(
  index: TraceIndex,
  q: FrameSearchQuery,
  needles: ByteNeedles,
  opts: ReadOptions = {},
): Promise<FrameSearchResult> {
  const filter = parseFrameFilter(q.filter ?? '');
  const end = Math.min(q.before ?? index.frames, index.frames);
  const found = new NewestMatches(q.limit);
  let ordinal = 0;
  const start = index.start ?? index.frameCheckpoints[0];
  if (start && end > 0) {
    await readIndexed(
      index,
      start,
      (line) => {
        if (line.kind !== 'frame') return;
        const i = ordinal++;
        if (i >= end) return false;
        if (!lineMayHold(line.bytes, needles)) return;
        const frame = line.event();
        if (frame?.type !== 'frame') return;
        let text: string | undefined;
        try {
          if (!filter.test(frame, () => (text ??= frameText(frame)))) return;
        } catch {
          return; // a trace's odd field shapes fail that frame, not the search
        }
        found.add(i, frame);
      },
      { ...opts, chunkBytes: 4 * 1024 * 1024 },
    );
  }
  return found.result();
}

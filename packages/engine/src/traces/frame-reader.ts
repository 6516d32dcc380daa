import { frameMethod, frameText, parseFrameFilter, type FrameEvent } from '@mcpscope/protocol';
import { lineReader, type TraceIndex } from './trace-index.js';
import { scanLines } from './line-scanner.js';

/** Most frames one search answers with (and the most one GET …/frames returns). */
export const MAX_FRAME_PAGE = 5000;

export interface FrameSearchQuery {
  /** The @mcpscope/protocol frame filter grammar (`method:tools/* -is:error word`). */
  filter?: string;
  /** Exactly this method (of a request/notification, or of the request a response answers). */
  method?: string;
  /** Only frames with ordinal < before (default: every frame). */
  before?: number;
  limit: number;
}

export interface FrameSearchResult {
  /** The matches nearest to `before` (the newest ones), in ordinal order. */
  matches: Array<{ index: number; frame: FrameEvent }>;
  /** More (older) frames matched than `limit`. */
  truncated: boolean;
  /** How many frames matched in all (≥ matches.length). */
  total: number;
}

/** Up to `limit` frame events with ordinal ≥ `from`, starting at the nearest frame checkpoint. */
export async function readFrames(index: TraceIndex, from: number, limit: number): Promise<FrameEvent[]> {
  const out: FrameEvent[] = [];
  if (limit <= 0 || from >= index.frames || index.frameCheckpoints.length === 0) return out;
  const k = Math.min(Math.floor(from / index.every), index.frameCheckpoints.length - 1);
  const checkpoint = index.frameCheckpoints[k]!;
  let ordinal = checkpoint.frame;
  const read = lineReader(index);
  await scanLines(index.file, checkpoint.offset, ({ text }) => {
    if (!text.includes('"frame"')) return;
    const event = read(text);
    if (event?.type !== 'frame') return;
    if (ordinal++ >= from) out.push(event);
    return out.length < limit;
  });
  return out;
}

/**
 * Streams frames in batches through `frames(index, limit)` (disk and memory alike) and keeps
 * the last `limit` matches before `before`: memory stays one batch plus the matches.
 */
export async function searchFramesVia(
  frames: (index: number, limit: number) => Promise<FrameEvent[]>,
  total: number,
  q: FrameSearchQuery,
): Promise<FrameSearchResult> {
  const filter = q.filter?.trim() ? parseFrameFilter(q.filter) : undefined;
  const end = Math.min(q.before ?? total, total);
  const limit = Math.max(0, Math.min(q.limit, MAX_FRAME_PAGE));
  const ring: Array<{ index: number; frame: FrameEvent }> = [];
  let matched = 0;
  for (let next = 0; next < end; ) {
    const batch = await frames(next, Math.min(MAX_FRAME_PAGE, end - next));
    if (batch.length === 0) break;
    for (const frame of batch) {
      const index = next++;
      if (q.method !== undefined && frameMethod(frame) !== q.method) continue;
      let text: string | undefined;
      if (filter && !filter.test(frame, () => (text ??= frameText(frame)))) continue;
      matched += 1;
      if (limit === 0) continue;
      ring.push({ index, frame });
      if (ring.length >= 2 * limit) ring.splice(0, ring.length - limit);
    }
  }
  const matches = limit === 0 ? [] : ring.slice(-limit);
  return { matches, truncated: matched > matches.length, total: matched };
}

import { frameKind, frameMethod, frameText, parseFrameFilter, type FrameEvent, type FrameFilterContext } from '@mcpscope/protocol';
import type { TraceIndex } from './trace-index.js';
import { readIndexed, type ReadOptions } from './index-reader.js';
import type { LineFailure } from './trace-line.js';
import { isUnreadableFrame, unreadableFrame } from './unreadable-frame.js';

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

/**
 * The newest `limit` matches of a search that visits frames in ordinal order, and how many
 * matched in all: memory stays at most 2 × limit matches.
 */
export class NewestMatches {
  private readonly ring: Array<{ index: number; frame: FrameEvent }> = [];
  private matched = 0;
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = Math.max(0, Math.min(limit, MAX_FRAME_PAGE));
  }

  add(index: number, frame: FrameEvent): void {
    this.matched += 1;
    if (this.limit === 0) return;
    this.ring.push({ index, frame });
    if (this.ring.length >= 2 * this.limit) this.ring.splice(0, this.ring.length - this.limit);
  }

  result(): FrameSearchResult {
    const matches = this.limit === 0 ? [] : this.ring.slice(-this.limit);
    return { matches, truncated: this.matched > matches.length, total: this.matched };
  }
}

/**
 * Up to `limit` frame events with ordinal ≥ `from`, starting at the nearest frame checkpoint: one
 * per ordinal. A line typed as a frame that is no frame event after all is reported (onBad) and
 * shown as a placeholder (unreadableFrame), so the frames after it keep their ordinals.
 */
export async function readFrames(index: TraceIndex, from: number, limit: number, opts: ReadOptions = {}): Promise<FrameEvent[]> {
  const out: FrameEvent[] = [];
  if (limit <= 0 || from >= index.frames) return out;
  const checkpoint = frameCheckpointBefore(index, from);
  const start = checkpoint ?? index.start;
  if (!start) return out;
  let ordinal = checkpoint?.frame ?? 0;
  let failure: LineFailure | undefined;
  const reads: ReadOptions = {
    ...opts,
    onBad: (bad) => {
      failure = bad.failure;
      opts.onBad?.(bad);
    },
  };
  await readIndexed(
    index,
    start,
    (line) => {
      if (line.kind !== 'frame' || ordinal++ < from) return;
      failure = undefined;
      const event = line.event();
      out.push(event?.type === 'frame' ? event : unreadableFrame(line.bytes, failure, out[out.length - 1], index.header.session.id));
      return out.length < limit;
    },
    reads,
  );
  return out;
}

/** The last frame checkpoint at or before ordinal `frame` (checkpoints are in ordinal order). */
function frameCheckpointBefore(index: TraceIndex, frame: number): TraceIndex['frameCheckpoints'][number] | undefined {
  const cps = index.frameCheckpoints;
  let lo = 0;
  let hi = cps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cps[mid]!.frame <= frame) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? cps[lo - 1] : undefined;
}

/** The filter reads requests' answers (`is:failed`): only a search over the frames themselves can tell (not a summary). */
export function filterNeedsAnswers(filter: string | undefined): boolean {
  return filter?.trim() ? parseFrameFilter(filter).needsAnswers : false;
}

/**
 * What `is:failed` needs to know of a request: whether it was answered with an error. Answers
 * come after their requests (and may lie past `before`), so a first pass over every frame keeps
 * the seqs of the requests that error responses answer: a number each, never the frames.
 */
async function answersContext(frames: (index: number, limit: number) => Promise<FrameEvent[]>, total: number): Promise<FrameFilterContext> {
  const failed = new Set<number>();
  for (let next = 0; next < total; ) {
    const batch = await frames(next, Math.min(MAX_FRAME_PAGE, total - next));
    if (batch.length === 0) break;
    next += batch.length;
    for (const frame of batch) {
      const requestSeq = frame.pair?.requestSeq;
      if (typeof requestSeq === 'number' && frameKind(frame) === 'error') failed.add(requestSeq);
    }
  }
  return { answeredWithError: (seq) => failed.has(seq) };
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
  const ctx = filter?.needsAnswers ? await answersContext(frames, total) : undefined;
  const found = new NewestMatches(q.limit);
  for (let next = 0; next < end; ) {
    const batch = await frames(next, Math.min(MAX_FRAME_PAGE, end - next));
    if (batch.length === 0) break;
    for (const frame of batch) {
      const index = next++;
      if (isUnreadableFrame(frame)) continue; // matches nothing, as the summary's BAD_FRAME
      if (q.method !== undefined && frameMethod(frame) !== q.method) continue;
      let text: string | undefined;
      if (filter && !filter.test(frame, () => (text ??= frameText(frame)), ctx)) continue;
      found.add(index, frame);
    }
  }
  return found.result();
}

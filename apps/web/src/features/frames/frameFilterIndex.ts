import { frameMethod, frameText, parseFrameFilter, type FrameEvent, type FrameFilter } from '@mcpscope/protocol';
import type { SessionLog } from '../../lib/sessionLog';

export type FrameKindFilter = 'all' | 'request' | 'notification' | 'response' | 'error' | 'raw';

export interface FrameQuery {
  /** The filter grammar of @mcpscope/protocol (free text, method:, dir:, is:, -negation). */
  text: string;
  /** Exact method from the quick-pick, or null. */
  method: string | null;
  dir: 'all' | 'in' | 'out';
  kind: FrameKindFilter;
}

export const emptyQuery: FrameQuery = { text: '', method: null, dir: 'all', kind: 'all' };

export function isEmptyQuery(q: FrameQuery): boolean {
  return q.text.trim() === '' && q.method === null && q.dir === 'all' && q.kind === 'all';
}

// The searchable text of a frame, computed once per frame and only when a text term needs it.
const textCache = new WeakMap<FrameEvent, string>();
function cachedText(frame: FrameEvent): string {
  let text = textCache.get(frame);
  if (text === undefined) {
    text = frameText(frame);
    textCache.set(frame, text);
  }
  return text;
}

/**
 * The rows of the frame table for one query over one session log, maintained incrementally:
 * `update()` tests only the frames appended since the last call. With no query the rows are
 * the log itself and no index array is built.
 */
export class FrameFilterIndex {
  private readonly rows: number[] = [];
  private scanned = 0;
  private readonly identity: boolean;
  private readonly filter: FrameFilter | null;

  constructor(readonly log: SessionLog, readonly query: FrameQuery) {
    this.identity = isEmptyQuery(query);
    const grammar = [query.text, query.dir !== 'all' ? `dir:${query.dir}` : '', query.kind !== 'all' ? `is:${query.kind}` : ''].join(' ').trim();
    this.filter = grammar ? parseFrameFilter(grammar) : null;
  }

  private matches(frame: FrameEvent): boolean {
    if (this.query.method !== null && frameMethod(frame) !== this.query.method) return false;
    return this.filter === null || this.filter.test(frame, () => cachedText(frame));
  }

  /** Brings the index up to date with the log; returns the number of rows. */
  update(): number {
    if (this.identity) return this.log.frames.length;
    const frames = this.log.frames;
    for (let i = this.scanned; i < frames.length; i++) if (this.matches(frames.get(i)!)) this.rows.push(i);
    this.scanned = frames.length;
    return this.rows.length;
  }

  get count(): number {
    return this.identity ? this.log.frames.length : this.rows.length;
  }

  frameAt(row: number): FrameEvent | undefined {
    return this.log.frames.get(this.identity ? row : (this.rows[row] ?? -1));
  }

  /** The row showing frame `seq`, or -1 when the query hides it. */
  rowOfSeq(seq: number): number {
    const frameIndex = this.log.frameIndexOfSeq(seq);
    if (frameIndex < 0 || this.identity) return frameIndex;
    let lo = 0;
    let hi = this.rows.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rows[mid] === frameIndex) return mid;
      if (this.rows[mid] < frameIndex) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

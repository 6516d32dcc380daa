import {
  frameKind,
  frameMethod,
  frameText,
  parseFrameFilter,
  type FrameEvent,
  type FrameFilter,
  type FrameFilterContext,
} from '@mcpscope/protocol';
import type { SessionLog } from '../../lib/sessionLog';
import type { FrameSearchQuery, FrameSearchReply } from '../../lib/tracesApi';

/** The Kind quick filter: an `is:` value of the grammar (`failed`: both halves of a failed exchange). */
export type FrameKindFilter = 'all' | 'request' | 'notification' | 'response' | 'error' | 'failed' | 'raw';

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

/** Frames outside the log's memory: the pager (by ordinal) and the proxy's search. */
export interface PagedFrames {
  /** The frame with this ordinal, or undefined while its page loads. */
  get(index: number): FrameEvent | undefined;
  /** The ordinal of a cached frame, or -1. */
  indexOfSeq(seq: number): number;
  search?(q: FrameSearchQuery): Promise<FrameSearchReply>;
}

/** Older matches asked of the proxy at once. */
export const SEARCH_LIMIT = 1000;
type Match = FrameSearchReply['matches'][number];

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

function bsearch(n: number, keyAt: (i: number) => number, key: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keyAt(mid);
    if (k === key) return mid;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The rows of the frame table for one query over one session log. Rows are frame ordinals
 * (global indices), so frames that left memory are still rows, read back through the pager.
 * With no query the rows are every frame of the session and no index array is built. With a
 * query, frames from `searchBefore` on are tested locally and incrementally (`update()` tests
 * only new ones); older matches come from the proxy's search and are shown above them.
 */
export class FrameFilterIndex {
  private rows: number[] = [];
  private scanned: number;
  private readonly identity: boolean;
  private readonly filter: FrameFilter | null;
  private readonly grammar: string;
  /** What `is:failed` asks of a request: was it answered with an error (the log pairs them). */
  private readonly ctx: FrameFilterContext;
  /** Matches with an ordinal below `searchBefore`, from the proxy (oldest first). */
  older: Match[] = [];
  /** Matches older than `older` that were not fetched (undefined: unknown count). */
  olderMore: number | undefined = 0;
  searching = false;
  searchFailed = false;
  private searchBefore: number;
  private generation = 0;

  constructor(
    readonly log: SessionLog,
    readonly query: FrameQuery,
    private readonly paged?: PagedFrames,
    private readonly onChange?: () => void,
  ) {
    this.identity = isEmptyQuery(query);
    this.grammar = [query.text, query.dir !== 'all' ? `dir:${query.dir}` : '', query.kind !== 'all' ? `is:${query.kind}` : '']
      .join(' ')
      .trim();
    this.filter = this.grammar ? parseFrameFilter(this.grammar) : null;
    this.ctx = {
      answeredWithError: (seq) => {
        const answer = log.responseTo(seq);
        return answer !== undefined && frameKind(answer) === 'error';
      },
    };
    // A text term over compact rows: their bodies are on the proxy, so the proxy's search covers
    // every frame so far, and only the frames arriving from now on are tested here.
    const bodiesAway = (this.filter?.textTerms.length ?? 0) > 0 && log.compactFrames > 0 && paged?.search !== undefined;
    this.scanned = this.searchBefore = bodiesAway ? log.frames.length : log.frames.base;
    if (!this.identity && this.searchBefore > 0) this.search(this.searchBefore, false);
  }

  private matches(frame: FrameEvent): boolean {
    if (this.query.method !== null && frameMethod(frame) !== this.query.method) return false;
    return this.filter === null || this.filter.test(frame, () => cachedText(frame), this.ctx);
  }

  /** Asks the proxy for the matches before ordinal `before`; `append`: older than those shown. */
  private search(before: number, append: boolean): void {
    if (!this.paged?.search) return;
    const generation = ++this.generation;
    this.searching = true;
    this.searchFailed = false;
    const q: FrameSearchQuery = {
      before,
      limit: SEARCH_LIMIT,
      ...(this.grammar ? { filter: this.grammar } : {}),
      ...(this.query.method !== null ? { method: this.query.method } : {}),
    };
    this.paged.search(q).then(
      (reply) => {
        if (generation !== this.generation) return;
        this.older = append ? [...reply.matches, ...this.older] : reply.matches;
        this.olderMore = reply.total !== undefined ? reply.total - reply.matches.length : reply.truncated ? undefined : 0;
        this.searching = false;
        this.onChange?.();
      },
      () => {
        if (generation !== this.generation) return;
        this.searching = false;
        this.searchFailed = true;
        this.onChange?.();
      },
    );
  }

  /** Fetches the next older matches (after a truncated search). */
  loadOlder(): void {
    if (this.searching || this.older.length === 0 || this.olderMore === 0) return;
    this.search(this.older[0].index, true);
  }

  /** Brings the index up to date with the log; returns the number of rows. */
  update(): number {
    if (this.identity) return this.log.frames.length;
    const frames = this.log.frames;
    if (frames.base > this.scanned) {
      // Frames left memory before they were tested: ask the proxy for everything before the window.
      this.scanned = frames.base;
      if (this.paged?.search) {
        this.rows = [];
        this.searchBefore = frames.base;
        this.search(this.searchBefore, false);
      }
    }
    const answers = this.filter?.needsAnswers === true;
    for (let i = this.scanned; i < frames.length; i++) {
      const frame = frames.get(i)!;
      if (answers && frame.pair) this.retestRequest(frame.pair.requestSeq);
      if (this.matches(frame)) this.rows.push(i);
    }
    this.scanned = frames.length;
    return this.count;
  }

  /**
   * A request was tested before its answer came (`is:failed` could not know yet): now that the
   * answer is here, the request's row is added or removed. Rows stay in ordinal order.
   */
  private retestRequest(requestSeq: number): void {
    const index = this.log.frameIndexOfSeq(requestSeq);
    if (index < this.searchBefore || index >= this.scanned) return;
    const r = bsearch(this.rows.length, (k) => this.rows[k], index);
    const wanted = this.matches(this.log.frames.get(index)!);
    if (wanted && r < 0) {
      let at = this.rows.length;
      while (at > 0 && this.rows[at - 1] > index) at--;
      this.rows.splice(at, 0, index);
    } else if (!wanted && r >= 0) this.rows.splice(r, 1);
  }

  get count(): number {
    return this.identity ? this.log.frames.length : this.older.length + this.rows.length;
  }

  /** The frame of a row: from memory, the search results or the pager (undefined while loading). */
  frameAt(row: number): FrameEvent | undefined {
    if (!this.identity && row < this.older.length) return this.older[row]?.frame;
    const index = this.identity ? row : (this.rows[row - this.older.length] ?? -1);
    if (index < 0) return undefined;
    return this.log.frames.get(index) ?? (index < this.log.frames.base ? this.paged?.get(index) : undefined);
  }

  /** A frame by seq wherever it is known: memory, the pager's cache, the older matches. */
  frameBySeq(seq: number): FrameEvent | undefined {
    const frame = this.log.frameBySeq(seq);
    if (frame) return frame;
    const i = bsearch(this.older.length, (k) => this.older[k].frame.seq, seq);
    return i < 0 ? undefined : this.older[i].frame;
  }

  /** The row showing frame `seq`, or -1 when the query hides it (or it is not known here). */
  rowOfSeq(seq: number): number {
    let index = this.log.frameIndexOfSeq(seq);
    if (index < 0) index = this.paged?.indexOfSeq(seq) ?? -1;
    if (!this.identity) {
      const i = bsearch(this.older.length, (k) => this.older[k].frame.seq, seq);
      if (i >= 0) return i;
    }
    if (index < 0 || this.identity) return index;
    const r = bsearch(this.rows.length, (k) => this.rows[k], index);
    return r < 0 ? -1 : this.older.length + r;
  }
}

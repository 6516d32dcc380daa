import { isRecord, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';

/** Reads events of the session from seq `from` (inclusive), at most `limit` (GET …/events). */
export type FetchEvents = (from: number, limit: number) => Promise<SessionEvent[]>;

/** Whole frames kept (least recently used dropped first): the rows shown, the detail, the pins. */
export const BODIES_MAX = 500;
/** Seqs asked in one tick are read in one request when they lie this close together. */
export const BODIES_SPAN = 200;
const RETRY_AFTER_MS = 2000;

/**
 * The whole events of a session's compact rows (frames /ws sent as a row, `compact: true`), read
 * back from the proxy by seq when a row is shown. One per session, in its SessionState: bounded
 * (an LRU of BODIES_MAX frames), the seqs asked in one tick batched into one request per span,
 * and disposed with the session. What comes back is hostile input like the rest: only a frame
 * of the asked seq with an object `msg` and no `compact` flag is taken; anything else counts
 * as missing (retried after RETRY_AFTER_MS).
 */
export class FrameBodies {
  version = 0;
  private readonly frames = new Map<number, FrameEvent>(); // least recently used first
  private readonly wanted = new Set<number>();
  private readonly inFlight = new Set<number>();
  private readonly failedAt = new Map<number, number>();
  private readonly listeners = new Set<() => void>();
  private scheduled = false;
  private disposed = false;

  constructor(
    private readonly fetchEvents: FetchEvents,
    readonly max = BODIES_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** The whole frame of `row`: `row` itself when it is whole, the cached one, or undefined while it loads. */
  whole(row: FrameEvent): FrameEvent | undefined {
    if (!row.compact) return row;
    const found = this.frames.get(row.seq);
    if (found) {
      this.frames.delete(row.seq); // most recently used last
      this.frames.set(row.seq, found);
      return found;
    }
    this.want(row.seq);
    return undefined;
  }

  /** Whether the body of `seq` could not be read (it is asked again a little later). */
  failed(seq: number): boolean {
    return this.failedAt.has(seq);
  }

  /** Bodies held (tests check the bound and that a disposed session holds none). */
  get size(): number {
    return this.frames.size;
  }

  dispose(): void {
    this.disposed = true;
    this.frames.clear();
    this.wanted.clear();
    this.failedAt.clear();
    this.listeners.clear();
  }

  private want(seq: number): void {
    if (this.disposed || this.inFlight.has(seq)) return;
    const failed = this.failedAt.get(seq);
    if (failed !== undefined && this.now() - failed < RETRY_AFTER_MS) return;
    this.wanted.add(seq);
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.fetchWanted());
  }

  /** Every seq asked since the last tick, in runs no longer than BODIES_SPAN: one request per run. */
  private fetchWanted(): void {
    this.scheduled = false;
    const seqs = [...this.wanted].sort((a, b) => a - b);
    this.wanted.clear();
    let i = 0;
    while (i < seqs.length) {
      let j = i;
      while (j + 1 < seqs.length && seqs[j + 1] - seqs[i] < BODIES_SPAN) j++;
      this.load(seqs.slice(i, j + 1));
      i = j + 1;
    }
  }

  private load(seqs: number[]): void {
    for (const seq of seqs) this.inFlight.add(seq);
    const from = seqs[0];
    const limit = seqs[seqs.length - 1] - from + 1;
    this.fetchEvents(from, limit)
      .then((events) => {
        if (this.disposed) return;
        const asked = new Set(seqs);
        for (const ev of Array.isArray(events) ? events : []) {
          const frame = wholeFrame(ev);
          if (!frame || !asked.has(frame.seq)) continue;
          asked.delete(frame.seq);
          this.failedAt.delete(frame.seq);
          this.frames.set(frame.seq, frame);
        }
        for (const seq of asked) this.failedAt.set(seq, this.now()); // not on the proxy (any more), or not a frame
        while (this.frames.size > this.max) this.frames.delete(this.frames.keys().next().value!);
        if (asked.size > 0) this.retryLater();
      })
      .catch((err: unknown) => {
        if (this.disposed) return;
        for (const seq of seqs) this.failedAt.set(seq, this.now());
        console.warn('mcpscope: could not read frames back from the proxy', err);
        this.retryLater();
      })
      .finally(() => {
        for (const seq of seqs) this.inFlight.delete(seq);
        this.notify();
      });
  }

  /** The rows still shown ask again once the retry delay has passed. */
  private retryLater(): void {
    setTimeout(() => this.notify(), RETRY_AFTER_MS);
  }

  private notify(): void {
    if (this.disposed) return;
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }
}

/** `ev` as a whole frame, checked as the /ws boundary checks one; undefined when it is not one. */
function wholeFrame(ev: unknown): FrameEvent | undefined {
  if (!isRecord(ev) || ev.type !== 'frame' || typeof ev.seq !== 'number' || typeof ev.t !== 'number' || typeof ev.sessionId !== 'string')
    return undefined;
  if ((ev.dir !== 'in' && ev.dir !== 'out') || typeof ev.size !== 'number' || ev.compact !== undefined) return undefined;
  if (ev.msg !== undefined && !isRecord(ev.msg)) return undefined;
  if (ev.raw !== undefined && typeof ev.raw !== 'string') return undefined;
  return ev as unknown as FrameEvent;
}

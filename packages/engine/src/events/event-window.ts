import { DEFAULT_MEMORY_BUDGET, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';
import { changedSinceAnnounced } from './event-json.js';
import { heapSize } from './heap-size.js';
import { readEvents } from '../traces/trace-index.js';
import { readFrames, searchFramesVia, type FrameSearchQuery, type FrameSearchResult } from '../traces/frame-reader.js';
import { pageOf } from '../traces/page-of.js';
import type { SpillFile } from './spill.js';

/** Where a view's window starts within the whole session (the /ws `session-page-info` numbers). */
export interface PageCounts {
  /** seq of the first and last event in memory (0 when none). */
  firstSeq: number;
  lastSeq: number;
  /** Events in the whole session. */
  total: number;
  /** Ordinal of the first frame in memory (= frames when none is). */
  firstFrame: number;
  /** Frame events in the whole session. */
  frames: number;
}

export interface WindowOptions {
  /** Heap bytes (heapSize: what the events really hold) kept in memory; the newest event always stays. */
  budget?: number;
  /** Makes the spill file on the first eviction. */
  spill: () => SpillFile;
}

const BATCH = 5000;
/** An eviction brings the window down to this share of the budget. */
const LOW_WATER = 0.875;

/**
 * A session's events bounded by heap bytes: the newest ones whose heapSize sum to ≤ budget stay in
 * memory, older ones move to a spill file and are read back from there. Reads see one
 * sequence, disk then memory, as if nothing had moved.
 */
export class EventWindow {
  private items: SessionEvent[] = [];
  private sizes: number[] = [];
  /** The JSON text each event was announced with, kept once the window is half full (they will be spilled). */
  private texts: (string | undefined)[] = [];
  private head = 0;
  private held = 0;
  private framesTotal = 0;
  private framesHeld = 0;
  private spill?: SpillFile;
  private disposed = false;
  readonly budget: number;

  constructor(private readonly opts: WindowOptions) {
    this.budget = Math.max(0, opts.budget ?? DEFAULT_MEMORY_BUDGET);
  }

  /** Keeps an event in memory (call evict() once everyone who must see it saw it). */
  push(event: SessionEvent): void {
    const size = heapSize(event);
    this.items.push(event);
    this.sizes.push(size);
    this.texts.push(undefined);
    this.held += size;
    if (event.type === 'frame') {
      this.framesTotal += 1;
      this.framesHeld += 1;
    }
  }

  /**
   * Past the budget, moves the oldest events to the spill file until the window is down to
   * LOW_WATER of it: a flood evicts in batches (one disk write each), not one event at a time.
   * `newestText`: the JSON text the newest event was announced with (event-json.ts). Once the
   * window is half full it is kept, counted in the budget, and written to the spill file as it is:
   * serializing every event of a flood a second time cost as much as the first time.
   */
  evict(newestText?: string): void {
    if (newestText !== undefined && this.held > this.budget / 2 && this.items.length > this.head) {
      const last = this.items.length - 1;
      this.texts[last] = newestText;
      this.sizes[last]! += newestText.length;
      this.held += newestText.length;
    }
    if (this.disposed || this.held <= this.budget) return;
    const target = this.budget * LOW_WATER;
    const spill = (this.spill ??= this.opts.spill());
    while (this.held > target && this.items.length - this.head > 1) {
      const event = this.items[this.head]!;
      const text = this.texts[this.head];
      spill.append(event, text !== undefined && !changedSinceAnnounced(event) ? text : undefined);
      this.texts[this.head] = undefined;
      this.held -= this.sizes[this.head]!;
      if (event.type === 'frame') this.framesHeld -= 1;
      this.head += 1;
    }
    spill.flush();
    if (this.head >= 4096 || (this.head > 0 && this.head * 2 >= this.items.length)) this.compact();
  }

  /** The in-memory window, seq order. */
  events(): readonly SessionEvent[] {
    this.compact();
    return this.items;
  }

  /** Heap bytes held in memory (by heapSize) and how many events are on disk. */
  memory(): { held: number; events: number; spilled: number } {
    return { held: this.held, events: this.items.length - this.head, spilled: this.spill?.index.total ?? 0 };
  }

  counts(): PageCounts {
    const first = this.items[this.head];
    const last = this.items[this.items.length - 1];
    return {
      firstSeq: first?.seq ?? 0,
      lastSeq: last?.seq ?? 0,
      total: (this.spill?.index.total ?? 0) + this.items.length - this.head,
      firstFrame: this.framesTotal - this.framesHeld,
      frames: this.framesTotal,
    };
  }

  /** Up to `limit` events with seq ≥ `from`, from disk and memory. */
  async page(from: number, limit: number): Promise<SessionEvent[]> {
    const out: SessionEvent[] = [];
    let next = from;
    while (out.length < limit) {
      const firstHeld = this.items[this.head]?.seq ?? Infinity;
      const spill = this.spill;
      if (!spill || spill.empty || this.disposed || next >= firstHeld || next > spill.index.lastSeq) {
        out.push(...pageOf(this.events(), next, limit - out.length));
        break;
      }
      const got = await readEvents(spill.index, next, limit - out.length);
      if (got.length === 0) break;
      out.push(...got);
      next = got[got.length - 1]!.seq + 1;
    }
    return out;
  }

  /** Up to `limit` frame events from ordinal `index` (0-based among the session's frames). */
  async frames(index: number, limit: number): Promise<FrameEvent[]> {
    const out: FrameEvent[] = [];
    let next = Math.max(0, index);
    while (out.length < limit && next < this.framesTotal) {
      const firstFrame = this.framesTotal - this.framesHeld;
      const spill = this.spill;
      if (!spill || this.disposed || next >= firstFrame) {
        out.push(...this.heldFrames(next, limit - out.length));
        break;
      }
      const got = await readFrames(spill.index, next, Math.min(limit - out.length, spill.index.frames - next));
      if (got.length === 0) break;
      out.push(...got);
      next += got.length;
    }
    return out;
  }

  searchFrames(q: FrameSearchQuery): Promise<FrameSearchResult> {
    return searchFramesVia((i, n) => this.frames(i, n), this.framesTotal, q);
  }

  /** Everything, streamed: the spill file in batches, then memory. */
  async *all(): AsyncGenerator<SessionEvent> {
    for (let from = 0; ; ) {
      const batch = await this.page(from, BATCH);
      yield* batch;
      if (batch.length < BATCH) return;
      from = batch[batch.length - 1]!.seq + 1;
    }
  }

  /** Deletes the spill file; memory stays readable. */
  dispose(): void {
    this.disposed = true;
    this.spill?.dispose();
  }

  private heldFrames(from: number, limit: number): FrameEvent[] {
    const out: FrameEvent[] = [];
    let ordinal = this.framesTotal - this.framesHeld;
    for (let i = this.head; i < this.items.length && out.length < limit; i++) {
      const e = this.items[i]!;
      if (e.type !== 'frame') continue;
      if (ordinal++ >= from) out.push(e);
    }
    return out;
  }

  private compact(): void {
    if (this.head === 0) return;
    this.items.splice(0, this.head);
    this.sizes.splice(0, this.head);
    this.texts.splice(0, this.head);
    this.head = 0;
  }
}

import { Listeners, type FrameEvent } from '@mcpscope/protocol';
import type { FrameCache } from './sessionLog';

export type FetchFrames = (index: number, limit: number) => Promise<{ frames: FrameEvent[] }>;

export const PAGER_PAGE_SIZE = 500;
export const PAGER_MAX_PAGES = 10;
/** Pages fetched at once: a fast scroll asks for many; the ones still in view are asked again. */
const MAX_IN_FLIGHT = 3;
const RETRY_AFTER_MS = 2000;

interface Page {
  start: number;
  frames: FrameEvent[];
  /** request seq → its response, among this page's frames. */
  responses: Map<number, FrameEvent>;
}

/**
 * Frames of one session read back from disk by ordinal (GET …/frames), in pages of 500 with an
 * LRU of 10 pages. `get(index)` answers from the cache or schedules the page (one fetch per page
 * in flight) and returns undefined; listeners are told when a page arrives, so rows re-render.
 */
export class FramePager implements FrameCache {
  version = 0;
  private readonly pages = new Map<number, Page>(); // least recently used first
  private readonly inFlight = new Set<number>();
  private readonly failedAt = new Map<number, number>();
  private readonly listeners = new Listeners();
  private disposed = false;

  constructor(
    private readonly fetchFrames: FetchFrames,
    readonly pageSize = PAGER_PAGE_SIZE,
    readonly maxPages = PAGER_MAX_PAGES,
    private readonly now: () => number = Date.now,
  ) {}

  subscribe = (listener: () => void): (() => void) => this.listeners.add(listener);

  getVersion = (): number => this.version;

  /** The frame with ordinal `index`, or undefined while its page loads. */
  get(index: number): FrameEvent | undefined {
    if (index < 0) return undefined;
    const n = Math.floor(index / this.pageSize);
    const page = this.pages.get(n);
    if (!page) {
      this.load(n);
      return undefined;
    }
    if (this.pages.size > 1) {
      this.pages.delete(n); // most recently used last
      this.pages.set(n, page);
    }
    return page.frames[index - page.start];
  }

  /** Whether the page of `index` could not be read (it is retried a little later). */
  failed(index: number): boolean {
    return this.failedAt.has(Math.floor(index / this.pageSize));
  }

  bySeq(seq: number): FrameEvent | undefined {
    const found = this.find(seq);
    return found ? found.page.frames[found.i] : undefined;
  }

  /** The ordinal of frame `seq` when its page is cached, else -1. */
  indexOfSeq(seq: number): number {
    const found = this.find(seq);
    return found ? found.page.start + found.i : -1;
  }

  responseTo(requestSeq: number): FrameEvent | undefined {
    for (const page of this.pages.values()) {
      const response = page.responses.get(requestSeq);
      if (response) return response;
    }
    return undefined;
  }

  private find(seq: number): { page: Page; i: number } | undefined {
    for (const page of this.pages.values()) {
      const frames = page.frames;
      if (frames.length === 0 || seq < frames[0].seq || seq > frames[frames.length - 1].seq) continue;
      let lo = 0;
      let hi = frames.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if (frames[mid].seq === seq) return { page, i: mid };
        if (frames[mid].seq < seq) lo = mid + 1;
        else hi = mid - 1;
      }
    }
    return undefined;
  }

  /** The session is gone: drops every page; fetches still in flight are ignored when they land. */
  dispose(): void {
    this.disposed = true;
    this.pages.clear();
    this.failedAt.clear();
    this.listeners.clear();
  }

  /** Pages held (tests check a removed session's pager holds none). */
  get pageCount(): number {
    return this.pages.size;
  }

  private load(n: number): void {
    if (this.disposed || this.inFlight.has(n) || this.inFlight.size >= MAX_IN_FLIGHT) return;
    const failed = this.failedAt.get(n);
    if (failed !== undefined && this.now() - failed < RETRY_AFTER_MS) return;
    this.inFlight.add(n);
    const start = n * this.pageSize;
    this.fetchFrames(start, this.pageSize)
      .then(({ frames }) => {
        if (this.disposed) return;
        const responses = new Map<number, FrameEvent>();
        for (const f of frames) if (f.pair) responses.set(f.pair.requestSeq, f);
        this.failedAt.delete(n);
        this.pages.set(n, { start, frames, responses });
        while (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value!);
      })
      .catch((err: unknown) => {
        if (this.disposed) return;
        this.failedAt.set(n, this.now());
        console.warn('mcpscope: could not read frames back from disk', err);
        setTimeout(() => this.notify(), RETRY_AFTER_MS); // the rows still in view ask again
      })
      .finally(() => {
        this.inFlight.delete(n);
        this.notify();
      });
  }

  private notify(): void {
    if (this.disposed) return;
    this.version++;
    this.listeners.emit();
  }
}

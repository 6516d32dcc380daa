import { basename } from 'node:path';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { EngineError } from '../errors/errors.js';
import type { SessionInfo } from '../session/types.js';
import { givenName } from '../session/session-name.js';
import { readFrames, searchFramesVia, type FrameSearchQuery, type FrameSearchResult } from './frame-reader.js';
import { FrameSummary, MAX_SUMMARY_FRAMES } from './frame-summary.js';
import type { ReadOptions } from './index-reader.js';
import { cutLastLine } from './last-line.js';
import { scanLineBytes } from './line-scanner.js';
import { searchSummary } from './summary-search.js';
import { searchTextLines, wordsOnly } from './text-scan.js';
import { iterateEvents, readEvents, type TraceIndex } from './trace-index.js';
import { lineWarning } from './trace-line.js';
import { TraceScanner } from './trace-scan.js';
import { readTail } from './offline-tail.js';
import { WarningList } from './warning-list.js';

/** How many of the last events an offline session keeps in memory for the /ws backlog. */
export const OFFLINE_TAIL = 5000;
/** …and at most this many bytes of them (the last event always). */
export const OFFLINE_TAIL_BYTES = 32 * 1024 * 1024;
/** How long a read waits for the index before it answers that the trace is still being indexed. */
export const INDEX_WAIT_MS = 60_000;
/** The background summary build works this long (ms) between turns of the event loop. */
export const SUMMARY_SLICE_MS = 4;

export interface OfflineOptions {
  tail?: number;
  tailBytes?: number;
  every?: number;
  /** How long a read waits for the index (default INDEX_WAIT_MS). */
  waitMs?: number;
  /** Build the frame summary in the background once indexed (default true), so the first search need not. */
  prebuild?: boolean;
  /** Told each slice of the background build (ms): the longest is how long it kept a request waiting. */
  onSummarySlice?: (ms: number) => void;
}

/**
 * A trace opened read-only. open() returns once the header and the handshake are read; the file
 * is indexed from its newline offsets in the background (`indexed`), lines typed from their first
 * bytes, parsed only when shown (the tail, a page, a search). Reads wait for the index (bounded).
 * A line that turns out bad when read is reported then (`onChange`), once, in `warnings`.
 * Once indexed, the frame summary searches run on is built in the background (in slices that
 * yield to the event loop; stopped by dispose), so the first search seldom waits for it.
 */
export class OfflineSession {
  readonly offline = true;
  /** Resolves when the whole file is indexed and the tail is in memory (never rejects). */
  readonly indexed: Promise<void>;
  /** Told when the session info changed after open (warnings found while indexing or reading). */
  onChange?: () => void;
  private complete = false;
  private stopped = false;
  private tail: SessionEvent[] = [];
  private tailFrames = 0;
  private summary?: Promise<FrameSummary | undefined>;
  /** The summary, once built. */
  private built?: FrameSummary;
  private changePending = false;
  private readonly reads: ReadOptions;
  private readonly waitMs: number;
  /** Engine.rename: the user's name for it (null or blank restores the trace's). */
  private userName?: string;

  private constructor(
    readonly id: string,
    readonly index: TraceIndex,
    private readonly warnings: WarningList,
    private readonly createdAt: number,
    scanner: TraceScanner,
    scanning: Promise<void>,
    opts: OfflineOptions,
  ) {
    this.waitMs = opts.waitMs ?? INDEX_WAIT_MS;
    this.reads = {
      onBad: ({ lineNo, offset, terminated, failure }) => {
        if (this.warnings.add(offset, lineWarning(lineNo ?? 0, offset, terminated, failure))) this.changed();
      },
    };
    this.indexed = scanning
      .then(async () => {
        if (!scanner.ring) return;
        const tail = await readTail(index, scanner.ring, opts.tail ?? OFFLINE_TAIL, opts.tailBytes ?? OFFLINE_TAIL_BYTES, this.reads);
        this.tail = tail.events.map((e) => ({ ...e, sessionId: id }));
        this.tailFrames = tail.frames;
      })
      .catch(
        (err: unknown) => void this.warnings.add(-2, `the trace could not be indexed: ${err instanceof Error ? err.message : String(err)}`),
      )
      .finally(() => {
        this.complete = true;
      });
    if (opts.prebuild !== false) void this.indexed.then(() => this.prebuild(opts.onSummarySlice));
  }

  static async open(id: string, file: string, opts: OfflineOptions = {}): Promise<OfflineSession> {
    const warnings = new WarningList();
    const scanner = new TraceScanner(file, { every: opts.every, tail: opts.tail ?? OFFLINE_TAIL, warnings });
    await cutLastLine(file, scanner.index.size, warnings);
    let session: OfflineSession | undefined;
    const scanning = scanLineBytes(file, 0, (line) => (session?.stopped ? false : scanner.visit(line)), { chunkBytes: 4 * 1024 * 1024 })
      .catch((err: unknown) => scanner.fail(err))
      .then(() => void scanner.end());
    scanning.catch(() => undefined); // a header error rejects `opened` too, which open() throws
    await scanner.opened;
    const index = scanner.index as TraceIndex;
    session = new OfflineSession(id, index, warnings, Date.parse(index.header.createdAt) || Date.now(), scanner, scanning, opts);
    return session;
  }

  info(): SessionInfo {
    const s = this.index.header.session;
    const transport = s.transport === 'http' || s.transport === 'sse' ? s.transport : 'stdio';
    return {
      id: this.id,
      name: this.userName ?? (s.name || basename(this.index.file)),
      // A name the user gave when it was recorded (the recorder marks it `named`) still wins.
      ...(this.userName !== undefined || (s.named === true && s.name.trim() !== '') ? { named: true } : {}),
      state: 'closed',
      transport,
      target: s.target,
      createdAt: this.createdAt,
      wrapped: s.wrapped === true,
      ...this.index.handshake,
      roots: [],
      subscriptions: [],
      offline: true,
      warnings: [...this.warnings.list],
    };
  }

  rename(name: string | null): void {
    this.userName = givenName(name);
  }

  /** Whether the index is complete (before: no page info and no tail yet). */
  get ready(): boolean {
    return this.complete;
  }

  /** The in-memory last page (what the /ws backlog sends); empty until indexed. */
  events(): readonly SessionEvent[] {
    return this.tail;
  }

  /** events(), once indexed (waits like a page read). */
  async lastEvents(): Promise<readonly SessionEvent[]> {
    await this.whenIndexed();
    return this.tail;
  }

  pageInfo() {
    return {
      type: 'session-page-info' as const,
      sessionId: this.id,
      firstSeq: this.tail[0]?.seq ?? 0,
      lastSeq: this.tail[this.tail.length - 1]?.seq ?? 0,
      total: this.index.total,
      firstFrame: this.index.frames - this.tailFrames,
      frames: this.index.frames,
    };
  }

  /** Frames by ordinal, read from the file via its frame checkpoints. */
  async frames(index: number, limit: number): Promise<FrameEvent[]> {
    await this.whenIndexed();
    return (await readFrames(this.index, index, limit, this.reads)).map((e) => ({ ...e, sessionId: this.id }));
  }

  /**
   * Structured terms on the frame summary (built in the background once indexed, or by the first
   * search; a search during the build waits for it), full-text terms from disk. A search of words
   * alone does not wait for the summary (searchTextLines).
   */
  async searchFrames(q: FrameSearchQuery): Promise<FrameSearchResult> {
    await this.whenIndexed();
    // Words alone need no summary: until it is built, one pass over the lines' bytes answers them.
    const words = this.built ? undefined : wordsOnly(q);
    if (words) {
      const found = await searchTextLines(this.index, q, words, this.reads);
      return { ...found, matches: found.matches.map((m) => ({ index: m.index, frame: { ...m.frame, sessionId: this.id } })) };
    }
    if (this.index.frames <= MAX_SUMMARY_FRAMES) this.summary ??= FrameSummary.build(this.index, this.reads).then((s) => (this.built = s));
    const summary = await this.summary?.catch((err: unknown) => {
      this.summary = undefined;
      throw err;
    });
    // Too many frames for a summary, or its build was stopped (dispose): stream the frames.
    if (!summary) return searchFramesVia((i, n) => this.frames(i, n), this.index.frames, q);
    return searchSummary(summary, this.index.file, this.id, q);
  }

  /** Whether the frame summary is built (waiting for a build in progress): false when there is none (too many frames, stopped, failed). */
  async summarized(): Promise<boolean> {
    await this.indexed;
    return (await this.summary?.catch(() => undefined)) !== undefined;
  }

  /** Events are rewritten to this session's id so the UI files them under it. */
  async page(from: number, limit: number): Promise<SessionEvent[]> {
    await this.whenIndexed();
    return (await readEvents(this.index, from, limit, this.reads)).map((e) => ({ ...e, sessionId: this.id }));
  }

  async *all(): AsyncGenerator<SessionEvent> {
    await this.whenIndexed();
    for await (const e of iterateEvents(this.index, 5000, this.reads)) yield { ...e, sessionId: this.id };
  }

  /** Stops indexing and the background summary build (engine.remove); reads of what was indexed still work. */
  dispose(): void {
    this.stopped = true;
  }

  /** Starts the background summary build (not for traces too large to summarize, nor after dispose). */
  private prebuild(onSlice?: (ms: number) => void): void {
    if (this.stopped || this.summary || this.index.frames === 0 || this.index.frames > MAX_SUMMARY_FRAMES) return;
    const building = FrameSummary.buildInSlices(this.index, {
      ...this.reads,
      sliceMs: SUMMARY_SLICE_MS,
      stopped: () => this.stopped,
      onSlice,
    }).then((s) => (this.built = s));
    this.summary = building;
    // A failed build (the file went away) is reported by the search that asks next, which builds anew.
    building.catch(() => {
      if (this.summary === building) this.summary = undefined;
    });
  }

  private async whenIndexed(): Promise<void> {
    if (this.complete) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new EngineError('ENGINE_TIMEOUT', `the trace is still being indexed after ${this.waitMs / 1000} s; ask again`)),
        this.waitMs,
      );
    });
    try {
      await Promise.race([this.indexed, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private changed(): void {
    if (this.changePending || !this.complete) return;
    this.changePending = true;
    queueMicrotask(() => {
      this.changePending = false;
      this.onChange?.();
    });
  }
}

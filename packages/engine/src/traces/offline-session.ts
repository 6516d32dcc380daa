import { basename } from 'node:path';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { readFrames, searchFramesVia, type FrameSearchQuery, type FrameSearchResult } from './frame-reader.js';
import type { SessionInfo } from '../types.js';
import { indexTrace, iterateEvents, readEvents, type TraceIndex } from './trace-index.js';

/** How many of the last events an offline session keeps in memory for the /ws backlog. */
export const OFFLINE_TAIL = 5000;

/**
 * A trace opened read-only: an index over the file and the last page of events in memory;
 * everything else is paged in from disk (a 200 MB trace is never loaded whole).
 */
export class OfflineSession {
  readonly offline = true;
  private constructor(
    readonly id: string,
    readonly index: TraceIndex,
    private readonly tail: SessionEvent[],
    private readonly createdAt: number,
  ) {}

  static async open(id: string, file: string, tailSize = OFFLINE_TAIL): Promise<OfflineSession> {
    const index = await indexTrace(file);
    const from = await firstSeqOfTail(index, tailSize);
    const tail = (await readEvents(index, from, tailSize)).map((e) => ({ ...e, sessionId: id }));
    return new OfflineSession(id, index, tail, Date.parse(index.header.createdAt) || Date.now());
  }

  info(): SessionInfo {
    const s = this.index.header.session;
    const transport = s.transport === 'http' || s.transport === 'sse' ? s.transport : 'stdio';
    return {
      id: this.id,
      name: s.name || basename(this.index.file),
      state: 'closed',
      transport,
      target: s.target,
      createdAt: this.createdAt,
      wrapped: s.wrapped === true,
      ...this.index.handshake,
      roots: [],
      subscriptions: [],
      offline: true,
      warnings: this.index.warnings,
    };
  }

  /** The in-memory last page (what the /ws backlog sends). */
  events(): readonly SessionEvent[] {
    return this.tail;
  }

  pageInfo() {
    const tailFrames = this.tail.reduce((n, e) => n + (e.type === 'frame' ? 1 : 0), 0);
    return {
      type: 'session-page-info' as const,
      sessionId: this.id,
      firstSeq: this.tail[0]?.seq ?? 0,
      lastSeq: this.tail[this.tail.length - 1]?.seq ?? 0,
      total: this.index.total,
      firstFrame: this.index.frames - tailFrames,
      frames: this.index.frames,
    };
  }

  /** Frames by ordinal, read from the file via its frame checkpoints. */
  async frames(index: number, limit: number): Promise<FrameEvent[]> {
    return (await readFrames(this.index, index, limit)).map((e) => ({ ...e, sessionId: this.id }));
  }

  searchFrames(q: FrameSearchQuery): Promise<FrameSearchResult> {
    return searchFramesVia((i, n) => this.frames(i, n), this.index.frames, q);
  }

  /** Events are rewritten to this session's id so the UI files them under it. */
  async page(from: number, limit: number): Promise<SessionEvent[]> {
    return (await readEvents(this.index, from, limit)).map((e) => ({ ...e, sessionId: this.id }));
  }

  async *all(): AsyncGenerator<SessionEvent> {
    for await (const e of iterateEvents(this.index)) yield { ...e, sessionId: this.id };
  }
}

/** The seq where the last `n` events start, via the checkpoints (no full scan). */
async function firstSeqOfTail(index: TraceIndex, n: number): Promise<number> {
  if (index.total <= n) return index.firstSeq;
  const skip = index.total - n;
  const k = Math.min(Math.floor(skip / index.every), index.checkpoints.length - 1);
  const c = index.checkpoints[k]!;
  const within = skip - k * index.every;
  const page = await readEvents(index, c.seq, within + 1);
  return page[page.length - 1]?.seq ?? c.seq;
}

import type { FrameEvent } from '@mcpscope/protocol';

/** The default budget, shared with the engine (@mcpscope/protocol, with the size estimate `eventSize`). */
export { DEFAULT_MEMORY_BUDGET } from '@mcpscope/protocol';

/** What the /ws backlog carried of a session (`session-page-info`). */
export interface LogPageInfo {
  firstSeq: number;
  lastSeq: number;
  total: number;
  /** Ordinal of the first frame the backlog carries (frames before it are on disk). */
  firstFrame?: number;
  /** Frames in the whole session. */
  frames?: number;
}

/** Frames outside the log's memory that a pager has cached (lib/framePager.ts). */
export interface FrameCache {
  bySeq(seq: number): FrameEvent | undefined;
  responseTo(requestSeq: number): FrameEvent | undefined;
}

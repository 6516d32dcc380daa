import type { TraceHeader } from '@mcpscope/trace';
import type { SessionInfo } from '../session/types.js';

// The index's shape on its own: trace-index.ts builds it with trace-scan.ts and reads it with
// index-reader.ts, and both of those need the shape without importing trace-index.ts back.

/**
 * Where the events of a trace file are: counts and a byte offset every `every` events (by seq)
 * and every `every` frames (by frame ordinal). A line counts as what classifyLine says (line-kind.ts),
 * for the indexer and every reader alike.
 */
export interface TraceIndex {
  file: string;
  header: TraceHeader;
  size: number;
  total: number;
  /** A checkpoint every this many events. */
  every: number;
  firstSeq: number;
  lastSeq: number;
  /** `line`: the line number (1-based) at `offset`, when the indexer counted lines (not in a spill file). */
  checkpoints: Array<{ seq: number; offset: number; line?: number }>;
  /** Frame events in the file (ordinals 0 … frames-1, the numbering the browser uses). */
  frames: number;
  /** Byte offset of about every `every`-th frame event, in ordinal order (binary-searched). */
  frameCheckpoints: Array<{ frame: number; offset: number; line?: number }>;
  warnings: string[];
  /** Written by this process (a spill file): lines are read with JSON.parse only, not re-validated. */
  trusted?: boolean;
  /** What the recorded handshake said (era, protocol, serverInfo, capabilities, instructions). */
  handshake: Partial<SessionInfo>;
  /** The first line after the header. */
  start?: { offset: number; line: number };
  /** Offsets of lines quickType types that the indexer parsed and found bad: not counted, skipped by readers. */
  bad?: Set<number>;
}

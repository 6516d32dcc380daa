import type { Direction } from '@mcpscope/protocol';

// The waterfall's shapes, apart from the Waterfall that builds them: spanRows.ts lays span rows under
// bars without importing the builder that imports it.

/** `expected`: an error that is how a negotiation goes (mcpscope's era probe), not the server's fault. */
export type BarOutcome = 'ok' | 'error' | 'expected' | 'is-error' | 'cancelled' | 'pending';
export type MarkerKind = 'stderr' | 'spawn' | 'exit' | 'connect' | 'disconnect' | 'error' | 'state';

export interface ProgressMark {
  t: number;
  seq: number;
  progress: number;
  total?: number;
}

/** One request on the waterfall: from its frame to its response (or the end of the log while pending). */
export interface Bar {
  seq: number;
  responseSeq?: number;
  method: string;
  /** What it acts on (a tool, resource, prompt…), cleaned and capped: see requestTarget. */
  target?: string;
  /** `out`: the client asked the server; `in`: the server asked the client. */
  dir: Direction;
  start: number;
  end?: number;
  outcome: BarOutcome;
  progress: ProgressMark[];
}

export interface Marker {
  seq: number;
  t: number;
  kind: MarkerKind;
  text: string;
}

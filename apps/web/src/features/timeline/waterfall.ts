import { isRecord, expectedError, idKey, requestTarget, type Direction, type FrameEvent, type SpanNode } from '@mcpscope/protocol';
import type { ConsoleEntry } from '../../lib/consoleEntry';
import type { SessionLog } from '../../lib/sessionLog';
import type { Bar, Marker, MarkerKind } from './bar';
import { SpanRows } from './spanRows';

export type { Bar, Marker } from './bar';

const MARKER_PHASES = new Set<string>(['spawn', 'exit', 'connect', 'disconnect', 'error']);
const tokenKey = (token: unknown) => (typeof token === 'string' || typeof token === 'number' ? `${typeof token}:${token}` : undefined);

/**
 * The waterfall of a session, built incrementally from its append-only log: `update()` scans
 * only frames and console lines added since the last call, so a live session costs O(new).
 * Bars are grouped by direction, each group in request order (one row per request).
 * Progress notifications are matched to their request by `progressToken` (spec basic/utilities/progress:
 * the token is sent in the request's `_meta.progressToken`); cancellations by `requestId`.
 */
export class Waterfall {
  readonly out: Bar[] = [];
  readonly in: Bar[] = [];
  readonly markers: Marker[] = [];
  /** Latest `t` seen (any event): pending bars extend to it. */
  endT = 0;
  private frameIndex = 0;
  private consoleIndex = 0;
  private readonly bySeq = new Map<number, Bar>();
  private readonly byToken = new Map<string, Bar>();
  /** Open requests by direction + id, for cancellations. */
  private readonly openById = new Map<string, Bar>();
  /** The server's spans under the client's requests (when the log has any). */
  readonly spanRows = new SpanRows();
  private spanVersion = 0;
  /** Requests mcpscope sent for the era probe, until answered (their error answers are expected). */
  private readonly probes = new Map<number, FrameEvent>();

  constructor(readonly log: Pick<SessionLog, 'frames' | 'console'> & Partial<Pick<SessionLog, 'spans'>>) {}

  /** Applies what the log gained; returns true when anything changed. */
  update(): boolean {
    const { frames, console } = this.log;
    // What left memory (the budget) before it was scanned is not drawn; the panel says so.
    this.frameIndex = Math.max(this.frameIndex, frames.base);
    this.consoleIndex = Math.max(this.consoleIndex, console.base);
    const before = this.frameIndex + this.consoleIndex;
    for (; this.frameIndex < frames.length; this.frameIndex++) this.addFrame(frames.get(this.frameIndex)!);
    for (; this.consoleIndex < console.length; this.consoleIndex++) this.addConsole(console.get(this.consoleIndex)!);
    const spans = this.log.spans;
    const spansChanged = spans !== undefined && spans.version !== this.spanVersion;
    if (spans) {
      this.spanVersion = spans.version;
      this.spanRows.update(this.out, spans);
      for (const node of spans.all()) if (node.span.end > this.endT) this.endT = node.span.end;
    }
    return spansChanged || this.frameIndex + this.consoleIndex !== before;
  }

  barBySeq(seq: number): Bar | undefined {
    return this.bySeq.get(seq);
  }

  private addFrame(f: FrameEvent): void {
    if (f.t > this.endT) this.endT = f.t;
    const msg = f.msg;
    if (!msg) return;
    const method = typeof msg.method === 'string' ? msg.method : undefined;
    const hasId = typeof msg.id === 'string' || typeof msg.id === 'number';
    if (method !== undefined && hasId) {
      const target = requestTarget(method, msg.params);
      const bar: Bar = {
        seq: f.seq,
        method,
        ...(target !== undefined ? { target } : {}),
        dir: f.dir,
        start: f.t,
        outcome: 'pending',
        progress: [],
      };
      (f.dir === 'out' ? this.out : this.in).push(bar);
      this.bySeq.set(f.seq, bar);
      this.openById.set(`${f.dir}:${idKey(msg.id as string | number)}`, bar);
      const meta = isRecord(msg.params) && isRecord(msg.params._meta) ? msg.params._meta : undefined;
      const token = tokenKey(meta?.progressToken);
      if (token) this.byToken.set(token, bar);
      if (method === 'server/discover') this.probes.set(f.seq, f);
      return;
    }
    if (method === 'notifications/progress' && isRecord(msg.params)) {
      const bar = this.byToken.get(tokenKey(msg.params.progressToken) ?? '');
      const progress = msg.params.progress;
      if (bar && typeof progress === 'number') {
        const total = typeof msg.params.total === 'number' ? msg.params.total : undefined;
        bar.progress.push({ t: f.t, seq: f.seq, progress, ...(total !== undefined ? { total } : {}) });
      }
      return;
    }
    if (method === 'notifications/cancelled' && isRecord(msg.params)) {
      const id = msg.params.requestId;
      if (typeof id !== 'string' && typeof id !== 'number') return;
      const bar = this.openById.get(`${f.dir}:${idKey(id)}`);
      if (bar && bar.outcome === 'pending') {
        bar.outcome = 'cancelled';
        bar.end = f.t;
      }
      return;
    }
    if (method === undefined && f.pair) {
      const bar = this.bySeq.get(f.pair.requestSeq);
      if (!bar) return;
      bar.responseSeq = f.seq;
      bar.end = f.t;
      const result = msg.result;
      const probe = this.probes.get(f.pair.requestSeq);
      this.probes.delete(f.pair.requestSeq);
      bar.outcome =
        'error' in msg ? (expectedError(probe, f) ? 'expected' : 'error') : isRecord(result) && result.isError === true ? 'is-error' : 'ok';
      this.openById.delete(`${bar.dir}:${idKey(msg.id as string | number)}`);
    }
  }

  private addConsole(entry: ConsoleEntry): void {
    if (entry.t > this.endT) this.endT = entry.t;
    if (entry.kind === 'stderr') this.markers.push({ seq: entry.seq, t: entry.t, kind: 'stderr', text: entry.text });
    else if (entry.kind === 'lifecycle' && MARKER_PHASES.has(entry.label)) {
      this.markers.push({ seq: entry.seq, t: entry.t, kind: entry.label as MarkerKind, text: entry.text });
    }
  }
}

/**
 * The row layout: the client's requests (each followed by the server's spans under it), then
 * (when there are any) the server's requests, each group under a header row.
 */
export type Row =
  | { kind: 'header'; dir: Direction; count: number }
  | { kind: 'bar'; bar: Bar }
  | { kind: 'span'; bar: Bar; node: SpanNode };

type Rows = Pick<Waterfall, 'out' | 'in'> & { spanRows?: SpanRows };

/** Rows of a group below its header: the client's include the span rows. */
const groupRows = (w: Rows, dir: Direction): number => (dir === 'out' ? w.out.length + (w.spanRows?.total ?? 0) : w.in.length);

export function rowCount(w: Rows): number {
  return (w.out.length > 0 ? groupRows(w, 'out') + 1 : 0) + (w.in.length > 0 ? w.in.length + 1 : 0);
}

export function rowAt(w: Rows, index: number): Row | undefined {
  const groups: [Direction, Bar[]][] = [
    ['out', w.out],
    ['in', w.in],
  ];
  let i = index;
  for (const [dir, bars] of groups) {
    if (bars.length === 0) continue;
    const rows = groupRows(w, dir);
    if (i === 0) return { kind: 'header', dir, count: bars.length };
    if (i <= rows) {
      if (dir === 'in' || !w.spanRows) return { kind: 'bar', bar: bars[i - 1] };
      const at = w.spanRows.at(i - 1);
      return 'node' in at ? { kind: 'span', bar: bars[at.bar], node: at.node } : { kind: 'bar', bar: bars[at.bar] };
    }
    i -= rows + 1;
  }
  return undefined;
}

/** The row of the bar of request `seq`, or -1. Bars are in seq order within a group (binary search). */
export function rowOfSeq(w: Rows, seq: number): number {
  let offset = 0;
  for (const [dir, bars] of [
    ['out', w.out],
    ['in', w.in],
  ] as const) {
    if (bars.length === 0) continue;
    let lo = 0;
    let hi = bars.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (bars[mid].seq === seq) return offset + 1 + (dir === 'out' && w.spanRows ? w.spanRows.rowOfBar(mid) : mid);
      if (bars[mid].seq < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    offset += groupRows(w, dir) + 1;
  }
  return -1;
}

import { frameMethod, type Finding, type FrameEvent, type HttpEvent, type Severity, type SpanEvent } from '@mcpscope/protocol';

/** Records kept at most; past it findings are counted (by severity) but not listed. */
export const MAX_FINDING_RECORDS = 100_000;
const EXCERPT = 140;

/** One event's lint findings, kept after the event itself left memory. */
export interface FindingRecord {
  seq: number;
  /** `span`: a span the server exported (Spans view). */
  source: 'frame' | 'http' | 'span';
  /** The frame's ordinal in the session (frames only): the Frames tab pages it back by it. */
  index?: number;
  t: number;
  dir?: 'in' | 'out';
  method?: string;
  findings: Finding[];
  /** A short excerpt of the message (the frame may be gone when the list is shown). */
  excerpt: string;
}

function excerptOf(ev: FrameEvent | HttpEvent | SpanEvent): string {
  const text =
    ev.type === 'frame'
      ? `${ev.dir === 'out' ? '→' : '←'} ${ev.raw ?? JSON.stringify(ev.msg)}`
      : ev.type === 'span'
        ? `span ${ev.span.name}${ev.span.service ? ` (${ev.span.service})` : ''}`
        : `${ev.method} ${ev.url} → ${ev.status ?? '…'}`;
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text;
}

/**
 * Every lint finding of a session as it arrived, in arrival order. The memory budget never
 * touches it (findings are small and rare); past `max` records it only counts.
 */
export class FindingsLog {
  readonly records: FindingRecord[] = [];
  /** Findings per severity over the whole session (listed or not). */
  readonly counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  /** Frames with at least one error finding. */
  errorFrames = 0;
  /** Events with findings that were not listed (past `max`). */
  notListed = 0;
  /** Ordinal of the first frame this log was given (> 0: it joined mid-session). */
  firstFrame: number | undefined;
  /** The findings of the frames before `firstFrame` were read back (addEarlier). */
  earlierLoaded = false;

  constructor(readonly max = MAX_FINDING_RECORDS) {}

  /** Records the findings of `ev` (a frame with its ordinal, or an HTTP exchange), if any. */
  add(ev: FrameEvent | HttpEvent | SpanEvent, index?: number): void {
    if (index !== undefined) this.firstFrame ??= index;
    this.record(ev, index);
  }

  /**
   * Findings of frames this page never received (it joined mid-session), read back from disk by
   * `has:finding` search; `more` = matches the search left out.
   */
  addEarlier(matches: ReadonlyArray<{ index: number; frame: FrameEvent }>, more = 0): void {
    for (const { index, frame } of matches) this.record(frame, index);
    this.notListed += more;
    this.earlierLoaded = true;
  }

  private record(ev: FrameEvent | HttpEvent | SpanEvent, index: number | undefined): void {
    const findings = ev.findings;
    if (!findings?.length) return;
    for (const f of findings) this.counts[f.severity]++;
    if (ev.type === 'frame' && findings.some((f) => f.severity === 'error')) this.errorFrames++;
    if (this.records.length >= this.max) {
      this.notListed++;
      return;
    }
    this.records.push(
      ev.type === 'frame'
        ? { seq: ev.seq, source: 'frame', index, t: ev.t, dir: ev.dir, method: frameMethod(ev), findings, excerpt: excerptOf(ev) }
        : ev.type === 'span'
          ? { seq: ev.seq, source: 'span', t: ev.t, method: ev.span.name, findings, excerpt: excerptOf(ev) }
          : { seq: ev.seq, source: 'http', t: ev.t, method: ev.method, findings, excerpt: excerptOf(ev) },
    );
  }
}

import { requestLabel, requestTarget } from '@mcpscope/protocol';
import { cleanLabelText, type SessionInfo } from '@mcpscope/wire';
import { formatDateTime } from '../../lib/format';
import { applyMarks } from '../../lib/expectedMarks';
import { sessionKind, sessionLabels, traceName, type SessionKind } from '../../lib/sessionLabel';
import type { CompareReply, CompareSource, Difference, Exchange, TraceSummary } from '../../lib/tracesApi';

export const SOURCE_GROUPS = ['Live sessions', 'Ended sessions', 'Offline sessions', 'Trace files'] as const;
export type SourceGroup = (typeof SOURCE_GROUPS)[number];

/** One choice in a "compare this" picker: `trace:<id>` or `session:<id>`. */
export interface SourceOption {
  value: string;
  label: string;
  group: SourceGroup;
}

const GROUP_OF: Record<SessionKind, SourceGroup> = {
  live: 'Live sessions',
  ended: 'Ended sessions',
  replayed: 'Ended sessions',
  offline: 'Offline sessions',
};

/**
 * The pickers' choices: sessions by their label (name, #n when two read the same, transport,
 * start time), live ones first, then ended ones (replays marked) and those opened offline,
 * newest first in each; then the trace files by name and date.
 */
export function sourceOptions(traces: readonly TraceSummary[], sessions: readonly SessionInfo[], now = Date.now()): SourceOption[] {
  const labels = sessionLabels(sessions, now);
  const newestFirst = [...sessions].reverse().sort((a, b) => b.createdAt - a.createdAt);
  const sessionOptions = newestFirst.map((s): SourceOption => {
    const state = s.offline
      ? ''
      : s.replayOf !== undefined
        ? ' (replay)'
        : s.state === 'failed'
          ? ' (failed)'
          : s.state === 'connecting'
            ? ' (connecting)'
            : '';
    return { value: `session:${s.id}`, label: `${labels.get(s.id)!.text}${state}`, group: GROUP_OF[sessionKind(s)] };
  });
  const order = (o: SourceOption) => SOURCE_GROUPS.indexOf(o.group);
  return [
    ...sessionOptions.sort((a, b) => order(a) - order(b)),
    ...traces.map((t): SourceOption => ({ value: `trace:${t.id}`, label: traceLabel(t), group: 'Trace files' })),
  ];
}

/** "Everything v2.0.0 · 2026-07-01 14:02:11" (named as its session was), "(recording)" while its session is open. */
export function traceLabel(t: TraceSummary): string {
  const when = Date.parse(t.createdAt);
  const name =
    (cleanLabelText(t.name, 80) || t.serverInfo ? cleanLabelText(traceName(t), 80) : undefined) ?? cleanLabelText(t.id, 60) ?? 'trace';
  return `${name}${Number.isFinite(when) ? ` · ${formatDateTime(when)}` : ''}${t.live ? ' (recording)' : ''}`;
}

export function parseSource(value: string): CompareSource | null {
  const i = value.indexOf(':');
  if (i < 0) return null;
  const kind = value.slice(0, i);
  const id = value.slice(i + 1);
  if (!id) return null;
  if (kind === 'trace') return { traceId: id };
  if (kind === 'session') return { sessionId: id };
  return null;
}

/** Ignore paths typed one per line or comma separated (`$.result.meta.time`, …). */
export function parseIgnore(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface CompareRow {
  key: string;
  method: string;
  /** The method and what it acts on: `tools/call echo`. */
  label: string;
  params: string;
  leftSeq: number;
  rightSeq: number;
  leftMs?: number;
  rightMs?: number;
  deltaMs?: number;
  differences: Difference[];
  /** Left out as expected (defaults, the user's marks), with why. */
  ignored: Array<Difference & { reasons: string[] }>;
  same: boolean;
}

export interface CompareView {
  rows: CompareRow[];
  onlyLeft: UnmatchedRow[];
  onlyRight: UnmatchedRow[];
  same: boolean;
  summary: string;
}

export interface UnmatchedRow {
  key: string;
  method: string;
  label: string;
  params: string;
  seq: number;
  latencyMs?: number;
}

/** A one-line JSON preview, cut at `max` characters. */
export function preview(value: unknown, max = 120): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value) ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const unmatched =
  (side: string) =>
  (e: Exchange, i: number): UnmatchedRow => ({
    key: `${side}-${e.seq}-${i}`,
    method: e.method,
    label: requestLabel(e.method, requestTarget(e.method, e.params)),
    params: preview(e.params),
    seq: e.seq,
    latencyMs: e.latencyMs,
  });

/**
 * The side-by-side table of a compare reply: matched requests first (differing ones flagged),
 * then each side's leftovers. `marks`: the user's "expected" paths, applied now.
 */
export function compareView(reply: CompareReply, marks: readonly string[] = []): CompareView {
  const rows = reply.matched.map((m, i): CompareRow => {
    const leftMs = m.left.latencyMs;
    const rightMs = m.right.latencyMs;
    const deltaMs = m.latencyDeltaMs ?? (leftMs !== undefined && rightMs !== undefined ? rightMs - leftMs : undefined);
    const label = requestLabel(m.method, requestTarget(m.method, m.params ?? m.left.params));
    const { differences, ignored } = applyMarks(m.differences, m.ignored ?? [], marks, label);
    return {
      key: `m-${m.left.seq}-${m.right.seq}-${i}`,
      method: m.method,
      label,
      params: preview(m.params ?? m.left.params),
      leftSeq: m.left.seq,
      rightSeq: m.right.seq,
      leftMs,
      rightMs,
      deltaMs,
      differences,
      ignored,
      same: differences.length === 0,
    };
  });
  const differing = rows.filter((r) => !r.same).length;
  const withIgnored = rows.filter((r) => r.ignored.length > 0).length;
  const parts = [`${rows.length} matched`, `${differing} differ`];
  if (reply.onlyLeft.length) parts.push(`${reply.onlyLeft.length} only left`);
  if (reply.onlyRight.length) parts.push(`${reply.onlyRight.length} only right`);
  if (withIgnored) parts.push(`${withIgnored} with expected differences ignored`);
  const same = differing === 0 && reply.onlyLeft.length === 0 && reply.onlyRight.length === 0;
  return {
    rows,
    onlyLeft: reply.onlyLeft.map(unmatched('l')),
    onlyRight: reply.onlyRight.map(unmatched('r')),
    same,
    summary: `${same ? 'Same' : 'Different'}: ${parts.join(', ')}`,
  };
}

/** "+12 ms" / "−3 ms" / "" for a latency delta (right minus left). */
export function formatDelta(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '';
  const r = Math.round(ms);
  return r === 0 ? '±0 ms' : r > 0 ? `+${r} ms` : `−${-r} ms`;
}

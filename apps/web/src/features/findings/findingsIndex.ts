import type { Finding, FrameEvent, HttpEvent, Severity } from '@mcpscope/protocol';
import { RULE_CATALOGUE } from '@mcpscope/protocol/lint';
import type { ChunkedList } from '../../lib/chunkedList';

export interface FindingItem {
  seq: number;
  /** frame: jumps to the Frames tab; http: the exchange is in the Console. */
  source: 'frame' | 'http';
  message: string;
  excerpt: string;
}

export interface FindingGroup {
  rule: string;
  severity: Severity;
  spec: string;
  description: string;
  items: FindingItem[];
}

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const CATALOGUE = new Map(RULE_CATALOGUE.map((r) => [r.id, r]));

function excerpt(ev: FrameEvent | HttpEvent): string {
  const text = ev.type === 'frame' ? `${ev.dir === 'out' ? '→' : '←'} ${ev.raw ?? JSON.stringify(ev.msg)}` : `${ev.method} ${ev.url} → ${ev.status ?? '…'}`;
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

/** A session's findings grouped by rule, built incrementally from its frames and HTTP exchanges. */
export class FindingsIndex {
  private readonly groups = new Map<string, FindingGroup>();
  private framesScanned = 0;
  private httpScanned = 0;
  counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  /** Grows whenever a finding is added. */
  version = 0;

  sync(frames: ChunkedList<FrameEvent>, http: ChunkedList<HttpEvent>): void {
    for (; this.framesScanned < frames.length; this.framesScanned++) this.add(frames.get(this.framesScanned)!);
    for (; this.httpScanned < http.length; this.httpScanned++) this.add(http.get(this.httpScanned)!);
  }

  private add(ev: FrameEvent | HttpEvent): void {
    if (!ev.findings?.length) return;
    for (const f of ev.findings) this.addFinding(ev, f);
  }

  private addFinding(ev: FrameEvent | HttpEvent, f: Finding): void {
    let group = this.groups.get(f.rule);
    if (!group) {
      const meta = CATALOGUE.get(f.rule);
      group = { rule: f.rule, severity: f.severity, spec: f.spec ?? meta?.spec ?? '', description: meta?.description ?? '', items: [] };
      this.groups.set(f.rule, group);
    }
    group.items.push({ seq: ev.seq, source: ev.type, message: f.message, excerpt: excerpt(ev) });
    this.counts[f.severity]++;
    this.version++;
  }

  /** Groups, errors first, then by count; only the severities asked for. */
  list(severities: ReadonlySet<Severity>): FindingGroup[] {
    return [...this.groups.values()]
      .filter((g) => severities.has(g.severity))
      .sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.items.length - a.items.length || a.rule.localeCompare(b.rule));
  }
}

const indexes = new WeakMap<object, FindingsIndex>();

/** One index per session log, shared by the tab and its badge. */
export function findingsIndexFor(log: object): FindingsIndex {
  let index = indexes.get(log);
  if (!index) indexes.set(log, (index = new FindingsIndex()));
  return index;
}

import type { Finding, Severity } from '@mcpscope/protocol';
import { RULE_CATALOGUE } from '@mcpscope/protocol/lint';
import type { FindingRecord, FindingsLog } from '../../lib/findingsLog';
import type { SessionLog } from '../../lib/sessionLog';

export interface FindingItem {
  seq: number;
  /** frame: jumps to the Frames tab; http: the exchange is in the Console. */
  source: 'frame' | 'http' | 'span';
  /** The frame's ordinal (the Frames tab pages a frame that left memory back by it). */
  index?: number;
  message: string;
  excerpt: string;
}

export interface FindingGroup {
  rule: string;
  severity: Severity;
  spec: string;
  /** The spec sentence the rule rests on, verbatim (absent for mcpscope's own checks). */
  quote?: string;
  description: string;
  items: FindingItem[];
}

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const CATALOGUE = new Map(RULE_CATALOGUE.map((r) => [r.id, r]));

/**
 * A session's findings grouped by rule, built incrementally from the log's findings list
 * (lib/findingsLog.ts), which keeps every finding of the session whatever left memory.
 */
export class FindingsIndex {
  private readonly groups = new Map<string, FindingGroup>();
  private scanned = 0;
  /** Grows whenever a finding is added. */
  version = 0;

  constructor(private readonly log: FindingsLog) {}

  /** Findings per severity over the whole session. */
  get counts(): Record<Severity, number> {
    return this.log.counts;
  }

  /** Events with findings past the list's cap (counted, not listed). */
  get notListed(): number {
    return this.log.notListed;
  }

  sync(): void {
    const records = this.log.records;
    for (; this.scanned < records.length; this.scanned++) {
      const r = records[this.scanned];
      for (const f of r.findings) this.addFinding(r, f);
    }
  }

  private addFinding(r: FindingRecord, f: Finding): void {
    let group = this.groups.get(f.rule);
    if (!group) {
      const meta = CATALOGUE.get(f.rule);
      const quote = typeof f.quote === 'string' ? f.quote : meta?.quote;
      group = {
        rule: f.rule,
        severity: f.severity,
        spec: f.spec ?? meta?.spec ?? '',
        ...(quote ? { quote } : {}),
        description: meta?.description ?? '',
        items: [],
      };
      this.groups.set(f.rule, group);
    }
    const item: FindingItem = {
      seq: r.seq,
      source: r.source,
      ...(r.index !== undefined ? { index: r.index } : {}),
      message: f.message,
      excerpt: r.excerpt,
    };
    // Items stay in session order: findings read back from before the page joined come in late.
    const items = group.items;
    if (items.length === 0 || items[items.length - 1].seq <= item.seq) items.push(item);
    else items.splice(insertionPoint(items, item.seq), 0, item);
    this.version++;
  }

  /** Groups, errors first, then by count; only the severities asked for. */
  list(severities: ReadonlySet<Severity>): FindingGroup[] {
    return [...this.groups.values()]
      .filter((g) => severities.has(g.severity))
      .sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.items.length - a.items.length || a.rule.localeCompare(b.rule));
  }
}

function insertionPoint(items: readonly FindingItem[], seq: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid].seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const INDEX_KEY = {};

/** One index per session log (held by the log), shared by the tab and its badge (synced). */
export function findingsIndexFor(log: Pick<SessionLog, 'findings' | 'derive'>): FindingsIndex {
  const index = log.derive(INDEX_KEY, () => new FindingsIndex(log.findings));
  index.sync();
  return index;
}

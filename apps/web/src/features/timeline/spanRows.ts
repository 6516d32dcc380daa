import type { SpanNode, SpanTree } from '@mcpscope/protocol';
import type { Bar } from './bar';

/** A client request of the waterfall with the server's spans nested under it. */
interface Nested {
  /** Index of the bar among the client's requests. */
  bar: number;
  nodes: readonly SpanNode[];
  /** Span rows above this bar's own (nested under earlier bars). */
  before: number;
}

/**
 * Where the server's spans go in the waterfall: under each client request they belong to
 * (SpanTree), one row per span. Only a few requests have spans, so rows are found by binary search
 * over those (the bars stay one array): O(log n) per row, rebuilt only when the tree changes.
 */
export class SpanRows {
  private nested: Nested[] = [];
  private treeVersion = -1;
  private bars = -1;
  /** Every span row of the client group. */
  total = 0;

  /** Brings the rows up to date with the tree and the client's bars. */
  update(out: readonly Bar[], tree: SpanTree | undefined): void {
    if (!tree || (tree.version === this.treeVersion && out.length === this.bars)) return;
    this.treeVersion = tree.version;
    this.bars = out.length;
    const nested: Nested[] = [];
    let before = 0;
    for (const seq of tree.requestsWithSpans()) {
      const bar = barIndexOfSeq(out, seq);
      if (bar < 0) continue; // a request no longer in memory
      const nodes = tree.underRequest(seq);
      nested.push({ bar, nodes, before });
      before += nodes.length;
    }
    this.nested = nested;
    this.total = before;
  }

  /** Rows (bars and spans) above bar `bar` within the client group. */
  rowOfBar(bar: number): number {
    const k = this.lastAtOrBefore(bar - 1);
    return bar + (k < 0 ? 0 : this.nested[k]!.before + this.nested[k]!.nodes.length);
  }

  /** What row `r` of the client group (0 = first bar) shows. */
  at(r: number): { bar: number } | { bar: number; node: SpanNode } {
    // The last nested bar whose own row is at or above r.
    let lo = 0;
    let hi = this.nested.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.nested[mid]!.bar + this.nested[mid]!.before <= r) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (k < 0) return { bar: r };
    const n = this.nested[k]!;
    const own = n.bar + n.before;
    if (r === own) return { bar: n.bar };
    if (r <= own + n.nodes.length) return { bar: n.bar, node: n.nodes[r - own - 1]! };
    return { bar: r - n.before - n.nodes.length };
  }

  private lastAtOrBefore(bar: number): number {
    let lo = 0;
    let hi = this.nested.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.nested[mid]!.bar <= bar) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return k;
  }
}

function barIndexOfSeq(bars: readonly Bar[], seq: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.seq === seq) return mid;
    if (bars[mid]!.seq < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

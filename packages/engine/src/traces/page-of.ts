import type { SessionEvent } from '@mcpscope/protocol';

/** Up to `limit` events with seq ≥ `from` from an in-memory, seq-ordered list. */
export function pageOf(items: readonly SessionEvent[], from: number, limit: number): SessionEvent[] {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.seq < from) lo = mid + 1;
    else hi = mid;
  }
  return items.slice(lo, lo + limit);
}

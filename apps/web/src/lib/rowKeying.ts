import type { RowSlot } from './tailRows';

/** Which rows a virtual list showed, and whether their elements were keyed by slot. */
export interface RowKeying {
  first: number;
  last: number;
  bySlot: boolean;
}

export const NO_ROWS: RowKeying = { first: -1, last: -1, bySlot: false };

/**
 * How to key this render's rows, from what the list showed before. By row (the caller's key, a
 * frame's seq): a row still in view keeps its element and, memoized, skips its render, which is
 * what a trickle of new rows needs. When none of the rows shown was shown before (each update of
 * a flood brings thousands of rows, more than a screen), they are keyed by slot (their position
 * in the list) instead, so React patches the elements already there rather than making them all
 * again: the tab's style and layout per update drop from ~900 elements to ~40 (bench/README.md).
 * The same rows as before keep their keying (a click during a flood does not remount them).
 */
export function nextRowKeying(before: RowKeying, rows: readonly RowSlot[]): RowKeying {
  const first = rows[0]?.index ?? -1;
  const last = rows[rows.length - 1]?.index ?? -1;
  if (first === before.first && last === before.last) return before;
  return { first, last, bySlot: before.last >= 0 && first > before.last };
}

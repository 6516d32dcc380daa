/** A row of a virtual list: its index and its offset from the top of the rows (px). */
export interface RowSlot {
  index: number;
  top: number;
}

/** Rows above the visible tail kept while following: enough for a small scroll up to show rows at once. */
export const TAIL_OVERSCAN = 4;

/**
 * The rows a fixed-height list shows while it follows the tail, computed from the row count
 * and the viewport's height alone: no scroll position and no layout read. A list that pins
 * itself to the bottom after every append would otherwise render the rows at its old scroll
 * offset, scroll, and render again at the new one (two renders, two layouts per batch).
 */
export function tailRows(count: number, viewportHeight: number, rowHeight: number, overscan = TAIL_OVERSCAN): RowSlot[] {
  const visible = Math.max(1, Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1);
  const first = Math.max(0, count - visible - overscan);
  const rows: RowSlot[] = [];
  for (let index = first; index < count; index++) rows.push({ index, top: index * rowHeight });
  return rows;
}

/** The scroll offset that shows the last row, from sizes the list knows (header + rows), clamped by the browser. */
export function tailScrollTop(count: number, rowHeight: number, headerHeight: number): number {
  return headerHeight + count * rowHeight;
}

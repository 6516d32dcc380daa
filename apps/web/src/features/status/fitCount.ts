/**
 * How many items of `widths` (in order, `gap` apart) fit in `available` px. When not all fit,
 * room is kept for a "+N" marker of width `more` after the last one shown.
 */
export function fitCount(widths: readonly number[], available: number, gap: number, more: number): number {
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (total <= available) return widths.length;
  let used = 0;
  let shown = 0;
  for (const w of widths) {
    const next = used + (shown > 0 ? gap : 0) + w;
    if (next + gap + more > available) break;
    used = next;
    shown++;
  }
  return shown;
}

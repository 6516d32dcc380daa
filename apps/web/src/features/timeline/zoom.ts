/**
 * The time axis of the timeline: what time is at the left edge and how many ms one pixel
 * spans. Pure maths, tested directly; the view keeps one `Viewport` in state.
 */
export interface Viewport {
  /** ms (session clock) at x = 0. */
  start: number;
  msPerPx: number;
}

/** 1 µs per pixel is as close as it gets (event times are ms with fractions). */
export const MIN_MS_PER_PX = 0.001;
export const ZOOM_STEP = 1.5;

export const tToX = (v: Viewport, t: number): number => (t - v.start) / v.msPerPx;
export const xToT = (v: Viewport, x: number): number => v.start + x * v.msPerPx;

/** The whole session [0, endT] in `widthPx`, with a little room on the right. */
export function fitViewport(endT: number, widthPx: number): Viewport {
  const span = Math.max(endT, 1) * 1.02;
  return { start: 0, msPerPx: Math.max(MIN_MS_PER_PX, span / Math.max(widthPx, 1)) };
}

/** Zooms by `factor` (>1 zooms in) keeping the time under `anchorPx` where it is; never wider than `maxMsPerPx`. */
export function zoomAt(v: Viewport, factor: number, anchorPx: number, maxMsPerPx = Infinity): Viewport {
  const msPerPx = Math.min(maxMsPerPx, Math.max(MIN_MS_PER_PX, v.msPerPx / factor));
  const anchorT = xToT(v, anchorPx);
  return clampStart({ start: anchorT - anchorPx * msPerPx, msPerPx });
}

/** Moves the view by `dxPx` pixels (positive: later times come into view). */
export function panBy(v: Viewport, dxPx: number): Viewport {
  return clampStart({ start: v.start + dxPx * v.msPerPx, msPerPx: v.msPerPx });
}

function clampStart(v: Viewport): Viewport {
  // Nothing happens before the session started; allow a few pixels of margin.
  const min = -10 * v.msPerPx;
  return v.start < min ? { ...v, start: min } : v;
}

/** The view, panned (same zoom) so that time `t` is inside it; centred on `t` when it had to move. */
export function keepInView(v: Viewport, t: number, widthPx: number): Viewport {
  const x = tToX(v, t);
  if (x >= 0 && x <= widthPx) return v;
  return clampStart({ start: t - (widthPx / 2) * v.msPerPx, msPerPx: v.msPerPx });
}

/** Wheel deltas (pixels or lines) to a zoom factor; pinch on a trackpad arrives as ctrl+wheel. */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaY;
  return Math.exp(-px * 0.002);
}

export interface Tick {
  t: number;
  x: number;
  label: string;
}

/** A "nice" step (1, 2 or 5 × 10^k ms) so that ticks are at least `minSpacingPx` apart. */
export function tickStep(msPerPx: number, minSpacingPx = 80): number {
  const raw = msPerPx * minSpacingPx;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return m * pow;
  return 10 * pow;
}

export function formatTick(t: number, step: number): string {
  if (step >= 1000) return `${(t / 1000).toFixed(step >= 10_000 ? 0 : step >= 1000 ? 1 : 2)}s`;
  if (step >= 1) return `${Math.round(t)}ms`;
  const digits = Math.min(3, Math.ceil(-Math.log10(step)));
  return `${t.toFixed(digits)}ms`;
}

/** The ruler's ticks for a view `widthPx` wide. */
export function ticks(v: Viewport, widthPx: number, minSpacingPx = 80): Tick[] {
  const step = tickStep(v.msPerPx, minSpacingPx);
  const first = Math.ceil(v.start / step) * step;
  const out: Tick[] = [];
  for (let t = first; tToX(v, t) <= widthPx && out.length < 1000; t += step) {
    out.push({ t, x: tToX(v, t), label: formatTick(t, step) });
  }
  return out;
}

/** Rows to render for a vertical scroll position (virtualization), with `overscan` rows either side. */
export function visibleRows(
  scrollTop: number,
  heightPx: number,
  rowPx: number,
  count: number,
  overscan = 5,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowPx) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + heightPx) / rowPx) + overscan);
  return { first, last };
}

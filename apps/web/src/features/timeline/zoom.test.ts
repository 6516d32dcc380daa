import { describe, expect, it } from 'vitest';
import {
  MIN_MS_PER_PX,
  fitViewport,
  keepInView,
  formatTick,
  panBy,
  tToX,
  tickStep,
  ticks,
  visibleRows,
  wheelZoomFactor,
  xToT,
  zoomAt,
} from './zoom';

describe('timeline zoom maths', () => {
  it('fits the whole session and converts between time and pixels', () => {
    const v = fitViewport(1000, 500);
    expect(v.start).toBe(0);
    expect(v.msPerPx).toBeCloseTo(2.04);
    expect(xToT(v, tToX(v, 123))).toBeCloseTo(123);
    expect(fitViewport(0, 500).msPerPx).toBeGreaterThan(0);
  });

  it('zooms around the anchor: the time under the pointer stays put', () => {
    const v = { start: 100, msPerPx: 2 };
    const z = zoomAt(v, 2, 200);
    expect(z.msPerPx).toBe(1);
    expect(xToT(z, 200)).toBeCloseTo(xToT(v, 200));
    expect(zoomAt(z, 1 / 2, 200)).toEqual(v);
  });

  it('clamps the zoom and keeps the view from drifting before the start', () => {
    expect(zoomAt({ start: 0, msPerPx: 0.002 }, 100, 0).msPerPx).toBe(MIN_MS_PER_PX);
    expect(zoomAt({ start: 0, msPerPx: 1 }, 0.01, 0, 5).msPerPx).toBe(5);
    expect(panBy({ start: 0, msPerPx: 1 }, -1000).start).toBe(-10);
    expect(panBy({ start: 50, msPerPx: 2 }, 10).start).toBe(70);
  });

  it('keeps a focus time in view after a zoom, centring it only when it fell outside', () => {
    const v = { start: 0, msPerPx: 1 };
    expect(keepInView(v, 50, 100)).toBe(v);
    expect(keepInView(v, 1000, 100)).toEqual({ start: 950, msPerPx: 1 });
  });

  it('maps wheel deltas to zoom factors (in for negative deltaY, lines scaled)', () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(100) * wheelZoomFactor(-100)).toBeCloseTo(1);
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48));
  });

  it('chooses nice tick steps and labels', () => {
    expect(tickStep(1)).toBe(100);
    expect(tickStep(0.3)).toBe(50);
    expect(tickStep(30)).toBe(5000);
    expect(tickStep(0.001)).toBeCloseTo(0.1);
    const t = ticks({ start: 0, msPerPx: 10 }, 800);
    expect(t.map((x) => x.label)).toEqual(['0.0s', '1.0s', '2.0s', '3.0s', '4.0s', '5.0s', '6.0s', '7.0s', '8.0s']);
    expect(formatTick(250, 50)).toBe('250ms');
    expect(formatTick(0.25, 0.05)).toBe('0.25ms');
  });

  it('virtualizes rows: only the visible window plus overscan', () => {
    expect(visibleRows(0, 100, 20, 100_000)).toEqual({ first: 0, last: 10 });
    expect(visibleRows(2000, 100, 20, 100_000, 2)).toEqual({ first: 98, last: 107 });
    expect(visibleRows(0, 1000, 20, 3)).toEqual({ first: 0, last: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import { cullMarkers } from './useTimelineModel';
import type { Marker } from './waterfall';

describe('cullMarkers', () => {
  it('keeps markers in view, thinning dense stderr but never lifecycle events', () => {
    const markers: Marker[] = [];
    for (let i = 0; i < 10_000; i++) markers.push({ seq: i, t: i / 10, kind: 'stderr', text: '' });
    markers.push({ seq: 10_001, t: 500, kind: 'exit', text: '' }, { seq: 10_002, t: 500.01, kind: 'error', text: '' });
    markers.sort((a, b) => a.t - b.t);
    const view = { start: 100, msPerPx: 1 };
    const out = cullMarkers(markers, view, 800);
    expect(out.every((m) => m.t >= 100 && m.t <= 900)).toBe(true);
    expect(out.filter((m) => m.kind === 'stderr').length).toBeLessThanOrEqual(300);
    expect(out.filter((m) => m.kind !== 'stderr').map((m) => m.kind)).toEqual(['exit', 'error']);
  });
});

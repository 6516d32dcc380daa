import { describe, expect, it } from 'vitest';
import { TAIL_OVERSCAN, tailRows, tailScrollTop } from './tailRows';

describe('tailRows', () => {
  it('is the rows that fill the viewport at the bottom, and a few above', () => {
    const rows = tailRows(1000, 220, 22);
    expect(rows.at(-1)).toEqual({ index: 999, top: 999 * 22 });
    expect(rows).toHaveLength(10 + 1 + TAIL_OVERSCAN);
    expect(rows.map((r) => r.index)).toEqual(Array.from({ length: rows.length }, (_, i) => 1000 - rows.length + i));
  });

  it('is every row when they fit', () => {
    expect(tailRows(3, 600, 22).map((r) => r.index)).toEqual([0, 1, 2]);
    expect(tailRows(0, 600, 22)).toEqual([]);
  });

  it('scrolls past the last row (the browser clamps it to the bottom)', () => {
    expect(tailScrollTop(100, 22, 24)).toBe(24 + 2200);
  });
});

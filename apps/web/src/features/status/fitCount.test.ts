import { describe, expect, it } from 'vitest';
import { fitCount } from './fitCount';

describe('fitCount', () => {
  it('shows everything that fits, without a "+N" marker', () => {
    expect(fitCount([50, 50, 50], 160, 5, 20)).toBe(3);
    expect(fitCount([], 0, 5, 20)).toBe(0);
  });

  it('keeps room for the "+N" marker when some do not fit', () => {
    // 50 + 5 + 50 = 105; with the marker: 105 + 5 + 20 = 130 ≤ 140; a third would need 185.
    expect(fitCount([50, 50, 50, 50], 140, 5, 20)).toBe(2);
    expect(fitCount([50, 50, 50, 50], 129, 5, 20)).toBe(1);
  });

  it('shows none (only the marker) when even one does not fit', () => {
    expect(fitCount([200, 10], 100, 5, 20)).toBe(0);
  });
});

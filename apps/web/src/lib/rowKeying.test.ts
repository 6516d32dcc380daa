import { describe, expect, it } from 'vitest';
import { NO_ROWS, nextRowKeying } from './rowKeying';

const rows = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => ({ index: first + i, top: (first + i) * 22 }));

describe('nextRowKeying', () => {
  it('keys by row while the rows overlap what was shown, by slot once they replace it all', () => {
    let k = nextRowKeying(NO_ROWS, rows(0, 30));
    expect(k.bySlot).toBe(false); // the first rows shown
    k = nextRowKeying(k, rows(1, 31));
    expect(k.bySlot).toBe(false); // a trickle: one row in, one out
    k = nextRowKeying(k, rows(5000, 5030));
    expect(k.bySlot).toBe(true); // a flood's update: none of them shown before
    k = nextRowKeying(k, rows(10_000, 10_030));
    expect(k.bySlot).toBe(true);
    expect(nextRowKeying(k, rows(10_000, 10_030))).toBe(k); // the same rows (a click): unchanged
    expect(nextRowKeying(k, rows(10_002, 10_032)).bySlot).toBe(false); // the flood is over
  });

  it('an empty list keys by row, and so does the first list after it', () => {
    const empty = nextRowKeying(nextRowKeying(NO_ROWS, rows(0, 30)), []);
    expect(empty.bySlot).toBe(false);
    expect(nextRowKeying(empty, rows(100, 130)).bySlot).toBe(false);
  });
});

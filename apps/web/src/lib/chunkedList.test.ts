import { describe, expect, it } from 'vitest';
import { ChunkedList } from './chunkedList';

describe('ChunkedList', () => {
  it('keeps global indices when whole leading chunks are dropped', () => {
    const list = new ChunkedList<number>(2); // 4 a chunk
    for (let i = 0; i < 10; i++) list.push(i * 10, 1);
    expect([list.length, list.base, list.chunkCount, list.weight]).toEqual([10, 0, 3, 10]);
    expect(list.dropHead()).toBe(4);
    expect([list.length, list.base, list.held, list.weight]).toEqual([10, 4, 6, 6]);
    expect(list.get(3)).toBeUndefined();
    expect(list.get(4)).toBe(40);
    expect(list.first()).toBe(40);
    expect([...list.range(0, 7)]).toEqual([40, 50, 60]);
    expect(list.toArray()).toEqual([40, 50, 60, 70, 80, 90]);
    expect(list.indexOfSorted(70, (x) => x)).toBe(7);
    expect(list.indexOfSorted(10, (x) => x)).toBe(-1);
    list.dropHead();
    expect(list.dropHead()).toBe(0); // the last chunk always stays
    expect([list.base, list.last()]).toEqual([8, 90]);
    list.push(100);
    expect(list.get(10)).toBe(100);
  });

  it('starts mid-stream with setBase', () => {
    const list = new ChunkedList<string>(2);
    list.setBase(1000);
    expect([list.length, list.base, list.held]).toEqual([1000, 1000, 0]);
    list.push('a');
    list.push('b');
    expect([list.get(999), list.get(1000), list.get(1001), list.length]).toEqual([undefined, 'a', 'b', 1002]);
    expect(list.indexOfSorted(0, (s) => (s === 'a' ? 0 : 1))).toBe(1000);
    expect(() => list.setBase(5)).toThrow();
  });
});

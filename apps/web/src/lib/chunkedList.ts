const CHUNK_BITS = 12;
const CHUNK_SIZE = 1 << CHUNK_BITS; // 4096
const CHUNK_MASK = CHUNK_SIZE - 1;

/**
 * An append-only list stored in fixed-size chunks: appending never copies earlier items, so
 * a log of 100,000+ frames grows in O(1) per item without the GC churn of `[...arr, x]`.
 * Readers index into it; `length` only grows, so an index once valid stays valid.
 */
export class ChunkedList<T> {
  private readonly chunks: T[][] = [];
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(item: T): void {
    let last = this.chunks[this.chunks.length - 1];
    if (last === undefined || last.length === CHUNK_SIZE) {
      last = [];
      this.chunks.push(last);
    }
    last.push(item);
    this.size++;
  }

  get(index: number): T | undefined {
    if (index < 0 || index >= this.size) return undefined;
    return this.chunks[index >>> CHUNK_BITS][index & CHUNK_MASK];
  }

  last(): T | undefined {
    return this.get(this.size - 1);
  }

  /** Items [start, end) in order. */
  *range(start = 0, end = this.size): IterableIterator<T> {
    const stop = Math.min(end, this.size);
    for (let i = Math.max(0, start); i < stop; i++) yield this.chunks[i >>> CHUNK_BITS][i & CHUNK_MASK];
  }

  toArray(): T[] {
    return ([] as T[]).concat(...this.chunks);
  }

  /**
   * Binary search over a list sorted ascending by `keyOf`: the index of the item whose key is
   * `key`, or -1.
   */
  indexOfSorted(key: number, keyOf: (item: T) => number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = keyOf(this.chunks[mid >>> CHUNK_BITS][mid & CHUNK_MASK]);
      if (k === key) return mid;
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

const DEFAULT_CHUNK_BITS = 12; // 4096 items a chunk

/**
 * An append-only list stored in fixed-size chunks: appending never copies earlier items, so
 * a log of 100,000+ frames grows in O(1) per item without the GC churn of `[...arr, x]`.
 * Indices are GLOBAL: `length` counts everything ever pushed (plus a `setBase` start), `base`
 * is the first index still held. `dropHead()` forgets whole leading chunks (a memory budget);
 * `get(i)` below `base` is undefined, and an index once valid keeps naming the same item.
 * Each chunk sums the `weight` of its items (bytes, for the budget).
 */
export class ChunkedList<T> {
  private readonly chunks: T[][] = [];
  private readonly weights: number[] = [];
  private readonly bits: number;
  private readonly chunkSize: number;
  private readonly mask: number;
  private start = 0;
  private size = 0;
  private totalWeight = 0;

  constructor(chunkBits = DEFAULT_CHUNK_BITS) {
    this.bits = chunkBits;
    this.chunkSize = 1 << chunkBits;
    this.mask = this.chunkSize - 1;
  }

  /** Everything ever pushed (global end index). */
  get length(): number {
    return this.size;
  }

  /** The first index still held. */
  get base(): number {
    return this.start;
  }

  /** Items held in memory. */
  get held(): number {
    return this.size - this.start;
  }

  /** Sum of the weights of the held items. */
  get weight(): number {
    return this.totalWeight;
  }

  /** Held chunks (the last one may be partial). */
  get chunkCount(): number {
    return this.chunks.length;
  }

  /** For a list that starts mid-stream: the next push gets index `n`. Only while empty. */
  setBase(n: number): void {
    if (this.size !== this.start) throw new Error('setBase() on a list that holds items');
    this.start = this.size = Math.max(0, n);
  }

  /** Forgets every held item and moves the end `n` indices on (items that were never pushed here). */
  skip(n: number): void {
    this.chunks.length = 0;
    this.weights.length = 0;
    this.totalWeight = 0;
    this.size += Math.max(0, n);
    this.start = this.size;
  }

  push(item: T, weight = 0): void {
    let last = this.chunks[this.chunks.length - 1];
    if (last === undefined || last.length === this.chunkSize) {
      last = [];
      this.chunks.push(last);
      this.weights.push(0);
    }
    last.push(item);
    this.weights[this.weights.length - 1] += weight;
    this.totalWeight += weight;
    this.size++;
  }

  /** Drops the oldest chunk unless it is the only one; returns how many items were dropped. */
  dropHead(): number {
    if (this.chunks.length < 2) return 0;
    const dropped = this.chunks.shift()!.length;
    this.totalWeight -= this.weights.shift()!;
    this.start += dropped;
    return dropped;
  }

  get(index: number): T | undefined {
    if (index < this.start || index >= this.size) return undefined;
    const j = index - this.start;
    return this.chunks[j >>> this.bits][j & this.mask];
  }

  /** The oldest held item. */
  first(): T | undefined {
    return this.get(this.start);
  }

  last(): T | undefined {
    return this.get(this.size - 1);
  }

  /** Held items [start, end) in order (indices below `base` are skipped). */
  *range(start = this.start, end = this.size): IterableIterator<T> {
    const stop = Math.min(end, this.size);
    for (let i = Math.max(this.start, start); i < stop; i++) {
      const j = i - this.start;
      yield this.chunks[j >>> this.bits][j & this.mask];
    }
  }

  /** The held items. */
  toArray(): T[] {
    return ([] as T[]).concat(...this.chunks);
  }

  /**
   * Binary search over the held items, sorted ascending by `keyOf`: the (global) index of the
   * item whose key is `key`, or -1.
   */
  indexOfSorted(key: number, keyOf: (item: T) => number): number {
    let lo = this.start;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const j = mid - this.start;
      const k = keyOf(this.chunks[j >>> this.bits][j & this.mask]);
      if (k === key) return mid;
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/**
 * A filtered view of an append-only array that only examines new items while the filter
 * stays the same, and starts over when it changes. Views read `items` (a new array only when
 * the result changed, so React memoization works).
 */
export class IncrementalFilter<T, F> {
  private key: string | undefined;
  private scanned = 0;
  private result: T[] = [];
  private first: T | undefined;

  constructor(private readonly matches: (item: T, filter: F) => boolean) {}

  update(source: readonly T[], filter: F, key: string = JSON.stringify(filter)): T[] {
    // The source may lose its head (items that left memory): start over then too.
    if (key !== this.key || source.length < this.scanned || source[0] !== this.first) {
      this.key = key;
      this.first = source[0];
      this.scanned = 0;
      this.result = [];
    }
    if (source.length === this.scanned) return this.result;
    const added: T[] = [];
    for (let i = this.scanned; i < source.length; i++) if (this.matches(source[i], filter)) added.push(source[i]);
    this.scanned = source.length;
    if (added.length > 0) this.result = this.result.concat(added);
    return this.result;
  }
}

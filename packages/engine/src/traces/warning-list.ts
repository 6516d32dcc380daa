/** Most warnings a trace keeps; the rest are counted in one last line. */
export const MAX_TRACE_WARNINGS = 1000;

/**
 * The warnings of one trace, each line reported once (keyed by its byte offset: the indexer and
 * a page read may both meet the same bad line) and at most `max` of them, so a hostile file of a
 * million bad lines costs a counter, not a million strings in the session info.
 */
export class WarningList {
  /** The warnings, then `…and N more lines skipped` once over `max`. */
  readonly list: string[] = [];
  private readonly seen = new Set<number>();
  private kept = 0;
  private more = 0;

  constructor(private readonly max = MAX_TRACE_WARNINGS) {}

  /** Adds a warning unless this line already has one; returns whether the list changed. */
  add(offset: number, text: string): boolean {
    if (this.seen.has(offset)) return false;
    if (this.seen.size < this.max * 10) this.seen.add(offset);
    if (this.kept < this.max) {
      this.list.splice(this.kept++, 0, text);
      return true;
    }
    this.more += 1;
    this.list[this.kept] = `…and ${this.more} more line${this.more === 1 ? '' : 's'} skipped`;
    return true;
  }
}

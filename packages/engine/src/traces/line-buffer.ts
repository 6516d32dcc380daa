/**
 * Capacity kept between batches, so a flood's batches (a spill's eviction is a few MiB) reuse one
 * buffer instead of growing a new one each time; a batch that needed more (one huge message) does
 * not keep its buffer.
 */
const KEEP_BYTES = 8 * 1024 * 1024;

/**
 * Trace lines as UTF-8 bytes, encoded as each line comes, for one write of many lines. Joining
 * the strings at write time cost more than making them in a flood: by the time thousands are
 * joined they are cold, and each `line + "\n"` had first to be flattened. Encoding each one at
 * once copies it while it is still in cache, into one reused buffer, its newline written after it
 * (pushLine) rather than appended to the string.
 */
export class LineBuffer {
  private buf = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  /** Where each line ends, in bytes from the start of the batch. */
  private ends: number[] = [];

  /** Appends one line (its "\n" included); returns its length in bytes. */
  push(line: string): number {
    return this.append(line, false);
  }

  /** Appends `text` and a "\n" after it, without making the string `text + "\n"`; returns the bytes of both. */
  pushLine(text: string): number {
    return this.append(text, true);
  }

  private append(text: string, newline: boolean): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2).
    const most = text.length * 3 + 1;
    if (this.buf.length - this.used < most) this.grow(most);
    const start = this.used;
    this.used += this.buf.write(text, this.used);
    if (newline) this.buf[this.used++] = 0x0a;
    this.ends.push(this.used);
    return this.used - start;
  }

  get lines(): number {
    return this.ends.length;
  }

  /**
   * The batch's bytes and where each line ends, and a new batch begins. The bytes are a view of
   * this buffer: write them before the next push.
   */
  take(): { data: Buffer; ends: number[] } {
    const taken = { data: this.buf.subarray(0, this.used), ends: this.ends };
    if (this.buf.length > KEEP_BYTES) this.buf = Buffer.allocUnsafe(64 * 1024);
    this.used = 0;
    this.ends = [];
    return taken;
  }

  private grow(needed: number): void {
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.used + needed));
    this.buf.copy(next, 0, 0, this.used);
    this.buf = next;
  }
}

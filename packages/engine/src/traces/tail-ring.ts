/** Where the last `capacity` event lines of a scan start (offset, line number, frame or not): 17 bytes each. */
export class TailRing {
  private readonly offsets: Float64Array;
  private readonly lines: Float64Array;
  private readonly frames: Uint8Array;
  private next = 0;
  size = 0;

  constructor(readonly capacity: number) {
    this.offsets = new Float64Array(capacity);
    this.lines = new Float64Array(capacity);
    this.frames = new Uint8Array(capacity);
  }

  push(offset: number, line: number, frame: boolean): void {
    this.offsets[this.next] = offset;
    this.lines[this.next] = line;
    this.frames[this.next] = frame ? 1 : 0;
    this.next = (this.next + 1) % this.capacity;
    if (this.size < this.capacity) this.size += 1;
  }

  /** The k-th newest entry (0 = the last event line). */
  at(k: number): { offset: number; line: number; frame: boolean } {
    const i = (this.next - 1 - k + 2 * this.capacity) % this.capacity;
    return { offset: this.offsets[i]!, line: this.lines[i]!, frame: this.frames[i] === 1 };
  }

  /**
   * Where the tail starts: the last `count` events, fewer when they would take more than
   * `maxBytes` of a file of `size` bytes (always the last event).
   */
  start(count: number, size: number, maxBytes: number): { offset: number; line: number; events: number; frames: number } | undefined {
    if (this.size === 0) return undefined;
    let frames = 0;
    let chosen = this.at(0);
    let events = 0;
    for (let k = 0; k < Math.min(count, this.size); k++) {
      const e = this.at(k);
      if (k > 0 && size - e.offset > maxBytes) break;
      chosen = e;
      events += 1;
      if (e.frame) frames += 1;
    }
    return { offset: chosen.offset, line: chosen.line, events, frames };
  }
}

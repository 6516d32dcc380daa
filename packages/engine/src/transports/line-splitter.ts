/** The longest line read from a stdio server (and relayed by `wrap`) that is parsed; longer is kept truncated. */
export const MAX_STDIO_LINE_BYTES = 64 * 1024 * 1024;

/** What a line past the cap is called in its finding (the live session's and `wrap`'s alike). */
export const lineCapDetail = (keptBytes: number): string => `longer than ${keptBytes} bytes (the line cap; truncated)`;

/**
 * Splits a byte stream into lines without ever holding more than `maxLineBytes` of one line.
 * A longer line is reported once, truncated, with `overflow: true`, and the rest of it skipped.
 */
export class LineSplitter {
  private chunks: Buffer[] = [];
  private length = 0;
  private overflowing = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: Buffer, overflow: boolean) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) {
        this.append(chunk.subarray(start));
        return;
      }
      this.append(chunk.subarray(start, nl));
      this.emit();
      start = nl + 1;
    }
  }

  /** Emits what is left when the stream ends without a final newline. */
  end(): void {
    if (this.length > 0 || this.overflowing) this.emit();
  }

  private append(part: Buffer): void {
    if (part.length === 0 || this.overflowing) return;
    const room = this.maxLineBytes - this.length;
    if (part.length > room) {
      this.chunks.push(part.subarray(0, room));
      this.length += room;
      this.overflowing = true;
      return;
    }
    this.chunks.push(part);
    this.length += part.length;
  }

  private emit(): void {
    let line = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.length);
    if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
    const overflow = this.overflowing;
    this.chunks = [];
    this.length = 0;
    this.overflowing = false;
    this.onLine(line, overflow);
  }
}

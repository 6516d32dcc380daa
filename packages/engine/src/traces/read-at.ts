import { open } from 'node:fs/promises';

/** Most bytes one read covers when the lines asked for are close together. */
const WINDOW = 4 * 1024 * 1024;

/**
 * Reads lines at known offsets (ascending), coalescing nearby ones into one read of at most
 * WINDOW bytes (or one line, if longer) so a sparse set costs one small read per line and a
 * dense one reads the region in large sequential chunks. `visit` gets a view valid during the call.
 */
export async function readLinesAt(file: string, items: ArrayLike<number>, offsetOf: (item: number) => number, lengthOf: (item: number) => number, visit: (item: number, bytes: Buffer) => void): Promise<void> {
  if (items.length === 0) return;
  const fh = await open(file, 'r');
  try {
    let buf = Buffer.allocUnsafe(0);
    let windowStart = 0;
    let windowLength = 0;
    for (let k = 0; k < items.length; k++) {
      const item = items[k]!;
      const offset = offsetOf(item);
      const length = lengthOf(item);
      if (offset < windowStart || offset + length > windowStart + windowLength) {
        // Extend the read over the next lines while they fit in one window.
        let end = offset + length;
        for (let j = k + 1; j < items.length; j++) {
          const e = offsetOf(items[j]!) + lengthOf(items[j]!);
          if (e - offset > WINDOW) break;
          end = Math.max(end, e);
        }
        const size = end - offset;
        if (buf.length < size) buf = Buffer.allocUnsafe(Math.max(size, Math.min(WINDOW, 2 * buf.length)));
        const { bytesRead } = await fh.read(buf, 0, size, offset);
        windowStart = offset;
        windowLength = bytesRead;
        if (bytesRead < length) continue; // the file shrank since it was indexed
      }
      visit(item, buf.subarray(offset - windowStart, offset - windowStart + length));
    }
  } finally {
    await fh.close();
  }
}

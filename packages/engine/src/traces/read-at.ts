import { open } from 'node:fs/promises';

/** Most bytes one read covers when the lines asked for are close together. */
const WINDOW = 4 * 1024 * 1024;

/**
 * Reads lines at known offsets (ascending), coalescing nearby ones into one read of at most
 * WINDOW bytes (or one line, if longer) so a sparse set costs one small read per line and a
 * dense one reads the region in large sequential chunks. `visit` gets a view valid during the call.
 */
export async function readLinesAt(
  file: string,
  items: ArrayLike<number>,
  offsetOf: (item: number) => number,
  lengthOf: (item: number) => number,
  visit: (item: number, bytes: Buffer) => void,
): Promise<void> {
  await readLineWindows(file, items, offsetOf, lengthOf, (window, windowStart, from, to) => {
    for (let k = from; k < to; k++) {
      const item = items[k]!;
      const at = offsetOf(item) - windowStart;
      visit(item, window.subarray(at, at + lengthOf(item)));
    }
  });
}

/**
 * readLinesAt by window: `visit(window, windowStart, from, to)` gets one read (file bytes from
 * offset `windowStart`) holding the whole lines of items[from] … items[to - 1], to look at them
 * together (one search over the window instead of one per line). The view is valid during the call.
 */
export async function readLineWindows(
  file: string,
  items: ArrayLike<number>,
  offsetOf: (item: number) => number,
  lengthOf: (item: number) => number,
  visit: (window: Buffer, windowStart: number, from: number, to: number) => void,
): Promise<void> {
  if (items.length === 0) return;
  const fh = await open(file, 'r');
  try {
    let buf = Buffer.allocUnsafe(0);
    for (let k = 0; k < items.length; ) {
      // Extend the read over the next lines while they fit in one window.
      const offset = offsetOf(items[k]!);
      let end = offset + lengthOf(items[k]!);
      let to = k + 1;
      for (; to < items.length; to++) {
        const e = offsetOf(items[to]!) + lengthOf(items[to]!);
        if (e - offset > WINDOW) break;
        end = Math.max(end, e);
      }
      const size = end - offset;
      if (buf.length < size) buf = Buffer.allocUnsafe(Math.max(size, Math.min(WINDOW, 2 * buf.length)));
      const { bytesRead } = await fh.read(buf, 0, size, offset);
      // The file shrank since it was indexed: only the lines read whole are visited.
      let whole = k;
      while (whole < to && offsetOf(items[whole]!) + lengthOf(items[whole]!) - offset <= bytesRead) whole++;
      if (whole > k) visit(buf.subarray(0, bytesRead), offset, k, whole);
      k = to;
    }
  } finally {
    await fh.close();
  }
}

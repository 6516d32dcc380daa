import { open } from 'node:fs/promises';
import { classifyLine } from './line-kind.js';
import { lineWarning } from './trace-line.js';
import type { WarningList } from './warning-list.js';

/** How far from the end open() looks for the start of a last line without its "\n". */
const LOOK_BACK = 1024 * 1024;

/**
 * At open, before the index is built: a last line cut off mid-write (no "\n", not JSON) gets its
 * warning now, so the session shows it from the first moment. The scan meets the same line at
 * the end and finds its warning already there (keyed by offset). Longer last lines, and other
 * faults of that line, are left to the scan.
 */
export async function cutLastLine(file: string, size: number, warnings: WarningList): Promise<void> {
  if (size === 0) return;
  const length = Math.min(size, LOOK_BACK);
  const buf = Buffer.alloc(length);
  const fh = await open(file, 'r');
  try {
    await fh.read(buf, 0, length, size - length);
  } finally {
    await fh.close();
  }
  if (buf[length - 1] === 10) return;
  const nl = buf.lastIndexOf(10);
  if (nl === -1) return; // the header alone, or a last line longer than LOOK_BACK
  const offset = size - length + nl + 1;
  const c = classifyLine(buf.subarray(nl + 1), false);
  if (c.kind === 'bad' && c.failure.notJson) warnings.add(offset, lineWarning(0, offset, false, c.failure));
}

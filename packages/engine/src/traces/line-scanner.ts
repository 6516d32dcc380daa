import { createReadStream } from 'node:fs';

export interface ScannedLine {
  /** Byte offset of the line's first byte in the file. */
  offset: number;
  text: string;
  /** false for a last line without its "\n" (a writer cut off mid-line). */
  terminated: boolean;
}

/**
 * Streams a file line by line with each line's byte offset, never holding more than one read
 * chunk plus one line in memory. Stops early when `visit` returns false.
 */
export async function scanLines(file: string, start: number, visit: (line: ScannedLine) => boolean | void): Promise<void> {
  const stream = createReadStream(file, { start, highWaterMark: 1024 * 1024 });
  let carry: Buffer[] = [];
  let carryLength = 0;
  let lineStart = start;
  let stopped = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      let nl = chunk.indexOf(10, from);
      while (nl !== -1) {
        const part = chunk.subarray(from, nl);
        const bytes = carryLength > 0 ? Buffer.concat([...carry, part]) : part;
        const length = bytes.length;
        if (visit({ offset: lineStart, text: bytes.toString('utf8'), terminated: true }) === false) {
          stopped = true;
          return;
        }
        lineStart += length + 1;
        carry = [];
        carryLength = 0;
        from = nl + 1;
        nl = chunk.indexOf(10, from);
      }
      if (from < chunk.length) {
        carry.push(chunk.subarray(from));
        carryLength += chunk.length - from;
      }
    }
    if (carryLength > 0) visit({ offset: lineStart, text: Buffer.concat(carry).toString('utf8'), terminated: false });
  } finally {
    if (stopped) stream.destroy();
  }
}

import type { SessionEvent } from '@mcpscope/protocol';
import { readTraceLine, type LineFailure } from './trace-line.js';

const TYPE_FIRST = Buffer.from('{"type":"');
const TYPE_KEY = Buffer.from('"type":"');
/** The event types, as bytes followed by their closing quote. */
const TYPES = ['frame', 'stderr', 'http', 'lifecycle', 'oauth', 'span'].map((t) => ({ type: t, bytes: Buffer.from(`${t}"`) }));
/** How far into a line the fast path looks for the "type" key. */
const HEAD = 512;

function startsWithAt(line: Buffer, at: number, bytes: Buffer): boolean {
  if (line.length < at + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (line[at + i] !== bytes[i]) return false;
  return true;
}

/**
 * The event type of a trace line read from its first bytes, without decoding or parsing it,
 * when the line has one of the two shapes writers produce: `{"type":"frame",…` (TraceWriter:
 * type first) or `{"seq":1,…,"type":"frame",…` (the top-level "type" key within the first 512
 * bytes, after `,` and with no `{` before it). Otherwise undefined: parse the line to know.
 *
 * Why the match is the top-level key: in valid JSON a `"` inside a string is always escaped,
 * so `,"type":"` cannot occur inside a string; with no `{` before it, it is at depth 1. A line
 * that is not valid JSON at all is typed here anyway and found bad when it is read.
 */
export function quickType(line: Buffer): string | undefined {
  if (line.length < 10 || line[0] !== 0x7b) return undefined;
  let at: number;
  if (startsWithAt(line, 0, TYPE_FIRST)) at = TYPE_FIRST.length;
  else {
    const head = line.length > HEAD ? line.subarray(0, HEAD) : line;
    const key = head.indexOf(TYPE_KEY);
    if (key <= 1 || line[key - 1] !== 0x2c /* , */) return undefined;
    for (let i = 1; i < key; i++) if (line[i] === 0x7b /* { */) return undefined;
    at = key + TYPE_KEY.length;
  }
  for (const t of TYPES) if (line[at] === t.bytes[0] && startsWithAt(line, at, t.bytes)) return t.type;
  return undefined;
}

function isBlank(line: Buffer): boolean {
  if (line.length === 0) return true;
  const c = line[0]!;
  return (c === 0x20 || c === 0x09 || c === 0x0d) && line.toString('utf8').trim() === '';
}

export type LineClass =
  | { kind: 'blank' }
  /** `event`: set when the line had to be parsed to be typed. */
  | { kind: 'frame' | 'event'; event?: SessionEvent }
  | { kind: 'bad'; failure: LineFailure };

/**
 * What a trace line counts as in an index, decided the same way by the indexer and every reader
 * (so frame ordinals agree): by quickType when it answers, else by parsing the line. A last line
 * without its "\n" is always parsed (a writer cut off mid-line is the common case).
 */
const FRAME: LineClass = Object.freeze({ kind: 'frame' });
const EVENT: LineClass = Object.freeze({ kind: 'event' });
const BLANK: LineClass = Object.freeze({ kind: 'blank' });

export function classifyLine(bytes: Buffer, terminated: boolean, trusted = false): LineClass {
  if (terminated) {
    const type = quickType(bytes);
    if (type !== undefined) return type === 'frame' ? FRAME : EVENT;
  }
  if (isBlank(bytes)) return BLANK;
  const read = readTraceLine(bytes.toString('utf8'), trusted);
  if (!('event' in read)) return { kind: 'bad', failure: read };
  return { kind: read.event.type === 'frame' ? 'frame' : 'event', event: read.event };
}

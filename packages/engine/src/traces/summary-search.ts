import { frameMethod, frameText, parseFrameFilter, type FrameEvent, type FrameFilter, type FrameFilterContext } from '@mcpscope/protocol';
import { MAX_FRAME_PAGE, type FrameSearchQuery, type FrameSearchResult } from './frame-reader.js';
import { BAD_FRAME, TEXT_UNKNOWN, type FrameSummary } from './frame-summary.js';
import { readLineWindows, readLinesAt } from './read-at.js';
import { byteNeedles, markCandidates } from './text-prefilter.js';
import { readTraceLine } from './trace-line.js';

/** ifBlank of a frame without a shape: its line is read whatever its bytes. */
const NO_SHAPE_ANSWER = 2;

interface Query {
  filter?: FrameFilter;
  method?: string;
  ctx?: FrameFilterContext;
}

function matches(q: Query, frame: FrameEvent, text: () => string): boolean {
  if (q.method !== undefined && frameMethod(frame) !== q.method) return false;
  if (!q.filter) return true;
  try {
    return q.filter.test(frame, text, q.ctx);
  } catch {
    return false; // a trace's odd field shapes fail that frame, not the search
  }
}

/**
 * A search over an offline trace without re-reading it: the structured terms are matched on the
 * summary; only frames a full-text term reaches (and those without a shape) are read back, and
 * of those only the text bytes are decoded when the summary knows where they are. Same answer as
 * searchFramesVia over the frames themselves.
 */
export async function searchSummary(
  summary: FrameSummary,
  file: string,
  sessionId: string,
  q: FrameSearchQuery,
): Promise<FrameSearchResult> {
  const filter = q.filter?.trim() ? parseFrameFilter(q.filter) : undefined;
  // `is:failed`: which requests an error answered is known from the summary, answers past `before` included.
  const query: Query = {
    filter,
    method: q.method,
    ...(filter?.needsAnswers ? { ctx: { answeredWithError: (seq: number) => summary.failed.has(seq) } } : {}),
  };
  const end = Math.min(q.before ?? summary.count, summary.count);
  const limit = Math.max(0, Math.min(q.limit, MAX_FRAME_PAGE));
  const found: number[] = [];
  /** Frames whose answer depends on their text (or that have no shape), ascending… */
  const need: number[] = [];
  /** …and for each, its answer if its text holds none of the needles (1 or 0), or NO_SHAPE_ANSWER. */
  const ifBlank: number[] = [];
  // The first pass answers each frame on its shape with the text '', noting whether it was asked for.
  let asked = false;
  const blankText = (): string => {
    asked = true;
    return '';
  };
  for (let i = 0; i < end; i++) {
    if (summary.shapeIds[i] === BAD_FRAME) continue;
    const frame = summary.frame(i, sessionId);
    if (!frame) {
      need.push(i);
      ifBlank.push(NO_SHAPE_ANSWER);
      continue;
    }
    asked = false;
    const hit = matches(query, frame, blankText);
    if (!asked) {
      if (hit) found.push(i);
      continue;
    }
    need.push(i);
    ifBlank.push(hit ? 1 : 0);
  }
  const read: number[] = [];
  const offsetOf = (i: number) => summary.offsets[i]!;
  const lengthOf = (i: number) => summary.lengths[i]!;
  const readLine = (i: number, bytes: Buffer) => {
    const frame = summary.frame(i, sessionId);
    const start = summary.textStarts[i]!;
    const length = summary.textLengths[i]!;
    if (frame && length < TEXT_UNKNOWN) {
      const text = bytes.toString('utf8', start, start + length);
      if (matches(query, frame, () => text)) read.push(i);
      return;
    }
    const parsed = readTraceLine(bytes.toString('utf8'));
    if (!('event' in parsed) || parsed.event.type !== 'frame') return;
    const full = parsed.event;
    let text: string | undefined;
    if (matches(query, full, () => (text ??= frameText(full)))) read.push(i);
    if (text !== undefined && full.raw === undefined) summary.locateText(i, bytes, text);
  };
  // A line whose bytes cannot hold a needle (text-prefilter.ts) is answered on its shape, its text ''.
  const needles = filter ? byteNeedles(filter.textTerms) : undefined;
  const candidate = new Uint8Array(needles ? need.length : 0);
  await readLineWindows(file, need, offsetOf, lengthOf, (window, windowStart, from, to) => {
    if (needles) markCandidates(window, windowStart, need, from, to, offsetOf, lengthOf, needles, candidate);
    for (let k = from; k < to; k++) {
      const i = need[k]!;
      if (needles && candidate[k] === 0 && ifBlank[k] !== NO_SHAPE_ANSWER) {
        if (ifBlank[k] === 1) read.push(i);
        continue;
      }
      const at = offsetOf(i) - windowStart;
      readLine(i, window.subarray(at, at + lengthOf(i)));
    }
  });
  const all = merge(found, read);
  const kept = limit === 0 ? [] : all.slice(-limit);
  const frames = new Map<number, FrameEvent>();
  await readLinesAt(file, kept, offsetOf, lengthOf, (i, bytes) => {
    const parsed = readTraceLine(bytes.toString('utf8'));
    if ('event' in parsed && parsed.event.type === 'frame') frames.set(i, { ...parsed.event, sessionId });
  });
  const out = kept.filter((i) => frames.has(i)).map((index) => ({ index, frame: frames.get(index)! }));
  return { matches: out, truncated: all.length > out.length, total: all.length };
}

/** Two ascending lists of ordinals as one. */
function merge(a: number[], b: number[]): number[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

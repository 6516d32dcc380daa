import { jsonTextTooDeep, type FrameEvent } from '@mcpscope/protocol';
import type { LineFailure } from './trace-line.js';

/**
 * Marks a placeholder: an own symbol key, so `{ ...frame, sessionId }` keeps it, JSON drops it,
 * and no trace line can forge it.
 */
const UNREADABLE = Symbol('mcpscope.unreadableFrame');
/** The reason shown is clipped to this many characters (it may quote the trace's own keys). */
const MAX_REASON = 200;
/** A bad line longer than this is not parsed again for its seq and t. */
const MAX_NUMBERS_LINE = 1024 * 1024;

/**
 * What readFrames shows at the ordinal of a line typed as a frame that is no frame event, so
 * every ordinal keeps exactly one row: a raw frame that says why, with the line's seq and t when
 * it is a JSON object holding finite ones, else those of the frame before it (or 0). Searches
 * skip it (isUnreadableFrame), as the summary search skips its BAD_FRAME: it matches nothing.
 */
export function unreadableFrame(
  bytes: Buffer,
  failure: LineFailure | undefined,
  before: Pick<FrameEvent, 'seq' | 't' | 'sessionId'> | undefined,
  sessionId: string,
): FrameEvent {
  const reason = failure?.reason ?? 'unreadable';
  const numbers = lineNumbers(bytes);
  const frame: FrameEvent & { [UNREADABLE]: true } = {
    type: 'frame',
    seq: numbers.seq ?? before?.seq ?? 0,
    t: numbers.t ?? before?.t ?? 0,
    sessionId: before?.sessionId ?? sessionId,
    dir: 'in',
    raw: `mcpscope: this trace line is not a frame event (${reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON)}…` : reason})`,
    size: bytes.length,
    [UNREADABLE]: true,
  };
  return frame;
}

/** Whether a frame is a placeholder unreadableFrame made. */
export function isUnreadableFrame(frame: FrameEvent): boolean {
  return Object.hasOwn(frame, UNREADABLE);
}

/** The top-level seq and t of a line that is a JSON object, when they are finite numbers. */
function lineNumbers(bytes: Buffer): { seq?: number; t?: number } {
  if (bytes.length > MAX_NUMBERS_LINE) return {};
  const text = bytes.toString('utf8');
  if (jsonTextTooDeep(text)) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const line = value as Record<string, unknown>;
  const finite = (key: string): number | undefined => {
    const v = Object.hasOwn(line, key) ? line[key] : undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  };
  return { seq: finite('seq'), t: finite('t') };
}

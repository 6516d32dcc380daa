import { parseEvent } from '@mcpscope/trace';
import { jsonTextTooDeep, MAX_JSON_DEPTH, type SessionEvent } from '@mcpscope/protocol';

/** Why a trace line is not an event (`notJson`: it did not parse as JSON at all). */
export interface LineFailure {
  reason: string;
  notJson?: true;
}

/**
 * One trace line parsed at the trust boundary: the depth check before JSON.parse, then the
 * event schema. `trusted` (a spill file this process wrote): JSON.parse and a shape check only.
 */
export function readTraceLine(text: string, trusted = false): { event: SessionEvent } | LineFailure {
  const line = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (!trusted && mayBeTooDeep(line) && jsonTextTooDeep(line)) return { reason: `nested deeper than ${MAX_JSON_DEPTH} levels` };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { reason: 'not valid JSON', notJson: true };
  }
  if (trusted) {
    const v = value as { seq?: unknown; type?: unknown } | null;
    return typeof v?.seq === 'number' && typeof v.type === 'string' ? { event: value as SessionEvent } : { reason: 'not a trace event' };
  }
  const parsed = parseEvent(value);
  return 'error' in parsed ? { reason: parsed.error } : { event: parsed.event };
}

/** Whether a line has enough brackets to nest deeper than MAX_JSON_DEPTH (counted natively, not char by char). */
function mayBeTooDeep(line: string): boolean {
  let brackets = 0;
  for (const open of ['{', '[']) {
    for (let i = line.indexOf(open); i !== -1; i = line.indexOf(open, i + 1)) if (++brackets > MAX_JSON_DEPTH) return true;
  }
  return false;
}

/** A line whose first "type" key (which typed it) is not its type once parsed: a later duplicate key won. */
export const TWO_TYPES: LineFailure = { reason: 'two "type" keys' };

/** The warning for a line that is not an event; a last line cut off mid-write says so instead. */
export function lineWarning(lineNo: number, offset: number, terminated: boolean, failure: LineFailure): string {
  if (!terminated && failure.notJson) return `the trace was cut off mid-line at byte ${offset}; everything before it was kept`;
  return `line ${lineNo}: ${failure.reason}, skipped`;
}

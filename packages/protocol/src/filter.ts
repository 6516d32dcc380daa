import type { FrameEvent } from './events.js';
import { FILTER_KEYS, frameMethod, type FilterKey, type FrameFilterContext, type FramePredicate } from './filter-terms.js';

export {
  FILTER_HELP,
  FILTER_KEYS,
  frameKind,
  frameMethod,
  type FilterHelpRow,
  type FilterKey,
  type FilterValue,
  type FrameFilterContext,
} from './filter-terms.js';

/**
 * The frame filter grammar, shared by the UI and headless commands. Space-separated terms, all
 * of which must match: free text, `key:value` terms (FILTER_KEYS in filter-terms.ts, listed by
 * FILTER_HELP), and `-term` to negate one. A term the grammar does not know is reported as a
 * diagnostic with its position, never thrown on:
 *   - an unknown key (`foo:bar`): searched as text, as it always was;
 *   - an unknown value of a key with a closed set (`is:erorr`): matches nothing;
 *   - a key without a value (`is:`) or a lone `-`: ignored (a term being typed).
 * A word before `://` (`demo://static`) is text, not a key.
 */
export interface FrameFilter {
  test(frame: FrameEvent, text: () => string, ctx?: FrameFilterContext): boolean;
  /** What the parser did not understand, in query order. */
  readonly diagnostics: readonly FilterDiagnostic[];
  /** A term reads a request's answer (`is:failed`): pass `ctx`, and re-test a request when its answer arrives. */
  readonly needsAnswers: boolean;
  /**
   * The needles of the free-text terms (negated or not), lower-cased. `text()` is read only to
   * look for these: a frame whose text contains none of them is answered as if its text were ''
   * (a trace reader can rule a line out from its bytes without parsing it).
   */
  readonly textTerms: readonly string[];
}

export interface FilterDiagnostic {
  /** The term's offsets in the query: query.slice(start, end) === term. */
  start: number;
  end: number;
  term: string;
  /** e.g. `unknown term "is:erorr" — did you mean is:error?` */
  message: string;
  /** The term that was probably meant, to put in its place. */
  suggestion?: string;
}

const KEY_TERM = /^([A-Za-z][\w-]*):(.*)$/s;

/** The candidate nearest to `word`: one it starts (2+ letters typed), or within 2 edits. */
function nearest(word: string, candidates: readonly string[]): string | undefined {
  if (word.length >= 2) {
    const prefixed = candidates.filter((c) => c.startsWith(word));
    if (prefixed.length === 1) return prefixed[0];
  }
  let best: string | undefined;
  let bestDistance = word.length >= 4 ? 2 : 1;
  for (const c of candidates) {
    const d = editDistance(word, c, bestDistance);
    if (d < bestDistance || (d === bestDistance && best === undefined)) [best, bestDistance] = [c, d];
  }
  return best;
}

/** Levenshtein distance with adjacent swaps; anything above `cap` is cap + 1. */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return Math.min(rows[a.length]![b.length]!, cap + 1);
}

const KEY_NAMES = FILTER_KEYS.map((k) => k.key);

/** The only predicate that reads text(): keep FrameFilter.textTerms in step with it. */
function textPredicate(needle: string): FramePredicate {
  return (f, text) => (frameMethod(f) ?? '').toLowerCase().includes(needle) || text().toLowerCase().includes(needle);
}

function textTerm(term: string): ParsedTerm {
  const needle = term.toLowerCase();
  return { predicate: textPredicate(needle), text: needle };
}

const NOTHING: FramePredicate = () => false;

interface ParsedTerm {
  predicate?: FramePredicate;
  /** A free-text term's needle. */
  text?: string;
  needsAnswers?: boolean;
  problem?: { message: string; suggestion?: string };
}

/** One term without its `-`. `shown` is the whole term as typed (with the `-`), for messages. */
function parseTerm(term: string, negated: boolean): ParsedTerm {
  const m = KEY_TERM.exec(term);
  if (!m || m[2]!.startsWith('//')) return textTerm(term);
  const [, rawKey, value] = m as unknown as [string, string, string];
  const key = rawKey.toLowerCase();
  const dash = negated ? '-' : '';
  const def: FilterKey | undefined = FILTER_KEYS.find((k) => k.key === key);
  if (!def) {
    const near = nearest(key, KEY_NAMES);
    return {
      ...textTerm(term),
      problem: near
        ? { message: `unknown term "${dash}${term}" — did you mean ${dash}${near}:${value}?`, suggestion: `${dash}${near}:${value}` }
        : { message: `unknown term "${dash}${term}" — "${rawKey}:" is not a filter key (${KEY_NAMES.join(', ')}); searched as text` },
    };
  }
  if (value === '') {
    const example = def.values?.[0] ? `${key}:${def.values[0].value}` : def.open!.example;
    return { problem: { message: `"${dash}${key}:" needs a value, e.g. ${dash}${example}` } };
  }
  if (!def.values) return { predicate: def.predicate(value) };
  const want = value.toLowerCase();
  const known = def.values.find((v) => v.value === want);
  if (known) return { predicate: def.predicate(want), needsAnswers: known.needsAnswers === true };
  const near = nearest(
    want,
    def.values.map((v) => v.value),
  );
  return {
    predicate: NOTHING,
    problem: near
      ? { message: `unknown term "${dash}${term}" — did you mean ${dash}${key}:${near}?`, suggestion: `${dash}${key}:${near}` }
      : { message: `unknown term "${dash}${term}" — ${key}: takes ${def.values.map((v) => v.value).join(', ')}` },
  };
}

export function parseFrameFilter(query: string): FrameFilter {
  const predicates: FramePredicate[] = [];
  const diagnostics: FilterDiagnostic[] = [];
  let needsAnswers = false;
  const textTerms: string[] = [];
  for (const match of query.matchAll(/\S+/g)) {
    const term = match[0];
    const start = match.index;
    const at = { start, end: start + term.length, term };
    if (term === '-') {
      diagnostics.push({ ...at, message: '"-" needs a term after it, e.g. -method:ping' });
      continue;
    }
    const negated = term.startsWith('-');
    const parsed = parseTerm(negated ? term.slice(1) : term, negated);
    if (parsed.problem) diagnostics.push({ ...at, ...parsed.problem });
    const inner = parsed.predicate;
    if (!inner) continue;
    needsAnswers ||= parsed.needsAnswers === true;
    if (parsed.text !== undefined) textTerms.push(parsed.text);
    predicates.push(negated ? (f, text, ctx) => !inner(f, text, ctx) : inner);
  }
  return { test: (frame, text, ctx) => predicates.every((p) => p(frame, text, ctx)), diagnostics, needsAnswers, textTerms };
}

/** The text a frame is searched by: the JSON-RPC object as sent, or the raw line. */
export function frameText(frame: FrameEvent): string {
  return frame.raw ?? JSON.stringify(frame.msg ?? null);
}

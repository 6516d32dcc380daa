/**
 * Ruling trace lines out of a full-text search from their bytes, without parsing them.
 *
 * A frame's searchable text is JSON.stringify of its parsed msg (or its raw text), lower-cased;
 * the line holds that JSON as its writer wrote it. A needle is looked for in the line's bytes
 * (ASCII case folded) only when finding it nowhere in them proves it is not in the text either:
 *
 *  - The needle is printable ASCII without `"`, `\` (escaped in JSON strings), `{}[],:`
 *    (whitespace between tokens may part them in the line) or whitespace: a match of it in the
 *    text lies within one token.
 *  - JSON.stringify writes the tokens of the line as they were (strings re-escaped, literals as
 *    is) but numbers: `1e2` → `100`, `0.0000001` → `1e-7`, `1e400` → `null`, 17 digits rounded.
 *    A number without an exponent, with at most 15 digits and not below 1e-6 it writes as its
 *    digits without trailing zeros: a piece of the line. So a needle that may be a piece of a
 *    number (`[0-9.e+-]` only) or of `null` also reads every line with a number it may rewrite
 *    (`NUMBER_REWRITES`: a digit before an exponent, 16 digits in a row, `.000000`).
 *  - Within a string, a character of the text comes from the same byte in the line unless it was
 *    escaped as `\uXXXX` or `\/` (other escapes stand for `"`, `\` or control characters, not in
 *    the needle), and only two non-ASCII characters lower-case to ASCII (U+0130 İ → i̇,
 *    U+212A K → k): a line with one of those (`HIDES`) is always read.
 *
 * Anything else (a needle with other characters) is not ruled out here: the line is parsed, as
 * before. text-prefilter.test.ts compares both paths on hostile lines.
 */

/** Byte sequences behind which a needle's characters may hide (see above). */
const HIDES = [Buffer.from('\\u'), Buffer.from('\\/'), Buffer.from('\u0130'), Buffer.from('\u212a')];
const SAFE = /^[\x21-\x7e]+$/;
const UNSAFE = /["\\{}[\],:]/;
const NUMBER_PIECE = /^[0-9.e+-]+$/;
/**
 * Numbers JSON.stringify may write otherwise than the line (see above), 16 characters at most. A
 * number's 16 digits in a row start with a digit (JSON has no `.5`), which makes the search faster.
 */
const NUMBER_REWRITES = /[0-9](?:[eE]|[0-9.]{15})|\.000000/g;
/** Bytes decoded at a time for the needle search (a young-generation string). */
const BLOCK = 64 * 1024;

export interface ByteNeedles {
  needles: string[];
  /** A needle may be a piece of a number or of null: lines with NUMBER_REWRITES are read too. */
  numbers: boolean;
}

/** The needles (FrameFilter.textTerms) if every one of them can be ruled out from bytes; else undefined. */
export function byteNeedles(terms: readonly string[]): ByteNeedles | undefined {
  if (terms.length === 0) return undefined;
  let numbers = false;
  for (const t of terms) {
    if (!SAFE.test(t) || UNSAFE.test(t)) return undefined;
    numbers ||= NUMBER_PIECE.test(t) || 'null'.includes(t);
  }
  return { needles: [...new Set(terms)], numbers };
}

/**
 * Marks in `candidate` (indexed like `items`) the items from..to-1 whose line, inside `window`
 * (file bytes from `windowStart`), may contain one of the `needles` (lower-case) in its text:
 * those that have one in their bytes, ASCII case folded, or a sequence that may hide one (or,
 * for `numbers`, a number JSON.stringify may rewrite).
 */
export function markCandidates(
  window: Buffer,
  windowStart: number,
  items: ArrayLike<number>,
  from: number,
  to: number,
  offsetOf: (item: number) => number,
  lengthOf: (item: number) => number,
  { needles, numbers }: ByteNeedles,
  candidate: Uint8Array,
): void {
  // Searched as Latin-1 text (one character per byte, so positions agree) in blocks small enough
  // to be young garbage; a case-insensitive (non-unicode) RegExp folds ASCII letters only: no
  // other Latin-1 character matches an ASCII one.
  const overlap = Math.max(numbers ? 16 : 0, ...needles.map((n) => n.length)) - 1;
  let blockStart = -1;
  let block = '';
  const findNeedle = (re: RegExp, pos: number): number => {
    for (let b = pos - (pos % BLOCK); b < window.length; b += BLOCK) {
      if (b !== blockStart) {
        blockStart = b;
        block = window.toString('latin1', b, Math.min(window.length, b + BLOCK + overlap));
      }
      re.lastIndex = Math.max(0, pos - b);
      const at = re.exec(block)?.index;
      // A match that starts in the overlap is the next block's.
      if (at !== undefined && at < BLOCK) return b + at;
    }
    return -1;
  };
  const startOf = (k: number) => offsetOf(items[k]!) - windowStart;
  /** Marks the items whose line holds a match of `find` (matches come ascending; no pattern holds a "\n"). */
  const mark = (find: (at: number) => number) => {
    let next = from;
    for (let at = find(0); at !== -1; ) {
      // The first item whose line starts after the match: the one before it may hold it.
      let lo = next;
      let hi = to;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (startOf(mid) <= at) lo = mid + 1;
        else hi = mid;
      }
      const k = lo - 1;
      if (k >= next && at < startOf(k) + lengthOf(items[k]!)) {
        candidate[k] = 1;
        next = k + 1;
      } else next = lo;
      if (next >= to) return;
      at = find(Math.max(at + 1, startOf(next)));
    }
  };
  for (const needle of needles) {
    const re = needleRegExp(needle, 'g');
    mark((at) => findNeedle(re, at));
  }
  if (numbers) {
    const re = new RegExp(NUMBER_REWRITES);
    mark((at) => findNeedle(re, at));
  }
  for (const hide of HIDES) mark((at) => window.indexOf(hide, at));
}

/** markCandidates for one line: whether its text may hold one of the needles. */
export function lineMayHold(bytes: Buffer, { needles, numbers }: ByteNeedles): boolean {
  for (const hide of HIDES) if (bytes.includes(hide)) return true;
  const text = bytes.toString('latin1');
  for (const needle of needles) if (needleRegExp(needle, '').test(text)) return true;
  NUMBER_REWRITES.lastIndex = 0;
  return numbers && NUMBER_REWRITES.test(text);
}

const compiled = new Map<string, RegExp>();
/** A case-insensitive RegExp of the needle's characters, kept for the needles of the last searches. */
function needleRegExp(needle: string, flags: 'g' | ''): RegExp {
  const key = flags + needle;
  let re = compiled.get(key);
  if (!re) {
    if (compiled.size > 64) compiled.clear();
    re = new RegExp(needle.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), `${flags}i`);
    compiled.set(key, re);
  }
  return re;
}

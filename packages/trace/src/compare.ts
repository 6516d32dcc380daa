import { JSONPath } from 'jsonpath-plus';
import { MAX_JSON_DEPTH, ownValue, setOwn } from '@mcpscope/protocol';
import { expectedStringDifference, isVolatileKey, markMatches, volatileKey, type IgnoreReason } from './expected-differences.js';
import { capDepth, jsonEqual, TOO_DEEP } from './json-walk.js';

export interface Difference {
  /** JSON pointer into the response, e.g. /result/content/0/text */
  path: string;
  recorded: unknown;
  live: unknown;
}

/** A difference left out because it is expected (see expected-differences.ts): reported, not hidden. */
export interface IgnoredDifference extends Difference {
  reasons: IgnoreReason[];
}

export interface CompareOptions {
  /**
   * Paths the user expects to differ: JSONPath expressions (`$.result.content[*].text`) or JSON
   * pointers with `*` for any one segment (`/result/content/*\/text`, a subtree included), the
   * latter optionally for one request only (`tools/call echo|/result/…`, see markMatches).
   */
  ignore?: string[];
  /** The label of the request whose responses are compared (`tools/call echo`), for scoped marks. */
  scope?: string;
  /**
   * Ignore what is expected to differ between runs (default true): volatile keys, task ids,
   * timestamps and generated ids inside text, file:// roots. False compares everything.
   */
  defaults?: boolean;
}

export interface Comparison {
  differences: Difference[];
  ignored: IgnoredDifference[];
}

function pointersOf(value: unknown, paths: string[]): Set<string> {
  const out = new Set<string>();
  if (value === null || typeof value !== 'object' || paths.length === 0) return out;
  // On a depth-capped copy: jsonpath-plus recurses, and pointers past the cap are never compared anyway.
  const json = capDepth(value) as object;
  for (const path of paths) {
    for (const p of JSONPath({ path, json, resultType: 'pointer' }) as string[]) out.add(p);
  }
  return out;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Structural differences between a recorded and a live JSON value, and the ones left out as
 * expected (each with why). Keys are looked up as own properties only (a `constructor` key on
 * one side never meets Object.prototype on the other). Below MAX_JSON_DEPTH a differing subtree
 * is one difference, its values capped, so hostile nesting never overflows the stack.
 */
export function compareDetailed(recorded: unknown, live: unknown, opts: CompareOptions = {}): Comparison {
  const marks = opts.ignore ?? [];
  const jsonPaths = marks.filter((m) => m.startsWith('$'));
  const pointers = marks.filter((m) => !m.startsWith('$'));
  const marked = new Set([...pointersOf(recorded, jsonPaths), ...pointersOf(live, jsonPaths)]);
  const defaults = opts.defaults !== false;
  const differences: Difference[] = [];
  const ignored: IgnoredDifference[] = [];
  const ignore = (path: string, a: unknown, b: unknown, reasons: IgnoreReason[]) =>
    ignored.push({ path: path || '/', recorded: capDepth(a), live: capDepth(b), reasons });
  const walk = (a: unknown, b: unknown, path: string, depth: number): void => {
    if (a === b) return;
    if (marked.has(path) || pointers.some((p) => markMatches(p, opts.scope, path))) {
      if (!jsonEqual(a, b)) ignore(path, a, b, ['marked expected']);
      return;
    }
    const bothObjects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object';
    if (!bothObjects || Array.isArray(a) !== Array.isArray(b) || depth >= MAX_JSON_DEPTH) {
      if (jsonEqual(a, b)) return;
      const expected = defaults && typeof a === 'string' && typeof b === 'string' ? expectedStringDifference(a, b) : undefined;
      if (expected) ignore(path, a, b, expected);
      else differences.push({ path: path || '/', recorded: capDepth(a), live: capDepth(b) });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${path}/${i}`, depth + 1);
      return;
    }
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      const av = ownValue(ao, key);
      const bv = ownValue(bo, key);
      const reason = defaults ? volatileKey(key) : undefined;
      if (reason) {
        if (!jsonEqual(av, bv)) ignore(`${path}/${escapePointer(key)}`, av, bv, [reason]);
        continue;
      }
      walk(av, bv, `${path}/${escapePointer(key)}`, depth + 1);
    }
  };
  walk(recorded, live, '', 0);
  return { differences, ignored };
}

/** The differences alone (see compareDetailed). */
export function compareValues(recorded: unknown, live: unknown, opts: CompareOptions = {}): Difference[] {
  return compareDetailed(recorded, live, opts).differences;
}

/**
 * A stable text form of params for matching requests (volatile fields dropped, keys sorted,
 * every key kept as an own key, subtrees below MAX_JSON_DEPTH as TOO_DEEP).
 */
export function canonicalParams(params: unknown): string {
  const clean = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (depth > MAX_JSON_DEPTH) return TOO_DEEP;
    if (Array.isArray(v)) return v.map((x) => clean(x, depth + 1));
    const entries = Object.entries(v as Record<string, unknown>).filter(([k]) => !isVolatileKey(k));
    const out: Record<string, unknown> = {};
    for (const [k, val] of entries.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) setOwn(out, k, clean(val, depth + 1));
    return out;
  };
  return JSON.stringify(clean(params ?? {}, 1));
}

import type { FrameQuery, McpFrame } from '../types.js';

interface Asymmetric {
  asymmetricMatch(other: unknown): boolean;
}

const isAsymmetric = (v: unknown): v is Asymmetric =>
  typeof v === 'object' && v !== null && typeof (v as Asymmetric).asymmetricMatch === 'function';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Does `actual` have what `expected` says? Objects match partially (the given keys, recursively),
 * arrays element by element with the same length, regular expressions test strings, and
 * asymmetric matchers (`expect.any(String)`, `expect.arrayContaining`…) decide for themselves.
 * Keys are looked up as own properties: a message's `__proto__` or `constructor` is data.
 */
export function matchesPartially(actual: unknown, expected: unknown): boolean {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(actual);
  if (expected instanceof RegExp) return typeof actual === 'string' && expected.test(actual);
  if (Array.isArray(expected))
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matchesPartially(actual[i], e));
  if (isObject(expected))
    return isObject(actual) && Object.keys(expected).every((k) => Object.hasOwn(actual, k) && matchesPartially(actual[k], expected[k]));
  return Object.is(actual, expected);
}

const field = (frame: McpFrame, key: string): unknown => (frame.msg && Object.hasOwn(frame.msg, key) ? frame.msg[key] : undefined);

/** The frames of one direction that match the query (channel `server` unless it says `app`). */
export function framesMatching(frames: McpFrame[], dir: 'in' | 'out', query: FrameQuery): McpFrame[] {
  const channel = query.channel ?? 'server';
  return frames.filter((f) => {
    if (f.dir !== dir || f.channel !== channel) return false;
    if (query.method !== undefined && !matchesPartially(f.method, query.method)) return false;
    for (const key of ['params', 'result', 'error'] as const) {
      if (query[key] !== undefined && !matchesPartially(field(f, key), query[key])) return false;
    }
    if (query.origin !== undefined && !matchesPartially(f.origin, query.origin)) return false;
    if (query.app !== undefined && !matchesPartially(f.app, query.app)) return false;
    return true;
  });
}

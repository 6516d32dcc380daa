import { JSONPath } from 'jsonpath-plus';
import { MAX_JSON_DEPTH, ownValue, setOwn } from '@mcpscope/protocol';
import { capDepth, jsonEqual, TOO_DEEP } from './json-walk.js';

export interface Difference {
  /** JSON pointer into the response, e.g. /result/content/0/text */
  path: string;
  recorded: unknown;
  live: unknown;
}

export interface CompareOptions {
  /** JSONPath expressions of fields to ignore, in addition to the volatile defaults. */
  ignore?: string[];
}

/**
 * Fields that change from run to run without meaning anything: JSON-RPC ids, session ids,
 * timestamps, opaque request state, and the `_meta` envelope.
 */
const VOLATILE_KEYS = /^(id|_meta|sessionId|mcpSessionId|requestState|timestamp|time|date|createdAt|updatedAt|lastModified|expiresAt|nonce|etag)$/i;

function pointersOf(value: unknown, paths: string[]): Set<string> {
  const out = new Set<string>();
  if (value === null || typeof value !== 'object') return out;
  // On a depth-capped copy: jsonpath-plus recurses, and pointers past the cap are never compared anyway.
  const json = capDepth(value) as object;
  for (const path of paths) {
    for (const p of JSONPath({ path, json, resultType: 'pointer' }) as string[]) out.add(p);
  }
  return out;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Structural differences between a recorded and a live JSON value, volatile fields ignored.
 * Keys are looked up as own properties only (a `constructor` key on one side never meets
 * Object.prototype on the other). Below MAX_JSON_DEPTH a differing subtree is one difference,
 * its values capped, so hostile nesting never overflows the stack.
 */
export function compareValues(recorded: unknown, live: unknown, opts: CompareOptions = {}): Difference[] {
  const ignore = opts.ignore ?? [];
  const skip = new Set([...pointersOf(recorded, ignore), ...pointersOf(live, ignore)]);
  const diffs: Difference[] = [];
  const walk = (a: unknown, b: unknown, path: string, depth: number): void => {
    if (skip.has(path)) return;
    if (a === b) return;
    const bothObjects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object';
    if (!bothObjects || Array.isArray(a) !== Array.isArray(b) || depth >= MAX_JSON_DEPTH) {
      if (!jsonEqual(a, b)) diffs.push({ path: path || '/', recorded: capDepth(a), live: capDepth(b) });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${path}/${i}`, depth + 1);
      return;
    }
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      if (VOLATILE_KEYS.test(key)) continue;
      walk(ownValue(ao, key), ownValue(bo, key), `${path}/${escape(key)}`, depth + 1);
    }
  };
  walk(recorded, live, '', 0);
  return diffs;
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
    const entries = Object.entries(v as Record<string, unknown>).filter(([k]) => !VOLATILE_KEYS.test(k));
    const out: Record<string, unknown> = {};
    for (const [k, val] of entries.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) setOwn(out, k, clean(val, depth + 1));
    return out;
  };
  return JSON.stringify(clean(params ?? {}, 1));
}

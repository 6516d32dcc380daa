import { JSONPath } from 'jsonpath-plus';

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
  for (const path of paths) {
    for (const p of JSONPath({ path, json: value as object, resultType: 'pointer' }) as string[]) out.add(p);
  }
  return out;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Structural differences between a recorded and a live JSON value, volatile fields ignored. */
export function compareValues(recorded: unknown, live: unknown, opts: CompareOptions = {}): Difference[] {
  const ignore = opts.ignore ?? [];
  const skip = new Set([...pointersOf(recorded, ignore), ...pointersOf(live, ignore)]);
  const diffs: Difference[] = [];
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (skip.has(path)) return;
    if (a === b) return;
    const bothObjects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object';
    if (!bothObjects || Array.isArray(a) !== Array.isArray(b)) {
      if (JSON.stringify(a) !== JSON.stringify(b)) diffs.push({ path: path || '/', recorded: a, live: b });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${path}/${i}`);
      return;
    }
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      if (VOLATILE_KEYS.test(key)) continue;
      walk(ao[key], bo[key], `${path}/${escape(key)}`);
    }
  };
  walk(recorded, live, '');
  return diffs;
}

/** A stable text form of params for matching requests (volatile fields dropped, keys sorted). */
export function canonicalParams(params: unknown): string {
  const clean = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(clean);
    if (v === null || typeof v !== 'object') return v;
    const entries = Object.entries(v as Record<string, unknown>).filter(([k]) => !VOLATILE_KEYS.test(k));
    return Object.fromEntries(entries.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([k, val]) => [k, clean(val)]));
  };
  return JSON.stringify(clean(params ?? {}));
}

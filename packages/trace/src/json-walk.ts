import { MAX_JSON_DEPTH, setOwn } from '@mcpscope/protocol';

/** What replaces a subtree nested deeper than MAX_JSON_DEPTH in a redacted, capped or compared copy. */
export const TOO_DEEP = `[nested deeper than ${MAX_JSON_DEPTH} levels]`;

export interface JsonMapper {
  /** New text for a string value (return it unchanged to keep it). */
  string?(text: string): string;
  number?(value: number): unknown;
  key?(key: string): string;
  /** Replaces the whole value under an object key (return undefined to walk it normally). */
  member?(key: string, value: unknown, depth: number): unknown;
}

/**
 * A copy of a JSON value transformed by `mapper`, copy-on-write: any array or object in which
 * nothing changed is returned as is (so no change at all returns `value` itself). A container
 * nested deeper than `max` becomes TOO_DEEP, so this never recurses more than `max` levels and
 * never throws on hostile nesting. Never mutates the input.
 */
export function mapJson(value: unknown, mapper: JsonMapper, depth = 1, max = MAX_JSON_DEPTH): unknown {
  if (typeof value === 'string') return mapper.string ? mapper.string(value) : value;
  if (typeof value === 'number') return mapper.number ? mapper.number(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > max) return TOO_DEEP;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = mapJson(value[i], mapper, depth + 1, max);
      if (!out && v !== value[i]) out = value.slice(0, i);
      out?.push(v);
    }
    return out ?? value;
  }
  const entries = Object.entries(value);
  let changed = false;
  const mapped = entries.map(([key, v]): [string, unknown] => {
    const k = mapper.key ? mapper.key(key) : key;
    const replaced = mapper.member?.(key, v, depth + 1);
    const nv = replaced !== undefined ? replaced : mapJson(v, mapper, depth + 1, max);
    if (k !== key || nv !== v) changed = true;
    return [k, nv];
  });
  if (!changed) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of mapped) setOwn(out, k, v);
  return out;
}

/** `value` with every subtree deeper than `max` replaced by TOO_DEEP (itself when none is). */
export function capDepth<T>(value: T, max = MAX_JSON_DEPTH): T {
  return mapJson(value, {}, 1, max) as T;
}

/** JSON text of a value from untrusted input: too-deep subtrees capped first, so it never overflows the stack. */
export function safeStringify(value: unknown): string {
  return JSON.stringify(capDepth(value)) ?? 'null';
}

/** Structural equality of two JSON values, iterative (any nesting depth, own keys only). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const xk = Object.keys(x);
    const yk = Object.keys(y);
    if (xk.length !== yk.length) return false;
    for (const k of xk) {
      if (!Object.hasOwn(y, k)) return false;
      stack.push([(x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]]);
    }
  }
  return true;
}

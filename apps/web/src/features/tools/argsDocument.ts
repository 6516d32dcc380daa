import { applyEdits, findNodeAtLocation, modify, parseTree, type JSONPath } from 'jsonc-parser';

/**
 * The arguments of a call are ONE JSON text that both the form and the JSON editor edit.
 * The form changes it with minimal text edits (jsonc-parser `modify`), so switching between
 * the two views never re-serializes anything: unknown keys, key order (numeric-looking keys
 * included), number literals (`1.0`, `1e3`, 20-digit integers) and spacing stay exactly as
 * they were. Only the value at the edited path changes.
 */
export type ArgsPath = ReadonlyArray<string | number>;

export type ParsedArgs = { ok: true; value: unknown } | { ok: false; error: string };

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** Strict JSON (no comments or trailing commas: the text is what gets sent). */
export function parseArgs(text: string): ParsedArgs {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: `Invalid JSON: ${(err as Error).message}` };
  }
}

export function formatArgs(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}

/** Sets (or with `undefined`, removes) the value at `path`, creating missing parent objects. */
export function setArgAt(text: string, path: ArgsPath, value: unknown): string {
  const base = text.trim() === '' ? '{}' : text;
  if (path.length === 0) return value === undefined ? '{}' : formatArgs(value);
  return applyEdits(base, modify(base, path as JSONPath, value, FORMAT));
}

/** Inserts `value` into the array at `path` (at its end unless `index` is given). */
export function insertArgAt(text: string, path: ArgsPath, value: unknown, index?: number): string {
  const arr = getArgAt(text, path);
  if (!Array.isArray(arr)) return setArgAt(text, path, [value]);
  const at = index ?? arr.length;
  return applyEdits(text, modify(text, [...path, at] as JSONPath, value, { ...FORMAT, isArrayInsertion: true }));
}

export function removeArgAt(text: string, path: ArgsPath): string {
  if (!hasArgAt(text, path)) return text;
  return applyEdits(text, modify(text, path as JSONPath, undefined, FORMAT));
}

function nodeAt(text: string, path: ArgsPath) {
  const root = parseTree(text);
  if (!root) return undefined;
  return path.length === 0 ? root : findNodeAtLocation(root, path as JSONPath);
}

export function hasArgAt(text: string, path: ArgsPath): boolean {
  return nodeAt(text, path) !== undefined;
}

/** The value at `path`, parsed with JSON.parse from its exact text (so duplicates resolve as JSON.parse does). */
export function getArgAt(text: string, path: ArgsPath): unknown {
  const node = nodeAt(text, path);
  if (!node) return undefined;
  try {
    return JSON.parse(text.slice(node.offset, node.offset + node.length));
  } catch {
    return undefined;
  }
}

/** The literal text of a number (or any value) at `path`: "1.0" stays "1.0" in a number field. */
export function rawArgAt(text: string, path: ArgsPath): string | undefined {
  const node = nodeAt(text, path);
  return node ? text.slice(node.offset, node.offset + node.length) : undefined;
}

/**
 * Number literals that JavaScript cannot hold exactly (e.g. 12345678901234567890): they are
 * kept in the text, but whatever parses the request on the way (the proxy, the server's JSON
 * parser) will likely round them. Shown as a warning, not an error.
 */
export function inexactNumbers(text: string): string[] {
  const out: string[] = [];
  const re = /"(?:[^"\\]|\\.)*"|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
  for (const m of text.matchAll(re)) {
    const lit = m[1];
    if (lit === undefined) continue;
    const n = Number(lit);
    if (!Number.isFinite(n)) out.push(lit);
    else if (/^-?\d+$/.test(lit) && !Number.isSafeInteger(n)) out.push(lit);
    else if (
      /[.eE]/.test(lit) &&
      lit
        .replace(/^-/, '')
        .replace(/[.eE].*$/, '')
        .replace(/^0+/, '').length +
        (lit.split(/[eE]/)[0].split('.')[1]?.length ?? 0) >
        17
    )
      out.push(lit);
  }
  return out;
}

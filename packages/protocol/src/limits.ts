/**
 * Limits applied where untrusted JSON enters (a server's messages, trace files, WS bodies).
 * Anything deeper than MAX_JSON_DEPTH is refused at the boundary, so code past it (redaction,
 * rules, JSON.stringify, React) may recurse without a stack overflow.
 */

/** Deepest nesting of arrays/objects accepted from untrusted input. Real JSON Schemas stay far below. */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether the JSON text nests arrays/objects deeper than `max`. A linear scan of the text
 * (brackets inside strings do not count), so a hostile line is rejected before it is parsed.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** Whether an already parsed value nests deeper than `max` (iterative: never overflows the stack). */
export function valueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** `obj[key]` for an own property only: a server-controlled key never reaches Object.prototype. */
export function ownValue<T>(obj: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Sets `obj[key]` as an own, enumerable property, even for "__proto__" (JSON.parse semantics). */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

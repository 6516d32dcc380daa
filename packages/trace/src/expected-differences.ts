/**
 * What is expected to differ between two runs of the same requests, and why: a replay or a
 * compare that flags these cries wolf (a timestamp in a tool's text, a new task id). Each rule
 * names its reason; a compare reports what it ignored under it, so nothing is hidden.
 */
export type IgnoreReason =
  /** A key whose value is per-run by nature (`id`, `_meta`, `sessionId`, `createdAt`…). */
  | 'volatile key'
  | 'task id'
  | 'timestamp in text'
  | 'generated id in text'
  /** The client's own roots (file:// URIs of where mcpscope runs), as a server repeats them. */
  | 'roots'
  /** A path the user marked as expected to differ. */
  | 'marked expected';

/** Keys whose values change from run to run without meaning anything. */
const VOLATILE_KEYS =
  /^(id|_meta|sessionId|mcpSessionId|requestState|timestamp|time|date|createdAt|updatedAt|lastUpdatedAt|lastModified|expiresAt|nonce|etag)$/i;
/** A task's id is the server's choice (2025-11-25 basic/utilities/tasks): a new one each run. */
const TASK_KEYS = /^(taskId|relatedTaskId)$/;

/** Why a key's values are expected to differ, or undefined. */
export function volatileKey(key: string): IgnoreReason | undefined {
  if (TASK_KEYS.test(key)) return 'task id';
  if (VOLATILE_KEYS.test(key)) return 'volatile key';
  return undefined;
}

/** Is a key ignored when matching requests by params (canonicalParams)? */
export const isVolatileKey = (key: string): boolean => volatileKey(key) !== undefined;

interface Normalizer {
  reason: IgnoreReason;
  pattern: RegExp;
}

/**
 * Tokens replaced before two strings are compared again. Order matters: a UUID is replaced
 * before a clock time could match inside it. Each pattern is linear (no nested quantifiers),
 * so a hostile string costs its length.
 */
const NORMALIZERS: readonly Normalizer[] = [
  { reason: 'roots', pattern: /file:\/\/[^\s"'<>)\]]*/g },
  { reason: 'generated id in text', pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi },
  { reason: 'timestamp in text', pattern: /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g },
  { reason: 'timestamp in text', pattern: /\b\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:\s?[AP]M)?\b/gi },
  { reason: 'timestamp in text', pattern: /\b1\d{12}\b/g },
  { reason: 'generated id in text', pattern: /\b[0-9a-f]{24,}\b/gi },
];

/** Strings longer than this are compared as they are (normalizing them costs too much for a diff). */
const MAX_NORMALIZED = 200_000;

/**
 * Why two different strings are the same but for tokens expected to differ (a timestamp, a
 * generated id, a file:// root), or undefined when they differ otherwise.
 */
export function expectedStringDifference(a: string, b: string): IgnoreReason[] | undefined {
  if (a.length > MAX_NORMALIZED || b.length > MAX_NORMALIZED) return undefined;
  let x = a;
  let y = b;
  const reasons: IgnoreReason[] = [];
  for (const { reason, pattern } of NORMALIZERS) {
    const nx = x.replace(pattern, '\u0000');
    const ny = y.replace(pattern, '\u0000');
    if ((nx !== x || ny !== y) && !reasons.includes(reason)) reasons.push(reason);
    x = nx;
    y = ny;
    if (x === y) break;
  }
  return x === y && reasons.length > 0 ? reasons : undefined;
}

/**
 * A user's mark: a JSON pointer where `*` stands for any one segment (`/result/content/*\/text`,
 * a subtree included), optionally scoped to one request by its label
 * (`tools/call echo|/result/content/0/text`: only that request's response). JSONPath marks
 * (`$.…`) are matched by compare.ts.
 */
export function markMatches(mark: string, scope: string | undefined, pointer: string): boolean {
  const cut = mark.lastIndexOf('|/');
  if (cut >= 0) return mark.slice(0, cut) === scope && pointerMatches(mark.slice(cut + 1), pointer);
  return pointerMatches(mark, pointer);
}

/** The mark for one request's pointer (see markMatches). */
export const scopedMark = (scope: string, pointer: string): string => `${scope}|${pointer}`;

export function pointerMatches(pattern: string, pointer: string): boolean {
  if (!pattern.startsWith('/')) return false;
  const want = pattern.split('/');
  const got = pointer.split('/');
  if (want.length > got.length) return false;
  return want.every((part, i) => part === '*' || part === got[i]);
}

/** The JSON pointer of a difference, with its array indexes as `*`: a mark that holds for every item. */
export function anyIndexPointer(pointer: string): string {
  return pointer
    .split('/')
    .map((part, i) => (i > 0 && /^\d+$/.test(part) ? '*' : part))
    .join('/');
}

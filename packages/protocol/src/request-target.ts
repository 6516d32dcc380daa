import { isRecord } from './is-record.js';
/**
 * What a request acts on, to name it next to its method: `tools/call echo`,
 * `resources/read file:///…`, `prompts/get greeting`. The params come from the server or a
 * trace (untrusted): only own string fields are read, control and bidi characters are
 * replaced, and the text is capped.
 */
export const MAX_TARGET = 120;

const stringAt = (o: unknown, key: string): string | undefined =>
  isRecord(o) && Object.hasOwn(o, key) && typeof o[key] === 'string' ? o[key] : undefined;

/** The params field that names the target, by method. */
const TARGET_FIELD = new Map<string, string>([
  ['tools/call', 'name'],
  ['prompts/get', 'name'],
  ['resources/read', 'uri'],
  ['resources/subscribe', 'uri'],
  ['resources/unsubscribe', 'uri'],
  ['tasks/get', 'taskId'],
  ['tasks/result', 'taskId'],
  ['tasks/cancel', 'taskId'],
  ['logging/setLevel', 'level'],
]);

const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

export function requestTarget(method: string, params: unknown): string | undefined {
  let raw: string | undefined;
  if (method === 'completion/complete') {
    const ref = isRecord(params) && Object.hasOwn(params, 'ref') ? params.ref : undefined;
    raw = stringAt(ref, 'name') ?? stringAt(ref, 'uri');
  } else {
    const field = TARGET_FIELD.get(method);
    raw = field ? stringAt(params, field) : undefined;
  }
  if (raw === undefined) return undefined;
  return clean(raw);
}

function clean(text: string): string | undefined {
  // Cut before replacing: a huge string costs no more than the cap.
  let cut = text.length > MAX_TARGET ? text.slice(0, MAX_TARGET - 1) : text;
  // Do not leave half of a surrogate pair at the cut.
  if (cut.length < text.length && /[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  const shown = cut.replace(HIDDEN, '\ufffd').trim();
  if (!shown) return undefined;
  return cut.length < text.length ? `${shown}…` : shown;
}

/** The label of a request row: the method, and its target when it has one. */
export function requestLabel(method: string, target: string | undefined): string {
  return target ? `${method} ${target}` : method;
}

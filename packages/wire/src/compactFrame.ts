import type { FrameEvent } from '@mcpscope/protocol';

/**
 * The compact row of a frame on /ws. A log flood is ~1 KB a notification and the browser's cost
 * of receiving it is native (proportional to the bytes), so the big notifications a server sends
 * go as a row: the event's envelope (seq, t, dir, size, pair, findings, origin…) unchanged and a
 * `msg` that keeps only what the Frames list, its filters and indices, the Notifications view and
 * the counts read: jsonrpc, method and the params' top-level fields, each scalar kept, each
 * string or nested value cut to a short preview. The browser fetches the whole event by seq
 * (GET /api/sessions/:id/events) when the frame is shown.
 *
 * Which frames: server notifications (`dir: in`, no id) of COMPACT_METHODS above
 * COMPACT_ABOVE_BYTES. Requests and responses always go whole: pairing, the tool catalogue,
 * capabilities, results, tasks and the Compare/replay views read their bodies.
 */
export const COMPACT_ABOVE_BYTES = 512;
/** Notifications whose bodies no view reads beyond a preview of their params. */
export const COMPACT_METHODS: ReadonlySet<string> = new Set(['notifications/message', 'notifications/progress']);
/** The longest preview of one param (a string, or the JSON of a nested value). */
export const PREVIEW_CHARS = 160;
/** Params kept by name; the rest are left to the whole event. */
const MAX_PARAMS = 16;

export function shouldCompact(event: FrameEvent): boolean {
  const msg = event.msg;
  return (
    event.size > COMPACT_ABOVE_BYTES &&
    event.dir === 'in' &&
    event.channel === undefined &&
    msg !== undefined &&
    !Object.hasOwn(msg, 'id') &&
    typeof (msg as { method?: unknown }).method === 'string' &&
    COMPACT_METHODS.has((msg as { method: string }).method)
  );
}

/**
 * The start of `value`'s JSON text, built no further than `max` characters (a nested value may
 * be megabytes, and the row is made for every big notification of a flood): past `max` it stops.
 * The value is parsed JSON (no cycles); nesting deeper than `max` cannot add text before the cut.
 */
export function jsonPreview(value: unknown, max: number): string {
  let text = '';
  const put = (s: string): boolean => {
    text += s;
    return text.length < max;
  };
  const walk = (v: unknown): boolean => {
    if (v === null || typeof v === 'boolean') return put(String(v));
    if (typeof v === 'number') return put(Number.isFinite(v) ? String(v) : 'null');
    if (typeof v === 'string') return put(JSON.stringify(v.length > max ? v.slice(0, max) : v));
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !put(',')) || !walk(v[i] ?? null)) return false;
      return put(']');
    }
    if (typeof v !== 'object') return put('null');
    if (!put('{')) return false;
    let first = true;
    for (const key of Object.keys(v)) {
      if (
        (!first && !put(',')) ||
        !put(`${JSON.stringify(key.length > max ? key.slice(0, max) : key)}:`) ||
        !walk((v as Record<string, unknown>)[key])
      )
        return false;
      first = false;
    }
    return put('}');
  };
  walk(value);
  return text;
}

/**
 * The JSON text of `event`'s compact row (compactFrame is its parse), or undefined when it goes
 * whole. Written straight from the event, with no row object in between (it is made for every
 * big notification of a flood), and ASCII only: a character past 0x7f (the preview's `…`, a
 * server's non-English text) is written as its `\u` escape. One such character makes a
 * JavaScript string two bytes a character, and every later step of a batch holding it (joining,
 * the UTF-8 length and copy the socket write makes, the tab's parse) then ran several times
 * slower (bench/proxy-flood.mjs: Buffer.byteLength alone 0.5 s of a 100k flood).
 */
export function compactFrameJson(event: FrameEvent): string | undefined {
  if (!shouldCompact(event)) return undefined;
  let text = '{';
  for (const key of Object.keys(event)) {
    if (key === 'msg' || key === 'compact') continue;
    const value = (event as unknown as Record<string, unknown>)[key];
    if (value !== undefined) text += `${JSON.stringify(key)}:${asciiJson(JSON.stringify(value))},`;
  }
  const msg = event.msg as { method: string; params?: unknown };
  text += `"msg":{"jsonrpc":"2.0","method":${JSON.stringify(msg.method)},"params":{`;
  if (msg.params !== null && typeof msg.params === 'object' && !Array.isArray(msg.params)) {
    let n = 0;
    for (const key of Object.keys(msg.params)) {
      if (n >= MAX_PARAMS) break;
      // JSON.parse makes `__proto__` an own key, as compactFrame's defineProperty does.
      text += `${n++ > 0 ? ',' : ''}${asciiJson(JSON.stringify(key))}:${previewJson((msg.params as Record<string, unknown>)[key])}`;
    }
  }
  return `${text}}},"compact":true}`;
}

/**
 * A param's preview as ASCII JSON text: a scalar as it is, a string or the JSON of a nested value
 * cut to PREVIEW_CHARS and ended with `…` (written as its escape, never as itself).
 */
function previewJson(value: unknown): string {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  const text = typeof value === 'string' ? value : jsonPreview(value, PREVIEW_CHARS + 1);
  if (text.length <= PREVIEW_CHARS) return asciiJson(JSON.stringify(text));
  return `${asciiJson(JSON.stringify(text.slice(0, PREVIEW_CHARS))).slice(0, -1)}\\u2026"`;
}

const HAS_NON_ASCII = /[^\x00-\x7f]/;
const EVERY_NON_ASCII = /[^\x00-\x7f]/g;
const escapeChar = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text with every character past 0x7f as its `\u` escape (the same value when parsed).
 * Such characters occur only inside JSON strings, where an escape stands for them.
 */
export function asciiJson(json: string): string {
  return HAS_NON_ASCII.test(json) ? json.replace(EVERY_NON_ASCII, escapeChar) : json;
}

/**
 * The row of `event` when it goes compact, else `event` itself (the same object): the parse of
 * compactFrameJson, the one place the row is made (JSON.parse keeps a `__proto__` key as data).
 */
export function compactFrame(event: FrameEvent): FrameEvent {
  const text = compactFrameJson(event);
  return text === undefined ? event : (JSON.parse(text) as FrameEvent);
}

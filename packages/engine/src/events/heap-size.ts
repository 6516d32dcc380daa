import type { SessionEvent } from '@mcpscope/protocol';
import { isRecord } from '@mcpscope/protocol';

/**
 * What an event held in the engine's memory window costs on the V8 heap, estimated by walking it
 * once as it arrives (the window's budget is in these bytes). The wire size alone is not it: a
 * key-dense result (a tools/list) takes ~1.9× its JSON on the heap, a finding on every frame of a
 * flood ~470 B more, non-Latin-1 text 2 bytes a character.
 *
 * Calibration (Node 20, pointer compression; `node --expose-gc`, heapUsed after GC over 10,000
 * frames through EventLog, unbounded): measured heap per event ÷ this estimate (÷ eventSize) —
 *   notification, 100 B string data      0.94 (0.97)   tools/call + 100 B text result     1.00 (1.15)
 *   notification, 1 KB string data       0.99 (0.99)   tools/call + 1 KB text result      1.00 (1.07)
 *   notification, 100 KB string data     1.00 (1.00)   tools/list-like result, 1 KB       1.03 (1.55)
 *   1 KB notification + a lint finding   0.98 (1.32)   tools/list-like result, 100 KB     1.01 (1.77)
 *   1 KB CJK text (two-byte string)      0.98 (0.76)
 * and 4,000 echo calls through an Engine session on the demo server (2026 era, the SDK's `_meta`
 * envelope on every request): 1,063 B real per call, 1,135 B accounted (0.94).
 * `node bench/live-memory-engine.mjs --matrix` measures heap growth against the budget.
 * The protocol's `eventSize` (wire size + 256) stays what the browser counts.
 */

/** The event object, its slots in the window's arrays, its seq/t numbers, pairer/lint entries. */
const EVENT_OVERHEAD = 200;
/** A JSON.parse object: header, map share, and per property an in-object slot. */
const OBJECT = 20;
const ARRAY = 16;
const SLOT = 4;
/** A string: header + hash; a heap number (not a small integer). */
const STRING = 16;
const HEAP_NUMBER = 12;
/** Deeper than the boundary's nesting cap (256) cannot reach here; stop counting rather than recurse. */
const MAX_DEPTH = 300;
/** Strings longer than this are checked for two-byte characters (shorter ones are taken as one-byte). */
const CHECK_WIDE = 32;
const WIDE = /[^\u0000-\u00ff]/;

function stringBytes(s: string): number {
  const wide = s.length > CHECK_WIDE && WIDE.test(s);
  return STRING + (wide ? 2 * s.length : s.length);
}

/** Heap bytes of a JSON value (what JSON.parse makes of it). */
export function valueBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number') return (value | 0) === value ? 0 : HEAP_NUMBER;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return 0;
  if (Array.isArray(value)) {
    let bytes = ARRAY + SLOT * value.length;
    for (const item of value) bytes += valueBytes(item, depth + 1);
    return bytes;
  }
  let bytes = OBJECT;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    // Keys are internalized (shared by every object with the same shape); the slot is not.
    bytes += SLOT + valueBytes(record[key], depth + 1);
  }
  return bytes;
}

/**
 * Objects under an outgoing request's `params._meta` counted once: the SDK puts the same
 * clientInfo and capabilities objects in the 2026 envelope of every request (~600 B each time
 * by walking; 0 B on the heap). Entries go with their objects.
 */
const sharedMeta = new WeakSet<object>();

function metaBytes(meta: Record<string, unknown>): number {
  let bytes = OBJECT;
  for (const key in meta) {
    const value = meta[key];
    bytes += SLOT;
    if (typeof value === 'object' && value !== null) {
      if (sharedMeta.has(value)) continue;
      sharedMeta.add(value);
    }
    bytes += valueBytes(value, 2);
  }
  return bytes;
}

/** An outgoing message: its `params._meta` by metaBytes, the rest by valueBytes. */
function outgoingBytes(msg: Record<string, unknown>): number {
  const params = msg.params;
  if (!isRecord(params) || !isRecord(params._meta)) return valueBytes(msg);
  let bytes = OBJECT + OBJECT;
  for (const key in msg) bytes += SLOT + (key === 'params' ? 0 : valueBytes(msg[key], 1));
  for (const key in params) bytes += SLOT + (key === '_meta' ? metaBytes(params._meta) : valueBytes(params[key], 1));
  return bytes;
}

/** Heap bytes of one event: its message or kept text, findings, pairing and origin, plus the envelope. */
export function heapSize(event: SessionEvent): number {
  if (event.type !== 'frame') return EVENT_OVERHEAD + valueBytes(event);
  const message =
    event.raw !== undefined
      ? stringBytes(event.raw)
      : event.dir === 'out' && isRecord(event.msg)
        ? outgoingBytes(event.msg)
        : valueBytes(event.msg);
  let bytes = EVENT_OVERHEAD + message;
  if (event.findings) bytes += valueBytes(event.findings);
  if (event.pair) bytes += valueBytes(event.pair);
  if (event.origin) bytes += valueBytes(event.origin);
  return bytes;
}

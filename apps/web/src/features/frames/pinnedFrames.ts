import { z } from 'zod';
import { readLocalJson, writeLocalJson } from '../../lib/localJson';
import { createValueStore } from '../../lib/valueStore';

/**
 * Frames pinned to the top of the frame log, per session. Each pin keeps the frame's ordinal
 * (to page it back when it left memory) and what its strip row shows, so the strip renders
 * without the frame. Remembered in localStorage: a reload of the page (same proxy, same
 * session ids) keeps them; the least recently used session's pins are forgotten first.
 */
const KEY = 'mcpscope.frames.pins.v1';
export const MAX_PINS_PER_SESSION = 100;
const SESSION_LIMIT = 20;
const MAX_TEXT = 200;

const PinSchema = z.object({
  seq: z.number().int().nonnegative(),
  /** The frame's ordinal in the session (-1: unknown). */
  index: z.number().int().min(-1),
  dir: z.enum(['in', 'out']),
  kind: z.string().max(MAX_TEXT),
  method: z.string().max(MAX_TEXT),
  t: z.number(),
});
export type Pin = z.infer<typeof PinSchema>;

/** [sessionId, pins] pairs: a session id may come from a trace, so it is never an object key. */
const StoredSchema = z.array(z.tuple([z.string().max(MAX_TEXT), z.array(PinSchema).max(MAX_PINS_PER_SESSION)])).max(SESSION_LIMIT);
type Pins = ReadonlyMap<string, readonly Pin[]>;

export const pinStore = createValueStore<Pins>(new Map(readLocalJson(KEY, StoredSchema, [])));

const NONE: readonly Pin[] = [];

/** The pins of one session, in seq order. */
export function pinsOf(pins: Pins, sessionId: string | null): readonly Pin[] {
  return (sessionId !== null && pins.get(sessionId)) || NONE;
}

function save(sessionId: string, list: readonly Pin[]): void {
  const next = new Map(pinStore.getSnapshot());
  next.delete(sessionId); // re-inserted last: the most recently used session
  if (list.length > 0) next.set(sessionId, list);
  while (next.size > SESSION_LIMIT) next.delete(next.keys().next().value as string);
  pinStore.set(next);
  writeLocalJson(KEY, [...next]);
}

/** Pins or unpins; returns whether the frame is pinned now. Beyond the limit the lowest seq is unpinned. */
export function togglePin(sessionId: string, pin: Pin): boolean {
  const list = pinsOf(pinStore.getSnapshot(), sessionId);
  if (list.some((p) => p.seq === pin.seq)) {
    save(
      sessionId,
      list.filter((p) => p.seq !== pin.seq),
    );
    return false;
  }
  const clipped = { ...pin, kind: pin.kind.slice(0, MAX_TEXT), method: pin.method.slice(0, MAX_TEXT) };
  const kept = list.length >= MAX_PINS_PER_SESSION ? list.slice(list.length - MAX_PINS_PER_SESSION + 1) : list;
  save(
    sessionId,
    [...kept, clipped].sort((a, b) => a.seq - b.seq),
  );
  return true;
}

export function unpin(sessionId: string, seq: number): void {
  const list = pinsOf(pinStore.getSnapshot(), sessionId);
  if (list.some((p) => p.seq === seq))
    save(
      sessionId,
      list.filter((p) => p.seq !== seq),
    );
}

export function clearPins(sessionId: string): void {
  save(sessionId, NONE);
}

/** The session was removed: its pins go with it (from this page and from localStorage). */
export function forgetPins(sessionId: string): void {
  if (pinStore.getSnapshot().has(sessionId)) clearPins(sessionId);
}

import type { SessionEvent } from './events.js';

/** Default per-session memory budget in bytes (`--memory-budget 32`), in the engine and the browser. */
export const DEFAULT_MEMORY_BUDGET = 32 * 1024 * 1024;

/**
 * What an event is taken to cost in memory, the same estimate in the engine and the browser:
 * a frame its wire size + 256 (a raw frame the text it keeps, which may be cut short of the
 * wire size), any other event its JSON + 64 (computed once, on arrival).
 */
export function eventSize(event: SessionEvent): number {
  if (event.type !== 'frame') return JSON.stringify(event).length + 64;
  return (event.raw === undefined ? event.size : event.raw.length) + 256;
}

import { setFlagsFromString } from 'node:v8';

// A live session keeps its newest events in memory (the event window, 32 MiB by default) and
// moves older ones to disk: under a flood, every event lives a while, reaches the old generation
// and dies there. V8 sets the next old-generation limit to the live size times a factor it
// derives from GC and allocation speed, up to 4 when allocation is fast: a 100k-notification
// flood (46 MiB live after GC) left ~170 MiB of old space committed and the process at ~320 MiB
// RSS for a 32 MiB budget. A factor of 2 (V8's --heap-growing-percent=100) keeps it at ~205 MiB
// for ~10% more CPU in the flood (bench/README.md, "Memory bounded by bytes"). A quiet session is
// below the minimum limit V8 starts with either way.

/** Percent the old generation may grow past what a full GC left alive (V8: factor 1 + p/100). */
export const OLD_GENERATION_GROWTH_PERCENT = 100;

/** A user who tunes V8's heap growth (`node --heap-growing-percent=… mcpscope`) keeps their setting. */
function userTunesIt(): boolean {
  return [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => /heap[-_]growing/.test(arg));
}

let limited = false;

/** For launch (the UI keeps every session's event window): the old generation grows at most 2× what a full GC left alive. */
export function limitOldGenerationGrowth(): void {
  if (limited || userTunesIt()) return;
  limited = true;
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
}

import { setFlagsFromString } from 'node:v8';

// Launch's V8 heap settings, made at run time (setFlagsFromString): the young generation during
// start-up (idle RSS) and the old generation's growth under a flood (peak RSS).

// Start-up allocates a burst of long-lived objects (the modules' code and top-level values: the
// SDK's and our zod schemas, Fastify's routes…). V8 reads that as a high survival rate and grows
// the young generation to its maximum (two 8 MiB semi-spaces on a 64-bit Node 20/22), which then
// stays committed, and resident, for the whole life of an idle UI: ~6–10 MiB of an 80 MiB RSS for
// objects that belong in the old generation anyway. So launch holds the young generation at its
// initial size during start-up and lets it grow again afterwards (V8's default factor, 2): a busy
// session (a flood of events) grows it as before.

/** V8's default --semi-space-growth-factor (Node 20 and 22). */
const V8_DEFAULT_GROWTH = 2;

/**
 * Whether the user set a V8 flag matching `flag` (`node --max-semi-space-size=… mcpscope`, or in
 * NODE_OPTIONS): a user who tunes the heap keeps their setting.
 */
function userSets(flag: RegExp): boolean {
  return [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => flag.test(arg));
}

let held = false;

export function holdYoungGeneration(): void {
  if (held || userSets(/semi[-_]space/)) return;
  held = true;
  setFlagsFromString('--semi-space-growth-factor=1');
}

export function releaseYoungGeneration(): void {
  if (!held) return;
  held = false;
  setFlagsFromString(`--semi-space-growth-factor=${V8_DEFAULT_GROWTH}`);
}

// A live session keeps its newest events in memory (the event window, 32 MiB by default) and
// moves older ones to disk: under a flood, every event lives a while, reaches the old generation
// and dies there. V8 sets the next old-generation limit to the live size times a factor it
// derives from GC and allocation speed, up to 4 when allocation is fast: a 100k-notification
// flood (46 MiB live after GC) left ~170 MiB of old space committed and the process at ~320 MiB
// RSS for a 32 MiB budget. A factor of 2 (V8's --heap-growing-percent=100) kept it at ~205 MiB
// for ~10% more CPU in the flood (bench/README.md, "Live memory bounded by bytes"); 1.5 keeps it
// at ~170 MiB for no measurable CPU in a 100k flood, and a 1M flood with a stalled tab (the proxy
// also holds that tab's queue) under 350 MiB where 2 took ~365. A quiet session is below the
// minimum limit V8 starts with either way.

/** Percent the old generation may grow past what a full GC left alive (V8: factor 1 + p/100). */
export const OLD_GENERATION_GROWTH_PERCENT = 50;

let limited = false;

/** For launch (the UI keeps every session's event window): the old generation grows at most 2× what a full GC left alive. */
export function limitOldGenerationGrowth(): void {
  if (limited || userSets(/heap[-_]growing/)) return;
  limited = true;
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
}

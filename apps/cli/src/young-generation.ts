import { setFlagsFromString } from 'node:v8';

// Start-up allocates a burst of long-lived objects (the modules' code and top-level values: the
// SDK's and our zod schemas, Fastify's routes…). V8 reads that as a high survival rate and grows
// the young generation to its maximum (two 8 MiB semi-spaces on a 64-bit Node 20/22), which then
// stays committed, and resident, for the whole life of an idle UI: ~6–10 MiB of an 80 MiB RSS for
// objects that belong in the old generation anyway. So launch holds the young generation at its
// initial size during start-up and lets it grow again afterwards (V8's default factor, 2): a busy
// session (a flood of events) grows it as before.

/** V8's default --semi-space-growth-factor (Node 20 and 22). */
const V8_DEFAULT_GROWTH = 2;

/** A user who tunes the young generation (`node --max-semi-space-size=… mcpscope`) keeps their setting. */
function userTunesIt(): boolean {
  return [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes('semi-space') || arg.includes('semi_space'));
}

let held = false;

export function holdYoungGeneration(): void {
  if (held || userTunesIt()) return;
  held = true;
  setFlagsFromString('--semi-space-growth-factor=1');
}

export function releaseYoungGeneration(): void {
  if (!held) return;
  held = false;
  setFlagsFromString(`--semi-space-growth-factor=${V8_DEFAULT_GROWTH}`);
}

// Runs one measurement on several builds of mcpscope, interleaved (the order alternating every
// run), and writes the medians with their spread: what connect-timeline.mjs and
// launch-timeline.mjs share.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { stat } from './stats.mjs';

/** `label=path/to/mcpscope.js` (or a bare path, its own label) → { label, cli }. */
export const buildsOf = (specs) =>
  specs.map((spec) => {
    const at = spec.indexOf('=');
    return at === -1 ? { label: spec, cli: resolve(spec) } : { label: spec.slice(0, at), cli: resolve(spec.slice(at + 1)) };
  });

/**
 * `measure(cli)` resolves to one run's numbers ({ name: ms }); `runs` rounds of every build.
 * Writes { date, runs, cpu, load, node, builds, summary } to `out` and prints the medians.
 */
export async function runInterleaved({ builds, runs, measure, out }) {
  const samples = Object.fromEntries(builds.map((b) => [b.label, []]));
  const loadBefore = loadavg();
  for (let i = 0; i < runs; i++) {
    for (const { label, cli } of i % 2 ? [...builds].reverse() : builds) {
      const row = await measure(cli);
      samples[label].push(row);
      const shown = Object.entries(row).map(([k, v]) => `${k} ${Math.round(v)}`);
      console.log(`run ${i + 1}/${runs} ${label}: ${shown.join(', ')}`);
    }
  }
  const summary = Object.fromEntries(
    Object.entries(samples).map(([label, rows]) => [
      label,
      Object.fromEntries(Object.keys(rows[0]).map((k) => [k, stat(rows.map((r) => r[k]))])),
    ]),
  );
  mkdirSync(dirname(out), { recursive: true });
  const cpu = `${cpus().length} × ${cpus()[0]?.model}`;
  const result = { date: new Date().toISOString(), runs, cpu, loadBefore, loadAfter: loadavg(), node: process.version, builds, summary };
  writeFileSync(out, `${JSON.stringify(result, null, 1)}\n`);
  for (const [label, s] of Object.entries(summary)) {
    const shown = Object.entries(s).map(([k, v]) => `${k} ${Math.round(v.median)} (${Math.round(v.min)}–${Math.round(v.max)})`);
    console.log(`${label}: ${shown.join(', ')}`);
  }
  console.log(`written: ${out}`);
  return summary;
}

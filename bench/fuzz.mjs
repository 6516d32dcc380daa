// Server-side fuzz figures: the real CLI (launch, call, check, lint, wrap) against
// hostile stdio and Streamable HTTP servers, seed by seed, plus hostile trace files for lint/open.
// Writes results/fuzz-<date>.json and prints a summary. `node bench/fuzz.mjs --seeds 20 --count 100`
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fuzzCli, fuzzTraces } from '../packages/engine/test-fixtures/hostile/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '20' }, count: { type: 'string', default: '100' }, cli: { type: 'string' } },
});
const cli = values.cli ?? join(here, '..', 'apps', 'cli', 'dist', 'mcpscope.js');
const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => i + 1);
const work = mkdtempSync(join(tmpdir(), 'mcpscope-fuzz-bench-'));
process.env.XDG_DATA_HOME = join(work, 'data');
const started = performance.now();
const result = await fuzzCli({
  cli,
  seeds,
  count: Number(values.count),
  workDir: work,
  onRun: (r) => r.crashed && console.error(`CRASH ${r.target} seed ${r.seed}\n${r.stderrTail}`),
});
const traces = await fuzzTraces({
  cli,
  seeds: seeds.slice(0, 5),
  workDir: work,
  bigLineBytes: 1024 * 1024 * 1024,
  onRun: (r) => r.crashed && console.error(`CRASH ${r.target} seed ${r.seed}\n${r.stderrTail}`),
});
result.runs.push(...traces.runs);
result.crashes += traces.crashes;
const seconds = Math.round((performance.now() - started) / 100) / 10;
rmSync(work, { recursive: true, force: true });

const byTarget = {};
for (const r of result.runs) {
  const t = (byTarget[r.target] ??= { runs: 0, crashes: 0, ms: [] });
  t.runs++;
  t.crashes += r.crashed ? 1 : 0;
  t.ms.push(r.ms);
}
const date = new Date().toISOString().slice(0, 10);
const out = {
  date,
  node: process.version,
  seeds: seeds.length,
  perStream: Number(values.count),
  messages: result.messages,
  traces: traces.traces,
  ranRecordedCommand: traces.ranRecorded,
  runs: result.runs.length,
  crashes: result.crashes,
  seconds,
  byTarget,
};
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', `fuzz-${date}.json`), `${JSON.stringify(out, null, 2)}\n`);
console.log(
  `fuzz ${date}: ${seeds.length} seeds, ${result.messages} hostile messages, ${traces.traces} crafted traces (a 1 GiB line among them), ${result.runs.length} CLI runs, ${result.crashes} crashes, recorded command run: ${traces.ranRecorded}, ${seconds} s`,
);
for (const [target, t] of Object.entries(byTarget)) {
  const ms = t.ms.sort((a, b) => a - b);
  console.log(
    `  ${target.padEnd(11)} runs ${t.runs}, crashes ${t.crashes}, ms min/median/max ${ms[0]}/${ms[Math.floor(ms.length / 2)]}/${ms[ms.length - 1]}`,
  );
}
process.exit(result.crashes === 0 ? 0 : 1);

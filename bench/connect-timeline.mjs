// Where a cold `connect --demo` spends its time: builds interleaved (the order alternating every
// run), each run in a data dir of its own (no mcpscope running), times in ms from `connect`'s
// spawn: the session created in the background mcpscope, its handshake's first request sent and
// last answer read (the session's own event times), the background announced (its registry file
// written: its API listens), `connect` exited.
//   node bench/connect-timeline.mjs [--runs 12] [--cli label=path/to/mcpscope.js …] [--out file.json]
// Without --cli: apps/cli/dist/mcpscope.js. Results: results/connect-timeline-<date>.json.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { run } from './lib/procs.mjs';
import { stat } from './lib/stats.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const { values: argv } = parseArgs({
  options: { runs: { type: 'string', default: '12' }, cli: { type: 'string', multiple: true }, out: { type: 'string' } },
});
const RUNS = Number(argv.runs);
const builds = (argv.cli ?? [`mcpscope=${join(benchDir, '../apps/cli/dist/mcpscope.js')}`]).map((spec) => {
  const at = spec.indexOf('=');
  return at === -1 ? { label: spec, cli: resolve(spec) } : { label: spec.slice(0, at), cli: resolve(spec.slice(at + 1)) };
});

async function coldConnect(cli) {
  const data = mkdtempSync(join(tmpdir(), 'mcpscope-timeline-'));
  const env = { ...process.env, XDG_DATA_HOME: data };
  try {
    const t0 = Date.now();
    const r = await run(process.execPath, [cli, 'connect', '--json', '--demo'], { env });
    const done = Date.now() - t0;
    if (r.code !== 0) throw new Error(`connect failed (${r.code}): ${r.stderr}`);
    const { session } = JSON.parse(r.stdout);
    const running = join(data, 'mcpscope', 'running');
    const entry = join(
      running,
      readdirSync(running).find((f) => f.endsWith('.json')),
    );
    const { url, token } = JSON.parse(readFileSync(entry, 'utf8'));
    const announced = statSync(entry).mtimeMs - t0;
    const res = await fetch(new URL(`api/sessions/${session.id}/events?from=0&limit=100`, url), {
      headers: { authorization: `Bearer ${token}` },
    });
    const frames = (await res.json()).events.filter((e) => e.type === 'frame');
    const at = (e) => session.createdAt + e.t - t0;
    await run(process.execPath, [cli, 'stop'], { env });
    return {
      created: session.createdAt - t0,
      firstSent: at(frames.find((e) => e.dir === 'out')),
      lastAnswer: at(frames.findLast((e) => e.dir === 'in')),
      announced,
      done,
    };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

const samples = Object.fromEntries(builds.map((b) => [b.label, []]));
const loadBefore = loadavg();
for (let i = 0; i < RUNS; i++) {
  for (const { label, cli } of i % 2 ? [...builds].reverse() : builds) {
    const row = await coldConnect(cli);
    samples[label].push(row);
    console.log(
      `run ${i + 1}/${RUNS} ${label}: ${Object.entries(row)
        .map(([k, v]) => `${k} ${Math.round(v)}`)
        .join(', ')}`,
    );
  }
}
const summary = Object.fromEntries(
  Object.entries(samples).map(([label, rows]) => [
    label,
    Object.fromEntries(Object.keys(rows[0]).map((k) => [k, stat(rows.map((r) => r[k]))])),
  ]),
);
const date = new Date().toISOString().slice(0, 10);
const out = resolve(argv.out ?? join(benchDir, `results/connect-timeline-${date}.json`));
mkdirSync(dirname(out), { recursive: true });
const result = {
  date: new Date().toISOString(),
  runs: RUNS,
  cpu: `${cpus().length} × ${cpus()[0]?.model}`,
  loadBefore,
  loadAfter: loadavg(),
  node: process.version,
  builds,
  summary,
};
writeFileSync(out, `${JSON.stringify(result, null, 1)}\n`);
for (const [label, s] of Object.entries(summary))
  console.log(
    `${label}: ${Object.entries(s)
      .map(([k, v]) => `${k} ${Math.round(v.median)} (${Math.round(v.min)}–${Math.round(v.max)})`)
      .join(', ')}`,
  );
console.log(`written: ${out}`);

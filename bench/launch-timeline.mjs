// A plain launch, `mcpscope --no-open --port P -- node demo-server.js`: spawn → `GET /` answers 200
// (the UI is served), → its session is connected (GET /api/sessions, polled every 10 ms as
// run.mjs polls the UI). Builds interleaved, the order alternating every run.
//   node bench/launch-timeline.mjs [--runs 12] [--cli label=path/to/mcpscope.js …] [--out file.json]
// Without --cli: apps/cli/dist/mcpscope.js. Results: results/launch-timeline-<date>.json.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { start, stopTree, waitFor } from './lib/procs.mjs';
import { buildsOf, runInterleaved } from './lib/interleaved.mjs';
import { freePort } from './lib/tools.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const { values: argv } = parseArgs({
  options: { runs: { type: 'string', default: '12' }, cli: { type: 'string', multiple: true }, out: { type: 'string' } },
});
const RUNS = Number(argv.runs);
const builds = buildsOf(argv.cli ?? [`mcpscope=${join(benchDir, '../apps/cli/dist/mcpscope.js')}`]);
const TOKEN = 'bench-launch-timeline-token';

async function launchOnce(cli) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const demo = join(dirname(cli), 'demo-server.js');
  const t0 = performance.now();
  const p = start(process.execPath, [cli, '--no-open', '--port', String(port), '--', process.execPath, demo], {
    env: { ...process.env, MCPSCOPE_TOKEN: TOKEN, XDG_DATA_HOME: join(benchDir, '.tmp/home/.local/share') },
  });
  try {
    const ok = (path, headers = {}) =>
      fetch(`${base}${path}`, { headers }).then(
        (r) => (r.status === 200 ? r : false),
        () => false,
      );
    await waitFor(() => ok('/'), 60_000, 'the UI');
    const uiMs = performance.now() - t0;
    const connected = async () => {
      const r = await ok('/api/sessions', { authorization: `Bearer ${TOKEN}` });
      return r && (await r.json()).sessions?.[0]?.state === 'connected';
    };
    await waitFor(connected, 60_000, 'the session');
    return { uiMs, connectedMs: performance.now() - t0 };
  } finally {
    await stopTree(p.child.pid);
  }
}

const date = new Date().toISOString().slice(0, 10);
await runInterleaved({
  builds,
  runs: RUNS,
  measure: launchOnce,
  out: resolve(argv.out ?? join(benchDir, `results/launch-timeline-${date}.json`)),
});

// Where a cold `connect --demo` spends its time: builds interleaved (the order alternating every
// run), each run in a data dir of its own (no mcpscope running), times in ms from `connect`'s
// spawn: the session created in the background mcpscope, its handshake's first request sent and
// last answer read (the session's own event times), the background announced (its registry file
// written: its API listens), `connect` exited; and, as the like-for-like floor, a plain launch of
// the same server (`mcpscope --no-open --demo`): spawn → its session is connected (the API polled
// every 5 ms), which loads the same modules and opens the same session with no second process.
//   node bench/connect-timeline.mjs [--runs 12] [--cli label=path/to/mcpscope.js …] [--out file.json]
// Without --cli: apps/cli/dist/mcpscope.js. Results: results/connect-timeline-<date>.json.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { run, start, stopTree, waitFor } from './lib/procs.mjs';
import { freePort } from './lib/tools.mjs';
import { buildsOf, runInterleaved } from './lib/interleaved.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const { values: argv } = parseArgs({
  options: { runs: { type: 'string', default: '12' }, cli: { type: 'string', multiple: true }, out: { type: 'string' } },
});
const RUNS = Number(argv.runs);
const builds = buildsOf(argv.cli ?? [`mcpscope=${join(benchDir, '../apps/cli/dist/mcpscope.js')}`]);

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

/** Spawn → `GET /api/sessions` shows the launch's session connected (polled every 5 ms). */
async function launchConnected(cli) {
  const data = mkdtempSync(join(tmpdir(), 'mcpscope-timeline-launch-'));
  const port = await freePort();
  const token = 'bench-token';
  const t0 = Date.now();
  const p = start(process.execPath, [cli, '--no-open', '--port', String(port), '--demo'], {
    env: { ...process.env, XDG_DATA_HOME: data, MCPSCOPE_TOKEN: token },
  });
  const connected = () =>
    fetch(`http://127.0.0.1:${port}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })
      .then((res) => (res.ok ? res.json() : { sessions: [] }))
      .then(({ sessions }) => sessions.some((s) => s.state === 'connected'))
      .catch(() => false);
  try {
    // Every 5 ms: the poll's own share of the time stays within the run-to-run spread.
    await waitFor(connected, 30_000, "the launch's session connected", 5);
    return Date.now() - t0;
  } finally {
    await stopTree(p.child.pid);
    rmSync(data, { recursive: true, force: true });
  }
}

const date = new Date().toISOString().slice(0, 10);
await runInterleaved({
  builds,
  runs: RUNS,
  measure: async (cli) => ({ ...(await coldConnect(cli)), launchConnected: await launchConnected(cli) }),
  out: resolve(argv.out ?? join(benchDir, `results/connect-timeline-${date}.json`)),
});

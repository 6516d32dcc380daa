// The proxy's own CPU per event in a flood, without a browser: the built CLI
// launches e2e/fixtures/chatty-server.mjs --flood-on-set-level; one /ws client (Node `ws`, reads
// every message and counts the notifications in it, as a tab's socket would receive them)
// watches; logging/setLevel is POSTed and the server sends N log notifications of ~1 KB. The
// session's trace is recorded as every session's is by default (into bench/.tmp/home).
//   node bench/proxy-flood.mjs [--frames 100000] [--runs 5] [--cli <mcpscope.js>]
//     [--baseline-cli <mcpscope.js>] [--out <file.json>] [--profile <dir>]
//   --profile: the proxy runs with node --cpu-prof, its .cpuprofile files go to <dir>.
// Per run: cpuProxyMs   user + system CPU of the mcpscope process from setLevel sent until the
//                       last notification reached the client (/proc, 10 ms ticks)
//          usPerEvent   cpuProxyMs / N, in µs
//          wsLastMs     setLevel sent → the last notification reached the client (wall: noisy)
//          wsMessages   WebSocket messages the client received meanwhile (batches count once)
//          proxyRssMiB  the mcpscope process's RSS after the flood
// With --baseline-cli both builds run, interleaved, the order alternating from one run to the next.
// The CPU time is what a shared machine disturbs least; the wall time is indicative.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, rssKiB, start, stopTree, waitFor } from './lib/procs.mjs';
import { round, stat } from './lib/stats.mjs';
import { freePort } from './lib/tools.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const argText = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const FRAMES = Number(argText('--frames', 100_000));
const RUNS = Number(argText('--runs', 5));
const cli = resolve(argText('--cli', join(repo, 'apps/cli/dist/mcpscope.js')));
const baselineCli = process.argv.includes('--baseline-cli') ? resolve(argText('--baseline-cli')) : undefined;
const chatty = join(repo, 'e2e/fixtures/chatty-server.mjs');
const PROFILE_DIR = process.argv.includes('--profile') ? resolve(argText('--profile')) : undefined;
const WebSocket = createRequire(join(repo, 'apps/proxy/package.json'))('ws');
const NOTIFICATION = /"method":"notifications\/message"/g;

/** Notifications a /ws message carries (a batch or one event), plus those a gap marker stands for. */
function notificationsIn(text) {
  let n = text.match(NOTIFICATION)?.length ?? 0;
  if (text.includes('"type":"gap"')) {
    const parsed = JSON.parse(text);
    for (const m of parsed.type === 'batch' ? parsed.messages : [parsed]) if (m.type === 'gap') n += m.logs;
  }
  return n;
}

async function flood(build) {
  const port = await freePort();
  const token = 'bench-token';
  const profile = PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [];
  const p = start(
    process.execPath,
    [...profile, build, '--no-open', '--port', String(port), '--', process.execPath, chatty, String(FRAMES), '--flood-on-set-level'],
    {
      env: { ...process.env, MCPSCOPE_TOKEN: token, XDG_DATA_HOME: join(benchDir, '.tmp/home/.local/share') },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let ws;
  try {
    await waitFor(
      () =>
        fetch(`${base}/`).then(
          (r) => r.status === 200,
          () => false,
        ),
      60_000,
      'mcpscope UI',
    );
    const session = await waitFor(
      async () => (await (await fetch(`${base}/api/sessions`, { headers })).json()).sessions?.find((s) => s.state === 'connected'),
      60_000,
      'a connected session',
    );
    ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${token}`, { headers: { origin: base } });
    let seen = 0;
    let last = 0;
    let messages = 0;
    let done;
    const all = new Promise((ok) => (done = ok));
    ws.on('message', (data) => {
      messages++;
      seen += notificationsIn(String(data));
      if (seen >= FRAMES) {
        last = performance.now();
        done();
      }
    });
    await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
    await new Promise((ok) => setTimeout(ok, 300)); // the backlog and `ready` read
    const cpu0 = cpuMs(p.child.pid);
    const messages0 = messages;
    const t0 = performance.now();
    const r = await fetch(`${base}/api/sessions/${session.id}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message: { method: 'logging/setLevel', params: { level: 'info' } } }),
    });
    if (!r.ok) throw new Error(`setLevel: HTTP ${r.status}`);
    let timer;
    const timeout = new Promise(
      (_, fail) => (timer = setTimeout(() => fail(new Error(`only ${seen} of ${FRAMES} notifications arrived`)), 600_000)),
    );
    await Promise.race([all, timeout]).finally(() => clearTimeout(timer));
    const cpuProxyMs = cpuMs(p.child.pid) - cpu0;
    return {
      cpuProxyMs,
      usPerEvent: (cpuProxyMs * 1000) / FRAMES,
      wsLastMs: last - t0,
      wsMessages: messages - messages0,
      proxyRssMiB: rssKiB(p.child.pid) / 1024,
    };
  } finally {
    ws?.close();
    await stopTree(p.child.pid);
  }
}

async function main() {
  const builds = [{ name: 'cli', path: cli }, ...(baselineCli ? [{ name: 'baseline', path: baselineCli }] : [])];
  const METRICS = ['cpuProxyMs', 'usPerEvent', 'wsLastMs', 'wsMessages', 'proxyRssMiB'];
  const samples = new Map(builds.map((b) => [b.name, Object.fromEntries(METRICS.map((m) => [m, []]))]));
  const loadAtStart = loadavg().map(round);
  for (let i = 0; i < RUNS; i++) {
    for (const b of i % 2 ? [...builds].reverse() : builds) {
      const r = await flood(b.path);
      for (const m of METRICS) samples.get(b.name)[m].push(r[m]);
      console.error(
        `run ${i + 1}/${RUNS} ${b.name}: ${r.cpuProxyMs} ms proxy CPU (${round(r.usPerEvent)} µs/event), last at ${round(r.wsLastMs)} ms, RSS ${round(r.proxyRssMiB)} MiB; load ${loadavg()[0].toFixed(2)}`,
      );
    }
  }
  const results = builds.map((b) => ({
    build: b.name,
    path: b.path.startsWith(repo) ? b.path.slice(repo.length + 1) : b.path,
    ...Object.fromEntries(METRICS.map((m) => [m, stat(samples.get(b.name)[m])])),
  }));
  const report = {
    date: new Date().toISOString(),
    frames: FRAMES,
    runs: RUNS,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, loadAtStart, loadAtEnd: loadavg().map(round) },
    results,
  };
  const out = resolve(argText('--out', join(benchDir, 'results', `proxy-flood-${new Date().toISOString().slice(0, 10)}.json`)));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    JSON.stringify({
      medians: results.map((r) => ({ build: r.build, ...Object.fromEntries(METRICS.map((m) => [m, r[m].median])) })),
      load: report.machine,
    }),
  );
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});

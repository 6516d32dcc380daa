// Sequential tool calls through each inspector's own HTTP API: mcpscope's launched UI
// vs the official MCP Inspector 2.12, same demo server over stdio, same `node` for the server.
//   node bench/calls.mjs [--calls 10000] [--runs 3] [--cli apps/cli/dist/mcpscope.js] [--out file.json]
//     [--baseline-cli <mcpscope.js>] [--no-official]
//   --baseline-cli: another mcpscope build (e.g. before a change) runs too, interleaved (tool
//   `mcpscope-baseline`); --no-official: leave the official inspector out (an A/B of two builds).
// Each run launches the tool (UI mode), connects the demo server, attaches the event stream its
// page listens on (mcpscope: GET /ws; official: GET /api/mcp/events, SSE; both read and dropped),
// then makes CALLS sequential `tools/call` echo requests the way its page does:
//   mcpscope   POST /api/sessions/:id/requests {method: 'tools/call', params} (the Tools tab's route)
//   official   POST /api/mcp/send {sessionId, message: {jsonrpc, id, method: 'tools/call', params}}
// Measured: calls/s over the first 1,000 and over all of them; CPU time (user + system) of the
// tool's own processes per call after the first 1,000 (steadier than the rate on a shared
// machine: it does not count time spent waiting for the others); the summed VmRSS of the tool's own
// processes (the MCP server child excluded; mcpscope's /bin/sh supervisor included) before the
// calls, after 1,000 and after CALLS. Runs alternate the order of the tools. Writes
// results/calls-<date>.json (or --out).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { descendants, rssKiB, start, stopTree, waitFor } from './lib/procs.mjs';
import { median, round, stat } from './lib/stats.mjs';
import { freePort, mcpscope, node22, officialInspector } from './lib/tools.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const { values: argv } = parseArgs({
  options: {
    calls: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    cli: { type: 'string' },
    'baseline-cli': { type: 'string' },
    'no-official': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const CALLS = Number(argv.calls);
const RUNS = Number(argv.runs);
const FIRST = Math.min(1000, CALLS);
const cli = resolve(argv.cli ?? join(repo, 'apps/cli/dist/mcpscope.js'));
const demo = join(repo, 'apps/cli/dist/demo-server.js');
const launcher = join(benchDir, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
const WebSocket = createRequire(join(repo, 'apps/proxy/package.json'))('ws');
const ECHO = { name: 'echo', arguments: { message: 'hello' } };
const MiB = (kib) => kib / 1024;
/** user + system CPU time of a process in ms (/proc/<pid>/stat, clock ticks of 10 ms), 0 when gone. */
function cpuMs(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/** mcpscope: the page's /ws stream, and POST …/requests as the Tools tab sends it. */
async function mcpscopeCaller(base) {
  const headers = { 'content-type': 'application/json', authorization: 'Bearer bench-token', 'x-mcpscope-origin': 'tools: call' };
  const list = await (await fetch(`${base}/api/sessions`, { headers })).json();
  const id = list.sessions.find((s) => s.state === 'connected').id;
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=bench-token`, { headers: { origin: base } });
  await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
  ws.on('message', () => {});
  const body = JSON.stringify({ method: 'tools/call', params: ECHO });
  return {
    async call() {
      const r = await fetch(`${base}/api/sessions/${id}/requests`, { method: 'POST', headers, body });
      const out = await r.json();
      if (out.outcome !== 'result') throw new Error(`mcpscope call: ${r.status} ${JSON.stringify(out)}`);
    },
    close: () => ws.close(),
  };
}

/** The official inspector: its page's SSE event stream, and /api/mcp/send per request. */
async function officialCaller(base) {
  const headers = { 'content-type': 'application/json', 'x-mcp-remote-auth': 'Bearer bench-token' };
  const c = await fetch(`${base}/api/mcp/connect`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ config: { type: 'stdio', command: 'node', args: [demo] } }),
  });
  const { sessionId } = await c.json();
  const events = new AbortController();
  const stream = await fetch(`${base}/api/mcp/events?sessionId=${sessionId}`, { headers, signal: events.signal });
  // Without a reader its backend queues every event in memory: that would not be what its page does.
  if (!stream.ok || !String(stream.headers.get('content-type')).includes('text/event-stream'))
    throw new Error(`inspector events: HTTP ${stream.status}`);
  (async () => {
    for await (const _ of stream.body) void _;
  })().catch(() => {});
  let id = 0;
  const send = async (message) => {
    const r = await fetch(`${base}/api/mcp/send`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ sessionId, message, protocolVersion: '2025-11-25' }),
    });
    const out = await r.json();
    if (!out.ok) throw new Error(`inspector send: ${r.status} ${JSON.stringify(out)}`);
  };
  await send({
    jsonrpc: '2.0',
    id: ++id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
  });
  await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
    call: () => send({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: ECHO }),
    close: () => events.abort(),
  };
}

async function runOnce(tool) {
  const port = await freePort();
  const spec = tool.launch(port, await freePort());
  // mcpscope saves every session's trace (as a user's would be): into the bench's home, not yours.
  const p = start(spec.command, spec.args, {
    env: { ...process.env, XDG_DATA_HOME: join(benchDir, '.tmp/home/.local/share'), ...spec.env },
  });
  const base = `http://127.0.0.1:${port}`;
  const isServer = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1] === demo;
    } catch {
      return false;
    }
  };
  const own = () => [p.child.pid, ...descendants(p.child.pid).filter((pid) => !isServer(pid))];
  const rss = () => MiB(own().reduce((sum, pid) => sum + rssKiB(pid), 0));
  const cpu = () => own().reduce((sum, pid) => sum + cpuMs(pid), 0);
  let caller;
  try {
    await waitFor(
      () =>
        fetch(`${base}/`).then(
          (r) => r.status === 200,
          () => false,
        ),
      60_000,
      `${tool.name} UI`,
    );
    if (tool.name.startsWith('mcpscope')) {
      await waitFor(() => tool.connect(base).catch(() => false), 30_000, 'mcpscope connected');
      caller = await mcpscopeCaller(base);
    } else {
      caller = await officialCaller(base);
    }
    await caller.call(); // warm: the first call's one-off costs (schema compile, JIT) are not the rate
    const rssBefore = rss();
    const t = performance.now();
    for (let i = 0; i < FIRST; i++) await caller.call();
    const firstMs = performance.now() - t;
    const rssFirst = rss();
    const t0 = t;
    const cpu0 = cpu();
    for (let i = FIRST; i < CALLS; i++) await caller.call();
    const allMs = performance.now() - t0;
    const cpuUsPerCall = ((cpu() - cpu0) * 1000) / (CALLS - FIRST || 1);
    const rssAll = rss();
    return { firstPerSec: (FIRST / firstMs) * 1000, allPerSec: (CALLS / allMs) * 1000, cpuUsPerCall, rssBefore, rssFirst, rssAll };
  } finally {
    caller?.close();
    await stopTree(p.child.pid);
  }
}

async function main() {
  const home = join(benchDir, '.tmp/home');
  mkdirSync(home, { recursive: true });
  const node = argv['no-official'] ? undefined : await node22(benchDir);
  const server = ['node', demo];
  const baseline = argv['baseline-cli'] ? [mcpscope({ cli: resolve(argv['baseline-cli']), server, name: 'mcpscope-baseline' })] : [];
  const official = argv['no-official'] ? [] : [officialInspector({ launcher, node, server, home })];
  const tools = [mcpscope({ cli, server }), ...official, ...baseline];
  const METRICS = ['firstPerSec', 'allPerSec', 'cpuUsPerCall', 'rssBefore', 'rssFirst', 'rssAll'];
  const samples = new Map(tools.map((t) => [t.name, Object.fromEntries(METRICS.map((m) => [m, []]))]));
  const loadAtStart = loadavg().map(round);
  for (let i = 0; i < RUNS; i++) {
    for (const tool of i % 2 ? [...tools].reverse() : tools) {
      const r = await runOnce(tool);
      for (const m of METRICS) samples.get(tool.name)[m].push(r[m]);
      console.error(
        `run ${i + 1}/${RUNS} ${tool.name}: ${round(r.firstPerSec)} calls/s first ${FIRST}, ${round(r.allPerSec)} calls/s all ${CALLS}, ${round(r.cpuUsPerCall)} CPU µs/call; RSS ${round(r.rssBefore)} → ${round(r.rssFirst)} → ${round(r.rssAll)} MiB`,
      );
    }
  }
  const results = tools.map((t) => ({ tool: t.name, ...Object.fromEntries(METRICS.map((m) => [m, stat(samples.get(t.name)[m])])) }));
  // Ratios: mcpscope ÷ the second tool (the official inspector, or the baseline build with --no-official).
  const [ours, other] = results;
  const ratio = (m) => Math.round((ours[m].median / other[m].median) * 100) / 100;
  const paired = (m) => Math.round(median(ours[m].samples.map((x, i) => x / other[m].samples[i])) * 100) / 100;
  const date = new Date().toISOString().slice(0, 10);
  const report = {
    date: new Date().toISOString(),
    calls: CALLS,
    runs: RUNS,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, loadAtStart, loadAtEnd: loadavg().map(round) },
    cli: cli.startsWith(repo) ? cli.slice(repo.length + 1) : cli,
    units: {
      firstPerSec: `calls/s, first ${FIRST}`,
      allPerSec: `calls/s, all ${CALLS}`,
      cpuUsPerCall: `CPU µs (user + system) of the tool's own processes per call, calls ${FIRST + 1}…${CALLS}`,
      rssBefore: 'MiB before the calls',
      rssFirst: `MiB after ${FIRST}`,
      rssAll: `MiB after ${CALLS}`,
    },
    results,
    ratiosAgainst: other.tool,
    ratios: Object.fromEntries(METRICS.map((m) => [m, ratio(m)])),
    pairedRatios: Object.fromEntries(METRICS.map((m) => [m, paired(m)])),
  };
  const out = argv.out ? resolve(argv.out) : join(benchDir, 'results', `calls-${date}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    JSON.stringify({
      medians: results.map((r) => ({ tool: r.tool, ...Object.fromEntries(METRICS.map((m) => [m, r[m].median])) })),
      ratios: report.ratios,
      pairedRatios: report.pairedRatios,
      load: report.machine,
    }),
  );
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});

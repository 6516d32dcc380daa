// Side-by-side benchmark: mcpscope (built CLI) vs. the official MCP Inspector 2.12 and a bare
// SDK client script, same machine, same target (mcpscope's demo server over stdio, same `node`).
//   node bench/run.mjs [--runs 5] [--cli apps/cli/dist/mcpscope.js] [--compare <other mcpscope.js>] [--only launch|call] [--out file.json] [--no-readme]
// Measures, N runs each, interleaved (the order of the tools alternates from run to run):
//   launchMs     spawn → GET / answers 200 (the UI is served)             mcpscope (Node 20 and 22), inspector
//   idleRssMiB   resident memory of the tool's own processes (not the MCP server), 2 s after
//                one server is connected and initialized                   mcpscope (Node 20 and 22), inspector
// The official inspector needs Node 22, so mcpscope's launch also runs on that same Node 22 binary
// ("mcpscope (Node 22)"): launchVsOfficialSameNode is the like-for-like ratio. "Node 22 floor" is
// that Node starting a bare http server that answers GET / (launchVsFloorSameNode: what is ours).
// --compare <mcpscope.js>: another build's rows too, interleaved (before/after a change): launch and
// call on Node 20, launch on Node 22.
//   callMs       wall time of one headless `tools/list`, spawn → exit     all three, and the floor:
//                bench/floor-call.mjs, raw JSON-RPC lines on a pipe (no SDK, nothing validated)
//   stubbornMs   the same against a server that does not exit when its stdin closes (the demo
//                server kept alive by a timer): what a one-shot command's stop costs  all three
// Writes results/<date>.json (or --out) and the table in README.md (unless --no-readme).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { commOf, cpuMs, descendants, isAlive, rssKiB, run, start, stopTree, waitFor } from './lib/procs.mjs';
import { median, round, stat } from './lib/stats.mjs';
import { bareSdk, floorClient, freePort, mcpscope, node22, nodeFloor, officialInspector } from './lib/tools.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const { values: argv } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    cli: { type: 'string' },
    compare: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
    'no-readme': { type: 'boolean', default: false },
  },
});
const RUNS = Number(argv.runs);
const cli = resolve(argv.cli ?? join(repo, 'apps/cli/dist/mcpscope.js'));
const demo = join(dirname(cli), 'demo-server.js');
const compare = argv.compare ? resolve(argv.compare) : undefined;
const launcher = join(benchDir, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
const METRICS = ['launchMs', 'launchCpuMs', 'idleRssMiB', 'callMs', 'stubbornMs'];
const wanted = (m) =>
  !argv.only ||
  (argv.only === 'launch' ? m === 'launchMs' || m === 'launchCpuMs' || m === 'idleRssMiB' : m === 'callMs' || m === 'stubbornMs');

/** Launch → UI served; then connect one server and read the idle RSS of the tool's own processes. */
async function launchOnce(tool) {
  const port = await freePort();
  const spec = tool.launch(port, await freePort());
  const t0 = performance.now();
  const p = start(spec.command, spec.args, { env: { ...process.env, ...spec.env } });
  const base = `http://127.0.0.1:${port}`;
  try {
    // The tool's own processes (mcpscope's sh supervisor included): its tree but the MCP server (argv[1] = the script).
    const isServer = (pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1] === demo;
      } catch {
        return false;
      }
    };
    const ownCpuMs = () =>
      [p.child.pid, ...descendants(p.child.pid).filter((pid) => !isServer(pid))].reduce((sum, pid) => sum + cpuMs(pid), 0);
    await waitFor(
      () =>
        fetch(`${base}/`).then(
          (r) => r.status === 200,
          () => false,
        ),
      60_000,
      `${tool.name} UI`,
    );
    const launchMs = performance.now() - t0;
    // CPU spent until then (10 ms ticks): unlike the wall time, it does not wait for a core, so a
    // busy machine changes it little; on a quiet one the two are close.
    const launchCpuMs = ownCpuMs();
    await waitFor(() => tool.connect(base).catch(() => false), 30_000, `${tool.name} connected`);
    await new Promise((r) => setTimeout(r, 2_000)); // "idle": let start-up garbage settle
    const own = [p.child.pid, ...descendants(p.child.pid).filter((pid) => !isServer(pid))];
    const rss = own.map((pid) => [commOf(pid), rssKiB(pid)]);
    const idleRssMiB = rss.reduce((sum, [, kib]) => sum + kib, 0) / 1024;
    // Which processes the sum is made of (mcpscope's: node, its sh supervisor, a stdio server's PID namespace helpers).
    const idleRssByProcess = {};
    for (const [comm, kib] of rss) idleRssByProcess[comm] = (idleRssByProcess[comm] ?? 0) + kib / 1024;
    return { launchMs, launchCpuMs, idleRssMiB, idleRssByProcess };
  } finally {
    await stopTree(p.child.pid);
  }
}

async function callOnce(tool, target) {
  const spec = tool.call(target);
  const t0 = performance.now();
  const r = await run(spec.command, spec.args, { env: { ...process.env, ...spec.env } });
  const ms = performance.now() - t0;
  if (r.code !== 0 || !JSON.parse(r.stdout).tools) throw new Error(`${tool.name} call failed (${r.code}): ${r.stderr}`);
  return ms;
}

/** A leftover server (a one-shot command may leave it to its supervisor) must not load the next run. */
async function noStubbornLeft(marker) {
  const holds = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker) && isAlive(Number(pid));
    } catch {
      return false;
    }
  };
  await waitFor(() => !readdirSync('/proc').some((d) => /^\d+$/.test(d) && holds(d)), 10_000, 'the stubborn server to be gone');
}

async function main() {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`pnpm build\` first`);
  const home = join(benchDir, '.tmp/home');
  mkdirSync(home, { recursive: true });
  const node = await node22(benchDir);
  const server = ['node', demo];
  const marker = 'setInterval(()=>{},1e9)';
  const stubborn = ['node', '--import', `data:text/javascript,${marker}`, demo];
  const tools = [
    mcpscope({ cli, server }),
    bareSdk({ script: join(benchDir, 'bare-call.mjs'), server }),
    floorClient({ script: join(benchDir, 'floor-call.mjs'), server }),
    officialInspector({ launcher, node, server, home }),
    mcpscope({ cli, server, node, name: 'mcpscope (Node 22)', launchOnly: true }),
    nodeFloor({ node, name: 'Node 22 floor (bare http server)' }),
    ...(compare
      ? [
          mcpscope({ cli: compare, server, name: 'compare: mcpscope' }),
          mcpscope({ cli: compare, server, node, name: 'compare: mcpscope (Node 22)', launchOnly: true }),
        ]
      : []),
  ].filter((t) => (t.launch && wanted('launchMs')) || (t.call && wanted('callMs')));
  const samples = new Map(tools.map((t) => [t.name, Object.fromEntries(METRICS.map((m) => [m, []]))]));

  for (let i = 0; i < RUNS; i++) {
    for (const tool of i % 2 ? [...tools].reverse() : tools) {
      const s = samples.get(tool.name);
      const line = [];
      if (tool.launch && wanted('launchMs')) {
        const l = await launchOnce(tool);
        s.launchMs.push(l.launchMs);
        s.launchCpuMs.push(l.launchCpuMs);
        s.idleRssMiB.push(l.idleRssMiB);
        (s.idleRssByProcess ??= []).push(l.idleRssByProcess);
        line.push(`launch ${round(l.launchMs)} ms, rss ${round(l.idleRssMiB)} MiB`);
      }
      if (tool.call && wanted('callMs')) {
        s.callMs.push(await callOnce(tool));
        s.stubbornMs.push(await callOnce(tool, stubborn));
        await noStubbornLeft(marker);
        line.push(`call ${round(s.callMs.at(-1))} ms, stubborn ${round(s.stubbornMs.at(-1))} ms`);
      }
      console.error(`run ${i + 1}/${RUNS} ${tool.name}: ${line.join(', ')}`);
    }
  }

  const results = tools.map((t) => {
    const s = samples.get(t.name);
    const byProcess =
      s.idleRssByProcess &&
      Object.fromEntries(
        [...new Set(s.idleRssByProcess.flatMap(Object.keys))].map((comm) => [
          comm,
          round(median(s.idleRssByProcess.map((run) => run[comm] ?? 0))),
        ]),
      );
    return {
      tool: t.name,
      ...Object.fromEntries(METRICS.map((m) => [m, s[m].length ? stat(s[m]) : null])),
      ...(byProcess ? { idleRssByProcess: byProcess } : {}),
    };
  });
  const byName = (name) => results.find((r) => r.tool === name) ?? {};
  const [ours, bare, official, ours22, floor22, floorCall] = [
    'mcpscope',
    'bare SDK client',
    'official inspector 2.12',
    'mcpscope (Node 22)',
    'Node 22 floor (bare http server)',
    'floor: raw pipe client, no SDK',
  ].map(byName);
  const ratio = (a, b, m) => (a[m] && b[m] ? Math.round((a[m].median / b[m].median) * 100) / 100 : null);
  // Per-run ratios (the runs of one round are adjacent in time, so they share the machine's load), then their median.
  const paired = (a, b, m) => (a[m] && b[m] ? Math.round(median(a[m].samples.map((x, i) => x / b[m].samples[i])) * 100) / 100 : null);
  const date = new Date().toISOString().slice(0, 10);
  const report = {
    date: new Date().toISOString(),
    runs: RUNS,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, loadavg: loadavg().map(round) },
    node: { mcpscope: process.version, inspector: (await run(node, ['--version'])).stdout.trim() },
    cli: cli.startsWith(repo) ? cli.slice(repo.length + 1) : cli,
    target:
      'mcpscope demo server (stdio), `node <cli dir>/demo-server.js`; stubborn: the same with `--import data:text/javascript,setInterval(()=>{},1e9)`',
    results,
    ratios: {
      callVsBare: ratio(ours, bare, 'callMs'),
      callVsOfficial: ratio(ours, official, 'callMs'),
      callVsFloor: ratio(ours, floorCall, 'callMs'),
      floorVsOfficial: ratio(floorCall, official, 'callMs'),
      stubbornVsBare: ratio(ours, bare, 'stubbornMs'),
      stubbornVsOfficial: ratio(ours, official, 'stubbornMs'),
      launchVsOfficial: ratio(ours, official, 'launchMs'),
      launchVsOfficialSameNode: ratio(ours22, official, 'launchMs'),
      launchVsFloorSameNode: ratio(ours22, floor22, 'launchMs'),
      launchCpuVsFloorSameNode: ratio(ours22, floor22, 'launchCpuMs'),
      officialVsFloorSameNode: ratio(official, floor22, 'launchMs'),
      idleRssVsOfficial: ratio(ours, official, 'idleRssMiB'),
      idleRssVsOfficialSameNode: ratio(ours22, official, 'idleRssMiB'),
    },
    pairedRatios: {
      callVsBare: paired(ours, bare, 'callMs'),
      callVsOfficial: paired(ours, official, 'callMs'),
      floorVsOfficial: paired(floorCall, official, 'callMs'),
      stubbornVsBare: paired(ours, bare, 'stubbornMs'),
      stubbornVsOfficial: paired(ours, official, 'stubbornMs'),
      launchVsOfficial: paired(ours, official, 'launchMs'),
      launchVsOfficialSameNode: paired(ours22, official, 'launchMs'),
    },
  };
  const out = argv.out ? resolve(argv.out) : join(benchDir, 'results', `${date}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  if (!argv['no-readme']) writeReadmeTable(report, date, out);
  console.log(
    JSON.stringify({
      medians: results.map((r) => ({ tool: r.tool, ...Object.fromEntries(METRICS.map((m) => [m, r[m]?.median ?? null])) })),
      ratios: report.ratios,
      pairedRatios: report.pairedRatios,
    }),
  );
}

function writeReadmeTable(report, date, out) {
  const file = join(benchDir, 'README.md');
  const cell = (s, unit = '') => (s ? `${s.median}${unit} (${s.min}–${s.max})` : '—');
  const rows = report.results.map(
    (r) =>
      `| ${r.tool} | ${cell(r.launchMs)} | ${r.launchCpuMs ? r.launchCpuMs.median : '—'} | ${cell(r.callMs)} | ${cell(r.stubbornMs)} | ${r.idleRssMiB ? r.idleRssMiB.median : '—'} |`,
  );
  const rel = out.startsWith(benchDir) ? out.slice(benchDir.length + 1) : out;
  const q = report.ratios;
  const p = report.pairedRatios;
  const ours = report.results.find((r) => r.tool === 'mcpscope') ?? {};
  const processes = (parts) =>
    Object.entries(parts)
      .sort((a, b) => b[1] - a[1])
      .map(([comm, mib]) => `${comm} ${mib}`)
      .join(', ');
  const table = [
    `<!-- results:start -->`,
    `Latest run: ${date}, ${report.runs} runs each, interleaved, median (min–max); ${report.machine.cpus} × ${report.machine.cpu}, load ${report.machine.loadavg.join(' ')}; Node ${report.node.mcpscope} (mcpscope, bare SDK), ${report.node.inspector} (inspector). Raw numbers: [${rel}](${rel}).`,
    '',
    '| tool | launch → UI served (ms) | CPU until UI served (ms) | `tools/list` headless (ms) | `tools/list`, server outlives stdin close (ms) | idle RSS, one server connected (MiB) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Ratios of the medians (mcpscope ÷ other): \`tools/list\` ${q.callVsBare}× the bare SDK client, ${q.callVsOfficial}× the official \`--cli\`; with a server that outlives stdin close ${q.stubbornVsBare}× and ${q.stubbornVsOfficial}×; launch → UI ${q.launchVsOfficial}×; idle RSS ${q.idleRssVsOfficial}×. On Node 22, launch → UI ${q.launchVsFloorSameNode}× the bare Node http server (its CPU until then ${q.launchCpuVsFloorSameNode}×). Median of the per-run ratios (each round's runs are adjacent, so a load change hits both): \`tools/list\` ${p.callVsBare}× and ${p.callVsOfficial}×; launch → UI ${p.launchVsOfficial}×. The floor (no SDK) is ${q.floorVsOfficial}× the official \`--cli\` (paired ${p.floorVsOfficial}×): no Node client gets below it against this server; mcpscope is ${q.callVsFloor}× the floor.`,
    ...(ours.idleRssByProcess
      ? [
          '',
          `mcpscope's idle RSS by process (median MiB; the sum counts each process's shared libc pages again): ${processes(ours.idleRssByProcess)}.`,
        ]
      : []),
    `<!-- results:end -->`,
  ].join('\n');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const next = /<!-- results:start -->[\s\S]*<!-- results:end -->/.test(text)
    ? text.replace(/<!-- results:start -->[\s\S]*<!-- results:end -->/, table)
    : `${text.trimEnd()}\n\n${table}\n`;
  writeFileSync(file, next);
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});

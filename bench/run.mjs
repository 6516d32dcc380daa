// Side-by-side benchmark: mcpscope (built CLI) vs. the official MCP Inspector 2.12, same
// machine, same target (mcpscope's demo server over stdio, run by the same `node`).
//   node bench/run.mjs [--runs 5]
// Measures, median of N runs each (interleaved):
//   launchMs  spawn → GET / answers 200 (the UI is served)
//   callMs    wall time of one headless `tools/list` (mcpscope call / inspector --cli)
//   idleRssMiB  resident memory of the inspector's own processes (not the MCP server), 2 s
//             after one server is connected and initialized
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descendants, rssKiB, run, start, stopTree, waitFor } from './lib/procs.mjs';
import { round, stat } from './lib/stats.mjs';
import { freePort, mcpscope, node22, officialInspector } from './lib/tools.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const cli = join(repo, 'apps/cli/dist/mcpscope.js');
const demo = join(repo, 'apps/cli/dist/demo-server.js');
const launcher = join(benchDir, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');



/** Launch → UI served; then connect one server and read the idle RSS of the tool's own processes. */
async function launchOnce(tool) {
  const port = await freePort();
  const spec = tool.launch(port, await freePort());
  const t0 = performance.now();
  const p = start(spec.command, spec.args, { env: { ...process.env, ...spec.env } });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(() => fetch(`${base}/`).then((r) => r.status === 200, () => false), 60_000, `${tool.name} UI`);
    const launchMs = performance.now() - t0;
    await waitFor(() => tool.connect(base).catch(() => false), 30_000, `${tool.name} connected`);
    await new Promise((r) => setTimeout(r, 2_000)); // "idle": let start-up garbage settle
    // The tool's own processes: everything in its tree except the MCP server (argv[1] = the script).
    const isServer = (pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1] === demo;
      } catch {
        return false;
      }
    };
    const own = [p.child.pid, ...descendants(p.child.pid).filter((pid) => !isServer(pid))];
    const idleRssMiB = own.reduce((sum, pid) => sum + rssKiB(pid), 0) / 1024;
    return { launchMs, idleRssMiB };
  } finally {
    await stopTree(p.child.pid);
  }
}

async function callOnce(tool) {
  const spec = tool.call();
  const t0 = performance.now();
  const r = await run(spec.command, spec.args, { env: { ...process.env, ...spec.env } });
  const callMs = performance.now() - t0;
  if (r.code !== 0 || !JSON.parse(r.stdout).tools) throw new Error(`${tool.name} call failed (${r.code}): ${r.stderr}`);
  return callMs;
}

async function main() {
  if (!existsSync(cli)) throw new Error('apps/cli/dist is missing: run `pnpm build` first');
  const home = join(benchDir, '.tmp/home');
  mkdirSync(home, { recursive: true });
  const node = await node22(benchDir);
  const server = ['node', demo];
  const tools = [mcpscope({ cli, server }), officialInspector({ launcher, node, server, home })];
  const samples = new Map(tools.map((t) => [t.name, { launchMs: [], callMs: [], idleRssMiB: [] }]));

  for (let i = 0; i < RUNS; i++) {
    for (const tool of i % 2 ? [...tools].reverse() : tools) {
      const s = samples.get(tool.name);
      const l = await launchOnce(tool);
      s.launchMs.push(l.launchMs);
      s.idleRssMiB.push(l.idleRssMiB);
      s.callMs.push(await callOnce(tool));
      console.error(`run ${i + 1}/${RUNS} ${tool.name}: launch ${round(l.launchMs)} ms, call ${round(s.callMs.at(-1))} ms, rss ${round(l.idleRssMiB)} MiB`);
    }
  }

  const results = tools.map((t) => {
    const s = samples.get(t.name);
    return { tool: t.name, launchMs: stat(s.launchMs), callMs: stat(s.callMs), idleRssMiB: stat(s.idleRssMiB) };
  });
  const date = new Date().toISOString().slice(0, 10);
  const report = {
    date: new Date().toISOString(),
    runs: RUNS,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, loadavg: loadavg().map(round) },
    node: { mcpscope: process.version, inspector: (await run(node, ['--version'])).stdout.trim() },
    target: 'mcpscope demo server (stdio), `node apps/cli/dist/demo-server.js`',
    results,
  };
  mkdirSync(join(benchDir, 'results'), { recursive: true });
  writeFileSync(join(benchDir, 'results', `${date}.json`), JSON.stringify(report, null, 2) + '\n');
  writeReadmeTable(report, date);
  console.log(JSON.stringify(results.map((r) => ({ tool: r.tool, launchMs: r.launchMs.median, callMs: r.callMs.median, idleRssMiB: r.idleRssMiB.median }))));
}

function writeReadmeTable(report, date) {
  const file = join(benchDir, 'README.md');
  const rows = report.results.map(
    (r) => `| ${r.tool} | ${r.launchMs.median} (${r.launchMs.min}–${r.launchMs.max}) | ${r.callMs.median} (${r.callMs.min}–${r.callMs.max}) | ${r.idleRssMiB.median} |`,
  );
  const table = [
    `<!-- results:start -->`,
    `Latest run: ${date}, ${report.runs} runs each, median (min–max); ${report.machine.cpus} × ${report.machine.cpu}, load ${report.machine.loadavg.join(' ')}; Node ${report.node.mcpscope} (mcpscope), ${report.node.inspector} (inspector). Raw numbers: [results/${date}.json](results/${date}.json).`,
    '',
    '| tool | launch → UI served (ms) | `tools/list` headless (ms) | idle RSS, one server connected (MiB) |',
    '| --- | --- | --- | --- |',
    ...rows,
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

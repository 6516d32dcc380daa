// What the OpenTelemetry export costs a session: export on (to a local OTLP/HTTP receiver) vs off,
// interleaved (the order alternates each run), each measurement in a fresh process.
//   node bench/otel.mjs [--runs 5] [--calls 10000] [--oneshots 15] [--only calls|flood|call] [--out file.json] [--no-readme]
// (after `pnpm build`: the engine's dist, apps/cli/dist/mcpscope.js and demo-server.js)
//   calls   10,000 sequential tools/call (echo) through the engine to the demo server over stdio:
//           wall time, and the process's RSS after the calls
//   flood   100,000 notifications/message from a stdio server (engine fixture raw-server, mode
//           flood) before it answers tools/list: time to the answer, and RSS after it
//   call    one-shot `mcpscope call tools/list -- node demo-server.js` (spawn to exit), with and
//           without --otlp-endpoint: nothing of OpenTelemetry is loaded without it
// Targets: calls and flood ≤ 1.05× the time and ≤ 10 MiB more RSS; one-shot call ≤ 1.15×.
// Also the CPU time (user + system) of the measuring process over the same span: steadier than the
// wall time on a shared machine (it does not count time spent waiting for other processes).
// The receiver is a separate process that reads each body and answers 200 {} (a collector that keeps up).
// The engine runs bundled as the CLI ships it (esbuild, the CLI's conditions; bench/.tmp/otel-engine),
// so what the export loads and holds is what a user's mcpscope loads and holds.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { median, round, stat } from './lib/stats.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const cli = join(repo, 'apps/cli/dist/mcpscope.js');
const demo = join(repo, 'apps/cli/dist/demo-server.js');
const rawServer = join(repo, 'packages/engine/test-fixtures/raw-server.mjs');
const engineBundle = process.env.OTEL_BENCH_ENGINE ?? join(benchDir, '.tmp/otel-engine/index.js');
const MiB = 1024 * 1024;

const { values: argv } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    calls: { type: 'string', default: '10000' },
    oneshots: { type: 'string', default: '15' },
    only: { type: 'string' },
    out: { type: 'string' },
    'no-readme': { type: 'boolean', default: false },
    child: { type: 'string' },
    receiver: { type: 'string' },
    endpoint: { type: 'string' },
  },
});

if (argv.receiver !== undefined) await receiver();
else if (argv.child !== undefined) await child(argv.child, argv.endpoint);
else await main();

/** A local OTLP/HTTP receiver: reads each body, answers 200 {}; prints its port. */
async function receiver() {
  let requests = 0;
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (c) => (bytes += c.length));
    req.on('end', () => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
  process.on('SIGTERM', () => {
    process.stderr.write(`${JSON.stringify({ requests, bytes })}\n`);
    process.exit(0);
  });
}

/** One measurement in this process: `calls` or `flood`, export on when `endpoint` is given. Prints JSON. */
async function child(kind, endpoint) {
  const { Engine, Telemetry, telemetryOptions } = await import(pathToFileURL(engineBundle).href);
  const telemetry = new Telemetry(telemetryOptions({}, endpoint ? { otlpEndpoint: endpoint } : {}));
  const engine = new Engine({ stopGraceMs: 200, telemetry, sessionKind: 'bench' });
  const rssBefore = process.memoryUsage().rss;
  let ms;
  let rssAfter;
  let cpu0;
  let cpu1;
  if (kind === 'calls') {
    const session = await engine.open(
      { transport: 'stdio', command: process.execPath, args: [demo], env: {}, era: 'legacy' },
      { watchListChanges: false },
    );
    const args = { name: 'echo', arguments: { message: 'hello' } };
    await session.request('tools/call', args);
    const calls = Number(argv.calls);
    cpu0 = process.cpuUsage();
    const t = performance.now();
    for (let i = 0; i < calls; i++) {
      const out = await session.request('tools/call', args);
      if (out.outcome !== 'result') throw new Error(JSON.stringify(out));
    }
    ms = performance.now() - t;
    cpu1 = process.cpuUsage(cpu0);
    rssAfter = process.memoryUsage().rss;
  } else {
    const session = await engine.open(
      { transport: 'stdio', command: process.execPath, args: [rawServer], env: { FIXTURE_MODE: 'flood' } },
      { watchListChanges: false },
    );
    cpu0 = process.cpuUsage();
    const t = performance.now();
    const reply = await session.send({ method: 'tools/list' }, { timeoutMs: 600_000 });
    ms = performance.now() - t;
    cpu1 = process.cpuUsage(cpu0);
    if (!reply.response) throw new Error('no answer');
    rssAfter = process.memoryUsage().rss;
  }
  await engine.dispose();
  process.stdout.write(`${JSON.stringify({ ms, cpuMs: (cpu1.user + cpu1.system) / 1000, rssBefore, rssAfter })}\n`);
  process.exit(0);
}

function runNode(args) {
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * MiB });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

async function startReceiver() {
  const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), '--receiver', ''], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise((resolve) => proc.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  let stats = '';
  proc.stderr.on('data', (d) => (stats += d));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (proc.once('exit', () => resolve(JSON.parse(stats || '{}'))), proc.kill('SIGTERM'))),
  };
}

/** The two modes of one scenario, interleaved: `runs` rounds, the order alternating. */
async function interleaved(runs, measure) {
  const on = [];
  const off = [];
  for (let r = 0; r < runs; r++) {
    for (const mode of r % 2 === 0 ? ['off', 'on'] : ['on', 'off']) (mode === 'on' ? on : off).push(await measure(mode));
  }
  return { on, off };
}

function summarize(pairs) {
  const ratio = (key) => Math.round((median(pairs.on.map((x) => x[key])) / median(pairs.off.map((x) => x[key]))) * 1000) / 1000;
  const side = (xs) => ({
    ms: stat(xs.map((x) => x.ms)),
    ...(xs[0].cpuMs ? { cpuMs: stat(xs.map((x) => x.cpuMs)) } : {}),
    ...(xs[0].rssAfter ? { rssMiB: stat(xs.map((x) => x.rssAfter / MiB)) } : {}),
  });
  return {
    off: side(pairs.off),
    on: side(pairs.on),
    timeRatio: ratio('ms'),
    ...(pairs.on[0].cpuMs ? { cpuRatio: ratio('cpuMs') } : {}),
    ...(pairs.on[0].rssAfter
      ? { rssDeltaMiB: round(median(pairs.on.map((x) => x.rssAfter / MiB)) - median(pairs.off.map((x) => x.rssAfter / MiB))) }
      : {}),
  };
}

/** The engine bundled like apps/cli/build.mjs bundles it (splitting: the SDK stays a chunk loaded on demand). */
async function bundleEngine() {
  const { createRequire } = await import('node:module');
  const esbuild = createRequire(join(repo, 'apps/cli/package.json'))('esbuild');
  await esbuild.build({
    entryPoints: { index: join(repo, 'packages/engine/src/index.ts') },
    outdir: dirname(engineBundle),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['mcpscope-source', 'module'],
    mainFields: ['module', 'main'],
    minify: true,
    banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
    logLevel: 'warning',
  });
}

async function main() {
  const runs = Number(argv.runs);
  await bundleEngine();
  const only = argv.only;
  const rx = await startReceiver();
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model}`,
    loadBefore: loadavg().map(round),
    runs,
    endpoint: 'a local receiver (separate process)',
  };
  const self = fileURLToPath(import.meta.url);
  if (!only || only === 'calls') {
    out.calls = {
      count: Number(argv.calls),
      ...summarize(
        await interleaved(runs, async (mode) =>
          JSON.parse(runNode([self, '--child', 'calls', '--calls', argv.calls, ...(mode === 'on' ? ['--endpoint', rx.endpoint] : [])])),
        ),
      ),
    };
    console.log('calls', JSON.stringify(out.calls));
  }
  if (!only || only === 'flood') {
    out.flood = {
      notifications: 100_000,
      ...summarize(
        await interleaved(runs, async (mode) =>
          JSON.parse(runNode([self, '--child', 'flood', ...(mode === 'on' ? ['--endpoint', rx.endpoint] : [])])),
        ),
      ),
    };
    console.log('flood', JSON.stringify(out.flood));
  }
  if (!only || only === 'call') {
    const oneshot = async (mode) => {
      const t = performance.now();
      const stdout = runNode([
        cli,
        'call',
        'tools/list',
        ...(mode === 'on' ? ['--otlp-endpoint', rx.endpoint] : []),
        '--',
        process.execPath,
        demo,
      ]);
      const ms = performance.now() - t;
      if (!stdout.includes('"tools"')) throw new Error('call printed no tools');
      return { ms };
    };
    out.call = summarize(await interleaved(Number(argv.oneshots), oneshot));
    console.log('call', JSON.stringify(out.call));
  }
  out.receiver = await rx.stop();
  out.loadAfter = loadavg().map(round);
  mkdirSync(join(benchDir, 'results'), { recursive: true });
  const file = argv.out ?? join(benchDir, 'results', `otel-${out.date.slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`written ${file}`);
  if (!argv['no-readme']) writeReadme(out, file);
}

function writeReadme(out, file) {
  const readme = join(benchDir, 'README.md');
  const text = readFileSync(readme, 'utf8');
  const cell = (s) => `${s.median} (${s.min}–${s.max})`;
  const rows = [];
  if (out.calls)
    rows.push(
      `| ${out.calls.count.toLocaleString('en')} sequential tools/call | ${cell(out.calls.off.ms)} | ${cell(out.calls.on.ms)} | ${out.calls.timeRatio}× | ${out.calls.cpuRatio}× | ${out.calls.rssDeltaMiB} MiB |`,
    );
  if (out.flood)
    rows.push(
      `| 100,000-notification flood | ${cell(out.flood.off.ms)} | ${cell(out.flood.on.ms)} | ${out.flood.timeRatio}× | ${out.flood.cpuRatio}× | ${out.flood.rssDeltaMiB} MiB |`,
    );
  if (out.call)
    rows.push(
      `| one-shot \`call tools/list\` (spawn to exit) | ${cell(out.call.off.ms)} | ${cell(out.call.on.ms)} | ${out.call.timeRatio}× | — | — |`,
    );
  const section = [
    '<!-- otel:start -->',
    `Run ${out.date.slice(0, 16).replace('T', ' ')} UTC, ${out.runs} interleaved runs each (the one-shot call ${out.call ? `${Number(argv.oneshots)}` : '—'}), median (min–max) in ms; ${out.cpus}, load ${out.loadBefore.join(' ')} before, ${out.loadAfter.join(' ')} after; Node ${out.node}. Raw numbers: [results/${file.split('/').pop()}](results/${file.split('/').pop()}). The receiver took ${out.receiver.requests ?? '?'} requests (${round((out.receiver.bytes ?? 0) / MiB)} MiB).`,
    '',
    '| scenario | export off | export on | time on ÷ off | CPU on ÷ off | RSS on − off |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '<!-- otel:end -->',
  ].join('\n');
  const next = text.includes('<!-- otel:start -->')
    ? text.replace(/<!-- otel:start -->[\s\S]*<!-- otel:end -->/, section)
    : `${text.trimEnd()}\n\n## OpenTelemetry export: on vs off\n\n${section}\n`;
  writeFileSync(readme, next);
}

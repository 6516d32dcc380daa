// Opening a large trace offline: open time, first row, pages from the
// middle, searches, RSS; and the first search issued 0 s and 3 s after open (what the background
// summary build saves the user) with the longest event-loop stall meanwhile — for one or more
// builds of the engine, runs interleaved, each measurement in a fresh process, min/median/max
// written to bench/results/trace-open-<date>.json (or --out).
//
//   node bench/trace-open.mjs [--mb 200] [--runs 5] [--engine label=path/to/engine/dist ...] [--file trace.ndjson] [--out results.json]
//
// Default engine: packages/engine/dist (pnpm --filter @mcpscope/engine build). Pass two --engine
// options to compare builds (e.g. a copy of the dist before a change) on the same file.
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stat, round } from './lib/stats.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const mib = (n) => round(n / 1024 / 1024);

/** The first-search scenarios: which search, issued how long after openTrace was called. */
const FIRST = [
  { name: 'firstMethodAt0', filter: 'method:tools/call -is:request', delayMs: 0 },
  { name: 'firstMethodAt3', filter: 'method:tools/call -is:request', delayMs: 3000 },
  { name: 'firstTextAt0', filter: 'needle', delayMs: 0 },
  { name: 'firstTextAt3', filter: 'needle', delayMs: 3000 },
];

if (args.includes('--child')) {
  const first = FIRST.find((f) => f.name === opt('first'));
  await (first ? childFirst(opt('engine'), opt('file'), first) : child(opt('engine'), opt('file')));
} else await parent();

/** A trace as TraceWriter writes it (type first, seq/t/sessionId last), of about `bytes` bytes. */
async function generate(file, bytes) {
  const out = createWriteStream(file);
  const write = async (line) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(
    JSON.stringify({
      type: 'header',
      format: 'mcpscope-trace',
      version: 1,
      createdAt: new Date().toISOString(),
      tool: { name: 'bench', version: '1' },
      session: { id: 's1', name: 'big', transport: 'stdio', target: 'node big.js' },
    }),
  );
  let seq = 0;
  let size = 0;
  let frames = 0;
  const event = (e) => {
    const line = JSON.stringify({ ...e, seq: ++seq, t: seq / 10, sessionId: 's1' });
    size += line.length + 1;
    if (e.type === 'frame') frames++;
    return write(line);
  };
  await event({
    type: 'frame',
    dir: 'out',
    msg: {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    },
    size: 120,
    origin: { by: 'mcpscope', reason: 'handshake' },
  });
  await event({
    type: 'frame',
    dir: 'in',
    msg: {
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'big', version: '1' } },
    },
    size: 110,
    pair: { requestSeq: 1, method: 'initialize', latencyMs: 3 },
  });
  const pad = 'x'.repeat(300);
  for (let id = 1; size < bytes; id++) {
    const word = id % 10_000 === 0 ? ' needle' : '';
    const callSeq = seq + 1;
    await event({
      type: 'frame',
      dir: 'out',
      msg: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { message: `${id}${word} ${pad}` } } },
      size: 350,
      origin: { by: 'user', reason: 'tools: call' },
    });
    await event({
      type: 'frame',
      dir: 'in',
      msg: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `${id}${word} ${pad}` }] } },
      size: 350,
      pair: { requestSeq: callSeq, method: 'tools/call', latencyMs: 1.5 },
    });
    if (id % 1000 === 0)
      await event({
        type: 'frame',
        dir: 'in',
        msg: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `tick ${id}` } },
        size: 90,
      });
    if (id % 5000 === 0) await event({ type: 'stderr', text: `server log ${id}\n` });
  }
  out.end();
  await once(out, 'finish');
  return { events: seq, frames };
}

async function parent() {
  const runs = Number(opt('runs', 5));
  const engines = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--engine') continue;
    const [label, path] = args[i + 1].includes('=') ? args[i + 1].split(/=(.*)/s) : [`engine${engines.length + 1}`, args[i + 1]];
    engines.push({ label, path: resolve(path) });
  }
  if (engines.length === 0) engines.push({ label: 'current', path: join(here, '../packages/engine/dist') });
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-bench-trace-'));
  try {
    // --file: a trace to open; generated (and kept) when it does not exist yet.
    const file = opt('file') ?? join(dir, 'big.ndjson');
    let generated;
    if (!existsSync(file)) {
      const t0 = performance.now();
      generated = await generate(file, Number(opt('mb', 200)) * 1024 * 1024);
      console.log(
        `generated ${mib(statSync(file).size)} MiB, ${generated.events} events (${generated.frames} frames) in ${Math.round(performance.now() - t0)} ms`,
      );
    }
    const samples = Object.fromEntries(engines.map((e) => [e.label, []]));
    const load = [loadavg()[0]];
    for (let r = 0; r < runs; r++) {
      // Interleaved, and the order alternates run by run.
      const order = r % 2 ? [...engines].reverse() : engines;
      for (const e of order) {
        const run = (extra) => {
          const res = spawnSync(
            process.execPath,
            ['--expose-gc', fileURLToPath(import.meta.url), '--child', '--engine', e.path, '--file', file, ...extra],
            { encoding: 'utf8', maxBuffer: 1 << 24 },
          );
          if (res.status !== 0) throw new Error(`${e.label} run failed: ${res.stderr}`);
          return JSON.parse(res.stdout.trim().split('\n').pop());
        };
        const m = run([]);
        for (const f of FIRST) Object.assign(m, run(['--first', f.name]));
        samples[e.label].push(m);
        console.log(
          `run ${r + 1} ${e.label}: open ${m.openMs} ms, indexed ${m.indexedMs} ms, first row ${m.firstRowMs} ms, search ${m.searchMethodMs}/${m.searchMethodAgainMs} ms, text ${m.searchTextMs}/${m.searchTextAgainMs} ms, RSS ${m.rssBeforeMiB} → ${m.rssPeakMiB} MiB; first search at 0/3 s: method ${m.firstMethodAt0Ms}/${m.firstMethodAt3Ms} ms, text ${m.firstTextAt0Ms}/${m.firstTextAt3Ms} ms, longest stall after indexed ${m.firstMethodAt3StallMs} ms, RSS at 3 s ${m.firstMethodAt3RssMiB} MiB`,
        );
      }
      load.push(loadavg()[0]);
    }
    const keys = Object.keys(samples[engines[0].label][0]).filter(
      (k) => typeof samples[engines[0].label][0][k] === 'number' && !['events', 'frames', 'traceMiB'].includes(k),
    );
    const summary = Object.fromEntries(
      engines.map((e) => [
        e.label,
        { engine: e.path, ...Object.fromEntries(keys.map((k) => [k, stat(samples[e.label].map((m) => m[k]))])) },
      ]),
    );
    const first = samples[engines[0].label][0];
    const result = {
      date: new Date().toISOString().slice(0, 10),
      node: process.version,
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      loadAvg1m: { min: Math.min(...load), max: Math.max(...load), samples: load.map(round) },
      traceMiB: first.traceMiB,
      events: first.events,
      frames: first.frames,
      runs,
      method:
        'each run is a fresh `node --expose-gc` process: openTrace (open: it resolved; indexed: the index and the in-memory tail are complete), the last 500 frames read (first row: what the UI shows first, since its page info follows the index), 500 frames and 1,000 events from the middle, then `method:tools/call -is:request` and a full-text word searched twice each, then a number (`10000`) (the first search builds the frame summary, or waits for the background build); first<Kind>At<N>: in another fresh process each, that search issued N s after openTrace was called, Ms = from issue to answer (wall), CpuMs = the process CPU meanwhile, StallMs = the longest event-loop delay (monitorEventLoopDelay) from indexed to the issue (At3 only), RssMiB = RSS when issued; the engines alternate run by run on the same file',
      engines: summary,
    };
    mkdirSync(join(here, 'results'), { recursive: true });
    const out = opt('out') ? resolve(opt('out')) : join(here, 'results', `trace-open-${result.date}.json`);
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    for (const [label, s] of Object.entries(summary)) {
      console.log(`${label}: ${keys.map((k) => `${k} ${s[k].median} [${s[k].min}–${s[k].max}]`).join(', ')}`);
    }
    console.log(`wrote ${out}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function child(engineDir, file) {
  const { Engine } = await import(pathToFileURL(join(engineDir, 'index.js')).href);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const sampler = setInterval(sample, 10);
  const time = async (f) => {
    const t = performance.now();
    const value = await f();
    sample();
    return [round(performance.now() - t), value];
  };
  const engine = new Engine();
  const t0 = performance.now();
  // openTrace once indexed the whole file before it resolved (no `background`, no `indexed`).
  const session = await engine.openTrace(file, { background: true });
  const openMs = round(performance.now() - t0);
  await session.indexed;
  const indexedMs = round(performance.now() - t0);
  const info = session.pageInfo();
  const tail = await session.frames(Math.max(0, info.frames - 500), 500);
  const firstRowMs = round(performance.now() - t0);
  const [middleFramesMs, middle] = await time(() => session.frames(Math.floor(info.frames / 2), 500));
  const [middlePageMs] = await time(() => session.page(Math.floor(info.lastSeq / 2), 1000));
  const [searchMethodMs, found] = await time(() => session.searchFrames({ filter: 'method:tools/call -is:request', limit: 500 }));
  const [searchMethodAgainMs] = await time(() => session.searchFrames({ filter: 'method:tools/call -is:request', limit: 500 }));
  const [searchTextMs, text] = await time(() => session.searchFrames({ filter: 'needle', limit: 500 }));
  const [searchTextAgainMs] = await time(() => session.searchFrames({ filter: 'needle', limit: 500 }));
  const [searchNumberMs, number] = await time(() => session.searchFrames({ filter: '10000', limit: 500 }));
  clearInterval(sampler);
  sample();
  if (tail.length === 0 || middle.length !== 500 || found.total === 0 || text.total === 0)
    throw new Error(`unexpected answers: tail ${tail.length}, middle ${middle.length}, found ${found.total}, text ${text.total}`);
  console.log(
    JSON.stringify({
      traceMiB: mib(statSync(file).size),
      events: info.total,
      frames: info.frames,
      openMs,
      indexedMs,
      firstRowMs,
      middleFramesMs,
      middlePageMs,
      searchMethodMs,
      searchMethodAgainMs,
      methodMatches: found.total,
      searchTextMs,
      searchTextAgainMs,
      textMatches: text.total,
      searchNumberMs,
      numberMatches: number.total,
      rssBeforeMiB: mib(rssBefore),
      rssPeakMiB: mib(peak),
      rssAfterMiB: mib(process.memoryUsage().rss),
    }),
  );
  await engine.closeAll?.();
}

/** One search issued `delayMs` after openTrace is called, in a process of its own. */
async function childFirst(engineDir, file, { name, filter, delayMs }) {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const { Engine } = await import(pathToFileURL(join(engineDir, 'index.js')).href);
  global.gc?.();
  const engine = new Engine();
  const t0 = performance.now();
  const session = await engine.openTrace(file, { background: true });
  const stall = monitorEventLoopDelay({ resolution: 1 });
  void session.indexed.then(() => stall.enable());
  const wait = delayMs - (performance.now() - t0);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  stall.disable();
  const rss = process.memoryUsage().rss;
  const cpu = process.cpuUsage();
  const t = performance.now();
  const found = await session.searchFrames({ filter, limit: 500 });
  const ms = round(performance.now() - t);
  const used = process.cpuUsage(cpu);
  if (found.total === 0) throw new Error(`${name}: nothing found`);
  console.log(
    JSON.stringify({
      [`${name}Ms`]: ms,
      [`${name}CpuMs`]: round((used.user + used.system) / 1000),
      ...(delayMs > 0 ? { [`${name}StallMs`]: round(stall.count > 0 ? stall.max / 1e6 : 0), [`${name}RssMiB`]: mib(rss) } : {}),
    }),
  );
  await engine.dispose?.();
}

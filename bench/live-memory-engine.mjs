// Memory of a live session with many frames. A real stdio server (apps/proxy's fixture,
// tool `flood`) sends N notifications of ~SIZE bytes through mcpscope's engine; each mode runs in
// its own Node process (--expose-gc) so heaps do not mix:
//   bounded    EngineOptions.memoryBudget default (32 MiB per session), older events spill to disk
//   unbounded  memoryBudget: Infinity — the old behaviour (every event kept in memory)
// Prints heap/RSS before and after, and the latency of reading the oldest page back.
// Usage: node bench/live-memory-engine.mjs [--frames 100000] [--size 1024] [--engine <index.js>]
//   (after `pnpm -r build`; --engine: another build of @mcpscope/engine, e.g. a private bundle)
// `--matrix`: the default budget only, for every count × size of --counts (default
// 20000,100000) × --sizes (default 100,1024,102400), each in its own process: heap and RSS growth
// after GC against the budget, the bytes the window accounts (heapSize) and the events it keeps.
// Writes results/live-memory-budget-<date>.json. 100,000 × 100 KB is 10 GB through a pipe: minutes.
// `--mode chatty` (used by live-ui.mjs) is the engine-alone reference for the browser flood:
// e2e/fixtures/chatty-server.mjs with --flood-on-set-level, default budget; prints the time from
// sending logging/setLevel until the engine emitted the last of the N notifications, and RSS.
// The session's trace is recorded (into a temporary folder), as every session of `mcpscope` is;
// before 2026-11-28 this reference recorded none, so its times then were ~20-30% lower.
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './lib/stats.mjs';
import { machineBusyMs } from './lib/procs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);
const { values } = parseArgs({
  options: {
    frames: { type: 'string', default: '100000' },
    size: { type: 'string', default: '1024' },
    mode: { type: 'string' },
    matrix: { type: 'boolean', default: false },
    counts: { type: 'string', default: '20000,100000' },
    sizes: { type: 'string', default: '100,1024,102400' },
    engine: { type: 'string', default: join(root, 'packages/engine/dist/index.js') },
  },
});
const FRAMES = Number(values.frames);
const SIZE = Number(values.size);
const MiB = (n) => +(n / 1024 / 1024).toFixed(1);

const loadEngine = () => import(pathToFileURL(values.engine).href);

/** The chatty flood through the Engine alone: setLevel sent → the N-th notification emitted. */
async function chatty() {
  const { Engine } = await loadEngine();
  const server = join(root, 'e2e/fixtures/chatty-server.mjs');
  // Recording the session's trace, as `mcpscope` does for every session (launch.ts: tracesDir),
  // so the reference does what the browser path's proxy does apart from the browser.
  const tracesDir = mkdtempSync(join(os.tmpdir(), 'bench-engine-traces-'));
  const engine = new Engine({ stopGraceMs: 200, tracesDir });
  const session = await engine.open(
    { transport: 'stdio', command: process.execPath, args: [server, String(FRAMES), '--flood-on-set-level'], env: {} },
    { watchListChanges: false },
  );
  let seen = 0;
  let done;
  const all = new Promise((resolve) => (done = resolve));
  engine.subscribe((m) => {
    if (m.type === 'frame' && m.msg?.method === 'notifications/message' && ++seen === FRAMES) done();
  });
  const cpu0 = process.cpuUsage();
  const busy0 = machineBusyMs();
  const t0 = performance.now();
  await session.send({ method: 'logging/setLevel', params: { level: 'info' } });
  await all;
  const ingestMs = performance.now() - t0;
  const { user, system } = process.cpuUsage(cpu0);
  const coresBusy = +((machineBusyMs() - busy0) / ingestMs).toFixed(2);
  const rssMiB = MiB(process.memoryUsage().rss);
  await engine.dispose();
  rmSync(tracesDir, { recursive: true, force: true });
  return {
    mode: 'chatty',
    frames: FRAMES,
    ingestMs: +ingestMs.toFixed(0),
    rssMiB,
    cpuEngineMs: Math.round((user + system) / 1000),
    coresBusy,
  };
}

async function measure(mode) {
  if (mode === 'chatty') return chatty();
  const { Engine } = await loadEngine();
  const server = join(root, 'apps/proxy/test-fixtures/fixture-server.mjs');
  const snap = () => {
    globalThis.gc();
    const m = process.memoryUsage();
    return { heapUsedMiB: MiB(m.heapUsed), heapTotalMiB: MiB(m.heapTotal), externalMiB: MiB(m.external), rssMiB: MiB(m.rss) };
  };
  const engine = new Engine({ stopGraceMs: 200, ...(mode === 'unbounded' ? { memoryBudget: Infinity } : {}) });
  const session = await engine.open(
    { transport: 'stdio', command: process.execPath, args: [server], env: {} },
    { watchListChanges: false },
  );
  const before = snap();
  const t0 = performance.now();
  await session.send({ method: 'tools/call', params: { name: 'flood', arguments: { count: FRAMES, size: SIZE } } }, { timeoutMs: 600_000 });
  const ingestMs = performance.now() - t0;
  const after = snap();
  const info = session.pageInfo();
  const timed = async (fn) => {
    const ms = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const got = await fn();
      ms.push(performance.now() - t);
      if (got.length !== 500) throw new Error(`expected 500, got ${got.length}`);
    }
    return +median(ms).toFixed(2);
  };
  const oldestPageMs = await timed(() => session.page(1, 500));
  const oldestFramesMs = await timed(() => session.frames(0, 500));
  const middleFramesMs = await timed(() => session.frames(Math.floor(info.frames / 2), 500));
  const t1 = performance.now();
  const search = await session.searchFrames({ filter: 'flood 4242', limit: 100 });
  const searchAllMs = +(performance.now() - t1).toFixed(0);
  const held = session.events().length;
  const window = session.log.window;
  const accounted = window.memory().held;
  await engine.dispose();
  const heapGrowthMiB = +(after.heapUsedMiB - before.heapUsedMiB).toFixed(1);
  const budget = {
    budgetMiB: MiB(window.budget),
    accountedMiB: MiB(accounted),
    heapGrowthOverBudget: Number.isFinite(window.budget) ? +(heapGrowthMiB / MiB(window.budget)).toFixed(2) : null,
    heapGrowthOverAccounted: +(heapGrowthMiB / MiB(accounted)).toFixed(2),
    rssGrowthMiB: +(after.rssMiB - before.rssMiB).toFixed(1),
  };
  return {
    mode,
    frameBytes: SIZE,
    before,
    after,
    heapGrowthMiB,
    ...budget,
    ingestMs: +ingestMs.toFixed(0),
    framesTotal: info.frames,
    eventsInMemory: held,
    firstFrameInMemory: info.firstFrame,
    oldestPageMs,
    oldestFramesMs,
    middleFramesMs,
    searchAllMs,
    searchMatches: search.total,
  };
}

const run = (mode, frames = FRAMES, size = SIZE) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      ['--expose-gc', self, '--mode', mode, '--frames', String(frames), '--size', String(size), '--engine', values.engine],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    )
      .trim()
      .split('\n')
      .pop(),
  );
const load = () => os.loadavg().map((x) => +x.toFixed(1));

if (values.mode) {
  process.stdout.write(`${JSON.stringify(await measure(values.mode))}\n`);
} else if (values.matrix) {
  const loadAtStart = load();
  const rows = [];
  for (const frames of values.counts.split(',').map(Number)) {
    for (const size of values.sizes.split(',').map(Number)) {
      const r = run('bounded', frames, size);
      const row = {
        frames,
        frameBytes: size,
        budgetMiB: r.budgetMiB,
        heapGrowthMiB: r.heapGrowthMiB,
        rssGrowthMiB: r.rssGrowthMiB,
        accountedMiB: r.accountedMiB,
        heapGrowthOverBudget: r.heapGrowthOverBudget,
        heapGrowthOverAccounted: r.heapGrowthOverAccounted,
        eventsInMemory: r.eventsInMemory,
        framesTotal: r.framesTotal,
        ingestMs: r.ingestMs,
      };
      console.error(JSON.stringify(row));
      rows.push(row);
    }
  }
  const result = {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    engine: values.engine,
    loadAtStart,
    loadAtEnd: load(),
    rows,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, `bench/results/live-memory-budget-${result.date}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} else {
  const loadAtStart = load();
  const result = {
    date: new Date().toISOString().slice(0, 10),
    frames: FRAMES,
    frameBytes: SIZE,
    node: process.version,
    engine: values.engine,
    loadAtStart,
    bounded: run('bounded'),
    unbounded: run('unbounded'),
  };
  result.loadAtEnd = load();
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, `bench/results/live-memory-engine-${result.date}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}

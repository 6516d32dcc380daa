// A live 100,000-frame session in Chromium, memory bounded by bytes vs. everything kept.
// The built CLI launches e2e/fixtures/chatty-server.mjs (N log notifications of ~1 KB right after
// the handshake); Chromium opens the UI; per mode (fresh launch, fresh browser context):
//   ingestMs     page.goto → the frame count shows every frame
//   heapMiB      the tab's JS heap after two full GCs (CDP)
//   proxyRssMiB  RSS of the mcpscope process (engine + proxy)
//   topMs        scroll the frame log to the very top → the `initialize` row is drawn, no placeholder
//   scroll       rAF frame times while the log scrolls top → bottom in 40 jumps (pages come from disk)
//   searchMs     filter `frame-000042` (the 43rd notification, long out of memory) → its row
// Modes: bounded (default --memory-budget 32) and unbounded (--memory-budget 1048576: 1 TiB).
// Flood, per run, interleaved with the modes: the page is open on a connected session
// first (chatty-server --flood-on-set-level), then the page itself POSTs logging/setLevel and
// the server sends N notifications:
//   engineMs       the same flood through the Engine alone (live-memory-engine.mjs --mode chatty,
//                  its own process): setLevel sent → the N-th notification emitted
//   wsLastMs       setLevel sent → the last WebSocket message reached the page
//   countedMs      … → the frame count shows every frame (the store applied them all)
//   renderedMs     … → the row of the last frame is drawn (the log follows the tail)
//   ratio          wsLastMs / engineMs (target ≤ 1.5)
//   proxyRssMiB    RSS of the mcpscope process after the flood
//   node bench/live-ui.mjs [--frames 100000] [--runs 3] [--only flood|memory]
//     [--cli <mcpscope.js>] [--engine <engine index.js>] [--out <file.json>]
//     [--baseline-cli <mcpscope.js> --baseline-engine <engine index.js>]   (after `pnpm build`)
//   --baseline-*: another build (e.g. before a change) whose flood runs interleaved with --cli's
//   (mode `floodBaseline`).
//   --frames 1000000 --stalled: the flood also has a second /ws client that connects before the
//   flood and never reads (a raw TCP socket, paused: what a frozen or backgrounded tab looks like
//   to the proxy); mode `floodStalled` (and `floodBaselineStalled` with --baseline-cli). Every flood run samples, every 200 ms:
//     peakProxyRssMiB   the mcpscope process's RSS (its peak during the flood)
//     peakTabHeapMiB    the tab's JS heap in use (Runtime.getHeapUsage; its peak)
//     peakTotalMiB      the peak of proxy RSS + tab heap, sampled together (target: under 400)
//     skippedEvents     events the proxy skipped for the tab while it was more than its budget behind
//   --no-engine: skip the engine-alone reference (engineMs, ratio).
//   --driver pipe|playwright: the flood's page runs in a Chromium driven over a bare DevTools pipe
//   (default: no Network domain, so no DevTools client receives each WebSocket frame, as in a
//   user's tab) or through Playwright, whose page copies every frame to this process
//   (bench/lib/pipeChromium.mjs says what that costs). The memory modes use Playwright.
//   Every flood run also reports where the CPU went between setLevel and the last row drawn
//   (/proc, 10 ms ticks): cpuProxyMs, cpuServerMs, cpuChromium_<process type>Ms (renderer,
//   browser, NetworkService, gpu-process…), cpuBrowserAndRestMs (machine − proxy − server − this
//   script) and coresBusy (the machine's busy cores over the flood; 2 = both saturated);
//   the engine-alone reference adds engineCpuMs (its process) and engineCoresBusy.
//   --trace-page <dir>: a Chromium trace of the page during the flood (kept in <dir>) and the
//   main thread's time by event name (pageMainThread: style, layout, WebSocket messages…).
//   --profile <dir>: the flood's proxy runs with node --cpu-prof and the page with the CDP
//   Profiler; both .cpuprofile files go to <dir>, their top self-time functions to the results.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { launchPipeChromium } from './lib/pipeChromium.mjs';
import { chromiumCpuMs, cpuMs, descendants, machineBusyMs, rssKiB, start, stopTree, waitFor } from './lib/procs.mjs';
import { round, stat } from './lib/stats.mjs';
import { freePort } from './lib/tools.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const argText = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const arg = (name, dflt) => Number(argText(name, dflt));
const FRAMES = arg('--frames', 100_000);
const RUNS = arg('--runs', 3);
const ONLY = argText('--only', 'all');
const cli = resolve(argText('--cli', join(repo, 'apps/cli/dist/mcpscope.js')));
const engineBuild = resolve(argText('--engine', join(repo, 'packages/engine/dist/index.js')));
const baselineCli = process.argv.includes('--baseline-cli') ? resolve(argText('--baseline-cli')) : undefined;
const baselineEngine = resolve(argText('--baseline-engine', engineBuild));
const STALLED = process.argv.includes('--stalled');
const NO_ENGINE = process.argv.includes('--no-engine');
const TRACE_DIR = process.argv.includes('--trace-page') ? resolve(argText('--trace-page')) : undefined;
const PROFILE_DIR = process.argv.includes('--profile') ? resolve(argText('--profile')) : undefined;
// The flood's page: over a bare DevTools pipe (default; no Network domain, as a user's tab) or
// through Playwright (its page listens to every WebSocket frame; --trace-page needs it).
const DRIVER = argText('--driver', 'pipe');
if (DRIVER !== 'pipe' && DRIVER !== 'playwright') throw new Error(`--driver pipe|playwright, not ${DRIVER}`);
const TRACE_CATEGORIES = ['devtools.timeline', 'v8', 'blink', 'toplevel', 'disabled-by-default-devtools.timeline'];
const chatty = join(repo, 'e2e/fixtures/chatty-server.mjs');
const CHROMIUM = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] };
const MODES = { bounded: [], unbounded: ['--memory-budget', '1048576'] };
const MiB = (bytes) => round(bytes / 2 ** 20, 1);
const frameCount = (page) =>
  page.evaluate(() => Number((document.querySelector('[data-testid="frame-count"]')?.textContent ?? '').replace(/\D/g, '')));

async function heapAfterGc(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/** Scrolls the frame list in `steps` jumps, waiting for each to be drawn (no placeholder rows); returns rAF deltas. */
async function scrollThrough(page, steps) {
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (!window.__stop) requestAnimationFrame(tick);
    };
    window.__stop = false;
    requestAnimationFrame(tick);
  });
  const list = page.getByTestId('frame-list');
  for (let i = 0; i <= steps; i++) {
    await list.evaluate((el, f) => void (el.scrollTop = (el.scrollHeight - el.clientHeight) * f), i / steps);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="frame-row-loading"]').length === 0, null, {
      timeout: 30_000,
    });
  }
  return page.evaluate(() => ((window.__stop = true), window.__frames.splice(1)));
}

async function once(browser, mode) {
  const port = await freePort();
  const p = start(
    process.execPath,
    [cli, '--no-open', '--port', String(port), ...MODES[mode], '--', process.execPath, chatty, String(FRAMES)],
    {
      env: { ...process.env, MCPSCOPE_TOKEN: 'bench-token' },
    },
  );
  const context = await browser.newContext({ viewport: { width: 1440, height: 860 } });
  try {
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.status === 200,
          () => false,
        ),
      60_000,
      'mcpscope UI',
    );
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(`http://127.0.0.1:${port}/#token=bench-token`);
    await waitFor(async () => (await frameCount(page)) >= FRAMES + 3, 300_000, `${FRAMES} frames listed`);
    const ingestMs = performance.now() - t0;
    const heap = await heapAfterGc(page);
    const proxyRss = rssKiB(p.child.pid) * 1024;
    const list = page.getByTestId('frame-list');
    const t1 = performance.now();
    await list.evaluate((el) => void (el.scrollTop = 0));
    await page.locator('[data-testid="frame-row"][data-dir="out"]').filter({ hasText: 'initialize' }).first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="frame-row-loading"]').length === 0, null, {
      timeout: 30_000,
    });
    const topMs = performance.now() - t1;
    const frames = await scrollThrough(page, 40);
    const heapAfterScroll = await heapAfterGc(page);
    const t2 = performance.now();
    await page.getByTestId('frame-filter').fill('frame-000042');
    await page.getByTestId('frame-filter').press('Enter');
    await page.locator('[data-testid="frame-row"]').filter({ hasText: 'notifications/message' }).first().waitFor({ timeout: 60_000 });
    const searchMs = performance.now() - t2;
    const rowsInDom = await page.locator('[data-testid="frame-row"]').count();
    const sorted = [...frames].sort((a, b) => a - b);
    return {
      ingestMs: round(ingestMs),
      heapMiB: MiB(heap),
      heapAfterScrollMiB: MiB(heapAfterScroll),
      proxyRssMiB: MiB(proxyRss),
      topMs: round(topMs),
      scrollFrames: frames.length,
      scrollP95Ms: round(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
      scrollWorstMs: round(sorted[sorted.length - 1] ?? 0),
      longFramesOver50ms: frames.filter((f) => f > 50).length,
      searchMs: round(searchMs),
      rowsInDomAfterSearch: rowsInDom,
    };
  } finally {
    await context.close();
    await stopTree(p.child.pid);
  }
}

/** Records, in the page, when WebSocket messages arrive (a listener of its own; the app's is untouched). */
function watchSocket() {
  window.__ws = { last: 0, messages: 0 };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        window.__ws.last = performance.now();
        window.__ws.messages += 1;
      });
    }
  };
}

/**
 * In the page: POSTs setLevel, then samples at each animation frame that follows a change of the
 * page until `target` frames are counted and `lastSeq` (once known) is drawn. Only frames after a
 * change: a requestAnimationFrame loop would make the page draw 60 frames a second it would
 * otherwise not draw (~0.5 s of the renderer's CPU in a 6 s flood), which a user's tab does not pay.
 */
function floodInPage({ sessionId, token, target }) {
  // Kept cheap (the page's main thread is what is measured): the two elements are found once
  // (again if React replaced them), and only the frame log's rows are read (the children of its
  // row container, which follows the column header).
  let counter;
  let list;
  const count = () => {
    if (!counter?.isConnected) counter = document.querySelector('[data-testid="frame-count"]');
    return Number((counter?.textContent ?? '').replace(/\D/g, ''));
  };
  const maxRow = () => {
    if (!list?.isConnected) list = document.querySelector('[data-testid="frame-list"]');
    let max = 0;
    for (const row of list?.lastElementChild?.children ?? []) {
      const seq = Number(row.getAttribute('data-seq'));
      if (seq > max) max = seq;
    }
    return max;
  };
  const f = (window.__flood = { counted: 0, rendered: 0, wsLast: 0, wsMessages: 0, lastSeq: Infinity, history: [] });
  const t0 = performance.now();
  const ws0 = window.__ws.messages;
  fetch(`/api/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message: { method: 'logging/setLevel', params: { level: 'info' } } }),
  });
  const tick = () => {
    const now = performance.now() - t0;
    if (!f.counted && count() >= target) {
      f.counted = now;
      f.wsLast = window.__ws.last - t0;
      f.wsMessages = window.__ws.messages - ws0;
    }
    const seq = maxRow();
    if (!f.rendered && seq >= f.lastSeq) f.rendered = now;
    if (f.history.length === 0 || f.history[f.history.length - 1][1] !== seq) f.history.push([now, seq]);
    if (f.rendered) observer.disconnect();
  };
  let frameAsked = false;
  const observer = new MutationObserver(() => {
    if (frameAsked) return;
    frameAsked = true;
    requestAnimationFrame(() => {
      frameAsked = false;
      tick();
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  // Once lastSeq is known (set from outside) the check runs again, in case nothing changes after.
  f.check = () => requestAnimationFrame(tick);
  requestAnimationFrame(tick);
}

/**
 * The page's main thread during the flood from a Chromium trace (--trace-page <dir>; the trace is
 * kept there): time in each kind of top-level task and what ran inside (ms, by event name).
 */
function mainThreadTime(buffer, file) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8'));
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = traceEvents.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X' && e.dur > 0);
  const byName = {};
  for (const e of on) byName[e.name] = (byName[e.name] ?? 0) + e.dur / 1000;
  const top = Object.entries(byName)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, ms]) => ({ name, ms: round(ms) }));
  return { file, top };
}

/** CPU time so far of the proxy, of the server under it (its descendants), of this script and of the whole machine. */
function cpuSnapshot(proxyPid) {
  return {
    at: performance.now(),
    proxy: cpuMs(proxyPid),
    server: descendants(proxyPid).reduce((sum, pid) => sum + cpuMs(pid), 0),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    machine: machineBusyMs(),
    chromium: chromiumCpuMs(),
  };
}

/**
 * Where the flood's CPU went (ms; /proc ticks are 10 ms): the proxy, the server, Chromium and
 * everything else on the machine (machine − the rest), and the cores' busy share over the flood.
 */
function cpuSpent(a, b) {
  const proxy = b.proxy - a.proxy;
  const server = b.server - a.server;
  const machine = b.machine - a.machine;
  const bench = b.bench - a.bench;
  return {
    cpuProxyMs: round(proxy),
    cpuServerMs: round(server),
    cpuBenchMs: round(bench),
    cpuBrowserAndRestMs: round(machine - proxy - server - bench),
    ...Object.fromEntries(Object.entries(b.chromium).map(([type, ms]) => [`cpuChromium_${type}Ms`, round(ms - (a.chromium[type] ?? 0))])),
    coresBusy: Math.round((machine / (b.at - a.at)) * 100) / 100,
  };
}

function engineAlone(engine) {
  const out = execFileSync(
    process.execPath,
    [join(benchDir, 'live-memory-engine.mjs'), '--mode', 'chatty', '--frames', String(FRAMES), '--engine', engine],
    { encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').pop());
}

/** A /ws client that upgrades and then never reads: the proxy sees a tab that stopped taking data. */
function stalledClient(port, token) {
  return new Promise((resolveClient, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `GET /ws?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${Buffer.from('mcpscope-bench!!').toString('base64')}\r\n\r\n`,
      );
    });
    socket.once('data', (chunk) => {
      if (!chunk.toString('latin1').startsWith('HTTP/1.1 101')) return reject(new Error(`no upgrade: ${chunk.toString('latin1', 0, 80)}`));
      socket.pause(); // from here on, nothing is read: the kernel buffers fill, then the proxy's
      resolveClient(socket);
    });
    socket.on('error', () => {});
  });
}

/** Top self-time functions of a .cpuprofile (ms, share of the samples). */
function topSelf(file, n = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const dt = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const hits = new Map(profile.nodes.map((node) => [node.id, 0]));
  for (const id of profile.samples) hits.set(id, hits.get(id) + 1);
  const byFn = new Map();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + hits.get(node.id));
  }
  const total = profile.samples.length;
  return [...byFn]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([fn, k]) => ({ fn, ms: round(k * dt), pct: round((k / total) * 100) }));
}

async function flood(browser, cli, engineBuild, { stalled = false } = {}) {
  const engine = NO_ENGINE ? undefined : engineAlone(engineBuild);
  const port = await freePort();
  const token = 'bench-token';
  const profDir = PROFILE_DIR ? join(PROFILE_DIR, `run-${Date.now()}`) : undefined;
  if (profDir) mkdirSync(profDir, { recursive: true });
  const nodeArgs = profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir] : [];
  const p = start(
    process.execPath,
    [...nodeArgs, cli, '--no-open', '--port', String(port), '--', process.execPath, chatty, String(FRAMES), '--flood-on-set-level'],
    {
      env: { ...process.env, MCPSCOPE_TOKEN: token },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const api = (path) => fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
  let page;
  let cdp;
  let closePage = async () => {};
  let stalledSocket;
  let sampler;
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
      async () => (await api('/sessions')).sessions?.find((s) => s.state === 'connected'),
      60_000,
      'a connected session',
    );
    if (DRIVER === 'pipe') {
      page = await pipeBrowser.newPage();
      cdp = page.cdp;
      closePage = () => page.close();
    } else {
      const context = await browser.newContext({ viewport: { width: 1440, height: 860 } });
      closePage = () => context.close();
      page = await context.newPage();
      cdp = await context.newCDPSession(page);
    }
    await page.addInitScript(watchSocket);
    await page.goto(`${base}/#token=${token}`);
    const before = (await api(`/sessions/${session.id}/frames?index=0&limit=1`)).total;
    await waitFor(async () => (await frameCount(page)) === before, 60_000, 'the handshake frames listed');
    if (stalled) stalledSocket = await stalledClient(port, token);
    if (profDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const peak = { proxy: 0, heap: 0, heapTotal: 0, total: 0, samples: 0 };
    let sampling = false;
    sampler = setInterval(async () => {
      if (sampling) return;
      sampling = true;
      try {
        const proxy = rssKiB(p.child.pid) * 1024;
        const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage');
        peak.proxy = Math.max(peak.proxy, proxy);
        peak.heap = Math.max(peak.heap, usedSize);
        peak.heapTotal = Math.max(peak.heapTotal, totalSize);
        peak.total = Math.max(peak.total, proxy + usedSize);
        peak.samples++;
      } catch {}
      sampling = false;
    }, 200);
    // setLevel and its answer, then the flood.
    const target = before + 2 + FRAMES;
    if (TRACE_DIR) {
      if (DRIVER === 'pipe') await pipeBrowser.tracing.start(TRACE_CATEGORIES);
      else await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    }
    const cpu0 = cpuSnapshot(p.child.pid);
    await page.evaluate(floodInPage, { sessionId: session.id, token, target });
    await page.waitForFunction(() => window.__flood.counted > 0, null, { timeout: 1_800_000, polling: 250 });
    const total = (await api(`/sessions/${session.id}/frames?index=0&limit=1`)).total;
    const last = (await api(`/sessions/${session.id}/frames?index=${total - 1}&limit=1`)).frames[0];
    await page.evaluate((seq) => {
      const f = window.__flood;
      f.lastSeq = seq;
      // Drawn before we knew which seq to wait for: take the first sample that showed it.
      const seen = f.history.find(([, s]) => s >= seq);
      if (seen) f.rendered = seen[0];
      else f.check();
    }, last.seq);
    await page.waitForFunction(() => window.__flood.rendered > 0, null, { timeout: 120_000, polling: 100 });
    clearInterval(sampler);
    const cpu = cpuSpent(cpu0, cpuSnapshot(p.child.pid));
    const pageMainThread = TRACE_DIR
      ? mainThreadTime(
          await (DRIVER === 'pipe' ? pipeBrowser.tracing.stop() : browser.stopTracing()),
          join(TRACE_DIR, `page-${Date.now()}.json`),
        )
      : undefined;
    const f = await page.evaluate(() => window.__flood);
    // Events the proxy skipped for this tab while it was behind (the toolbar's note; 0 when none).
    const skipped = await page.evaluate(() =>
      Number((document.querySelector('[data-testid="frame-skipped"]')?.textContent ?? '').replace(/\D/g, '')),
    );
    let pageTop;
    if (profDir) {
      const { profile } = await cdp.send('Profiler.stop');
      const file = join(profDir, 'page.cpuprofile');
      writeFileSync(file, JSON.stringify(profile));
      pageTop = topSelf(file);
    }
    const proxyRssMiB = MiB(rssKiB(p.child.pid) * 1024);
    let proxyTop;
    if (profDir) {
      await stopTree(p.child.pid); // --cpu-prof writes its file at exit
      const file = readdirSync(profDir).find((n) => n.endsWith('.cpuprofile') && n !== 'page.cpuprofile');
      proxyTop = file ? topSelf(join(profDir, file)) : undefined;
    }
    return {
      ...(engine
        ? { engineMs: engine.ingestMs, engineRssMiB: engine.rssMiB, engineCpuMs: engine.cpuEngineMs, engineCoresBusy: engine.coresBusy }
        : {}),
      wsLastMs: round(f.wsLast),
      countedMs: round(f.counted),
      renderedMs: round(f.rendered),
      ...(engine ? { ratio: Math.round((f.wsLast / engine.ingestMs) * 100) / 100 } : {}),
      wsMessages: f.wsMessages,
      skippedEvents: skipped,
      proxyRssMiB,
      peakProxyRssMiB: MiB(peak.proxy),
      peakTabHeapMiB: MiB(peak.heap),
      peakTabHeapTotalMiB: MiB(peak.heapTotal),
      peakTotalMiB: MiB(peak.total),
      ...cpu,
      ...(pageMainThread ? { pageMainThread } : {}),
      ...(profDir ? { profile: { dir: profDir, proxyTop, pageTop } } : {}),
    };
  } finally {
    clearInterval(sampler);
    stalledSocket?.destroy();
    await closePage();
    await stopTree(p.child.pid);
  }
}

const loadAtStart = (await import('node:os')).loadavg().map((x) => round(x));
const browser = await chromium.launch(CHROMIUM);
const pipeBrowser = ONLY !== 'memory' && DRIVER === 'pipe' ? await launchPipeChromium(CHROMIUM) : undefined;
const runs = {
  ...(ONLY !== 'memory'
    ? {
        flood: [],
        ...(baselineCli ? { floodBaseline: [] } : {}),
        ...(STALLED ? { floodStalled: [], ...(baselineCli ? { floodBaselineStalled: [] } : {}) } : {}),
      }
    : {}),
  ...(ONLY !== 'flood' ? { bounded: [], unbounded: [] } : {}),
};
try {
  for (let i = 0; i < RUNS; i++) {
    for (const mode of Object.keys(runs)) {
      const r =
        mode === 'flood'
          ? await flood(browser, cli, engineBuild)
          : mode === 'floodBaseline'
            ? await flood(browser, baselineCli, baselineEngine)
            : mode === 'floodStalled'
              ? await flood(browser, cli, engineBuild, { stalled: true })
              : mode === 'floodBaselineStalled'
                ? await flood(browser, baselineCli, baselineEngine, { stalled: true })
                : await once(browser, mode);
      runs[mode].push(r);
      console.error(`${mode} run ${i + 1}: ${JSON.stringify(r)}`);
    }
  }
} finally {
  await browser.close();
  await pipeBrowser?.close();
}
const summary = Object.fromEntries(
  Object.entries(runs).map(([mode, rs]) => [
    mode,
    Object.fromEntries(
      Object.keys(rs[0])
        .filter((k) => typeof rs[0][k] === 'number')
        .map((k) => [k, stat(rs.map((r) => r[k]))]),
    ),
  ]),
);
const load = (await import('node:os')).loadavg().map((x) => round(x));
const result = {
  date: new Date().toISOString().slice(0, 10),
  frames: FRAMES,
  stalled: STALLED,
  frameBytes: 1024,
  runs: RUNS,
  cli,
  engine: engineBuild,
  ...(baselineCli ? { baselineCli, baselineEngine } : {}),
  node: process.version,
  floodDriver: DRIVER,
  loadAtStart,
  loadAtEnd: load,
  summary,
  raw: runs,
};
mkdirSync(join(benchDir, 'results'), { recursive: true });
const file = resolve(
  argText(
    '--out',
    join(benchDir, 'results', `live-ui-${ONLY === 'all' ? '' : `${ONLY}-`}${FRAMES === 100_000 ? '' : `${FRAMES}-`}${result.date}.json`),
  ),
);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(summary, null, 2));
console.log(`written to ${file}`);

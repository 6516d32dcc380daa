// Issue 5: a live 100,000-frame session in Chromium, memory bounded by bytes vs. everything kept.
// The built CLI launches e2e/fixtures/chatty-server.mjs (N log notifications of ~1 KB right after
// the handshake); Chromium opens the UI; per mode (fresh launch, fresh browser context):
//   ingestMs     page.goto → the frame count shows every frame
//   heapMiB      the tab's JS heap after two full GCs (CDP)
//   proxyRssMiB  RSS of the mcpscope process (engine + proxy)
//   topMs        scroll the frame log to the very top → the `initialize` row is drawn, no placeholder
//   scroll       rAF frame times while the log scrolls top → bottom in 40 jumps (pages come from disk)
//   searchMs     filter `frame-000042` (the 43rd notification, long out of memory) → its row
// Modes: bounded (default --memory-budget 32) and unbounded (--memory-budget 1048576: 1 TiB).
//   node bench/live-ui.mjs [--frames 100000] [--runs 3]        (after `pnpm build`)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { rssKiB, start, stopTree, waitFor } from './lib/procs.mjs';
import { round, stat } from './lib/stats.mjs';
import { freePort } from './lib/tools.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const arg = (name, dflt) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : dflt);
const FRAMES = arg('--frames', 100_000);
const RUNS = arg('--runs', 3);
const cli = join(repo, 'apps/cli/dist/mcpscope.js');
const chatty = join(repo, 'e2e/fixtures/chatty-server.mjs');
const CHROMIUM = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] };
const MODES = { bounded: [], unbounded: ['--memory-budget', '1048576'] };
const MiB = (bytes) => round(bytes / 2 ** 20, 1);
const frameCount = (page) => page.getByTestId('frame-count').textContent().then((t) => Number(t.replace(/\D/g, '')), () => 0);

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
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="frame-row-loading"]').length === 0, null, { timeout: 30_000 });
  }
  return page.evaluate(() => ((window.__stop = true), window.__frames.splice(1)));
}

async function once(browser, mode) {
  const port = await freePort();
  const p = start(process.execPath, [cli, '--no-open', '--port', String(port), ...MODES[mode], '--', process.execPath, chatty, String(FRAMES)], {
    env: { ...process.env, MCPSCOPE_TOKEN: 'bench-token' },
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 860 } });
  try {
    await waitFor(() => fetch(`http://127.0.0.1:${port}/`).then((r) => r.status === 200, () => false), 60_000, 'mcpscope UI');
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
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="frame-row-loading"]').length === 0, null, { timeout: 30_000 });
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

const browser = await chromium.launch(CHROMIUM);
const runs = { bounded: [], unbounded: [] };
try {
  for (let i = 0; i < RUNS; i++) {
    for (const mode of Object.keys(MODES)) {
      const r = await once(browser, mode);
      runs[mode].push(r);
      console.error(`${mode} run ${i + 1}: ${JSON.stringify(r)}`);
    }
  }
} finally {
  await browser.close();
}
const summary = Object.fromEntries(
  Object.entries(runs).map(([mode, rs]) => [mode, Object.fromEntries(Object.keys(rs[0]).map((k) => [k, stat(rs.map((r) => r[k]))]))]),
);
const result = { date: new Date().toISOString().slice(0, 10), frames: FRAMES, frameBytes: 1024, runs: RUNS, summary, raw: runs };
mkdirSync(join(benchDir, 'results'), { recursive: true });
const file = join(benchDir, 'results', `live-ui-${result.date}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(summary, null, 2));
console.log(`written to ${file}`);

// Browser check of the 100k-frame claim: serves the built UI from a fake proxy that streams
// N frames over a real WebSocket, then measures ingest time, scrolling jank and filter latency.
//   node apps/web/scripts/perf.mjs [N] [shot.png]
import { openSyntheticUi } from './syntheticUi.mjs';

const N = Number(process.argv[2] ?? 100_000);
const shot = process.argv[3];

const { browser, page, server, ingestMs } = await openSyntheticUi(N);
const rowsInDom = await page.getByTestId('frame-row').count();

// Jank while scrolling: count animation frames longer than 50 ms during 60 wheel steps.
await page.evaluate(() => {
  window.__frames = [];
  let last = performance.now();
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    if (window.__frames.length < 100000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
});
await page.getByTestId('frame-list').hover();
for (let k = 0; k < 30; k++) await page.mouse.wheel(0, -4000);
await page.evaluate(() => {
  const el = document.querySelector('[data-testid=frame-list]');
  el.scrollTop = el.scrollHeight / 2;
});
for (let k = 0; k < 30; k++) await page.mouse.wheel(0, 3000);
const frameTimes = await page.evaluate(() => window.__frames.splice(0));
const long = frameTimes.filter((f) => f > 50).length;
const worst = Math.max(...frameTimes);

// Keyboard: select a row, move down 50 rows.
await page.getByTestId('frame-row').first().click();
const tk = Date.now();
for (let k = 0; k < 50; k++) await page.keyboard.press('ArrowDown');
const keyMs = (Date.now() - tk) / 50;

// Filter latency (debounce 150 ms included).
const tf = Date.now();
await page.getByTestId('frame-filter').fill('method:resources/* -dir:in');
await page.waitForFunction((n) => {
  const t = document.querySelector('[data-testid=frame-count]')?.textContent ?? '';
  return / of /.test(t) && !t.startsWith(n);
}, N.toLocaleString('en-US'));
const filterMs = Date.now() - tf;
const filtered = await page.getByTestId('frame-count').textContent();
const tt = Date.now();
await page.getByTestId('frame-filter').fill('"reply 4242"');
await page.waitForFunction((prev) => document.querySelector('[data-testid=frame-count]')?.textContent !== prev, filtered, {
  timeout: 30_000,
});
const textFilterMs = Date.now() - tt;
const heap = await page.evaluate(() => (performance.memory ? Math.round(performance.memory.usedJSHeapSize / 1e6) : null));
if (shot) await page.screenshot({ path: shot });
const textFiltered = await page.getByTestId('frame-count').textContent();
console.log(
  JSON.stringify(
    {
      frames: N,
      ingestMs,
      rowsInDom,
      scrollFrames: frameTimes.length,
      longFramesOver50ms: long,
      worstFrameMs: Math.round(worst),
      msPerArrowKey: Math.round(keyMs),
      filterMs,
      filtered,
      textFilterMs,
      textFiltered,
      heapMB: heap,
    },
    null,
    1,
  ),
);
await browser.close();
await server.close();

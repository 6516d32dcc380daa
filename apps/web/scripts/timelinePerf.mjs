// The Timeline tab on N frames (default 100,000) streamed by the fake proxy: time to first
// render, DOM size (virtualized), scroll jank, zoom and pan latency.
//   node apps/web/scripts/timelinePerf.mjs [N] [shot.png]
import { openSyntheticUi } from './syntheticUi.mjs';

const N = Number(process.argv[2] ?? 100_000);
const shot = process.argv[3];

const { browser, page, server, ingestMs } = await openSyntheticUi(N);

const longFrames = () => page.evaluate(() => window.__frames.splice(0));
await page.evaluate(() => {
  window.__frames = [];
  let last = performance.now();
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
});
const tOpen = Date.now();
await page.getByTestId('tab-timeline').click();
await page.locator('[data-testid=timeline-bar]').first().waitFor();
const openMs = Date.now() - tOpen;
const domBars = await page.locator('[data-testid=timeline-bar]').count();
const domNodes = await page.evaluate(() => document.querySelectorAll('[data-testid=timeline-rows] *').length);
await longFrames();
await page.getByTestId('timeline-rows').hover();
for (let k = 0; k < 30; k++) await page.mouse.wheel(0, 4000);
await page.evaluate(() => {
  const el = document.querySelector('[data-testid=timeline-rows]');
  el.scrollTop = el.scrollHeight / 2;
});
for (let k = 0; k < 30; k++) await page.mouse.wheel(0, -3000);
const scrollFrames = await longFrames();
const tz = Date.now();
for (let k = 0; k < 20; k++) await page.getByTestId('timeline-zoom-in').click();
const zoomMs = (Date.now() - tz) / 20;
const box = await page.getByTestId('timeline-rows').boundingBox();
const tp = Date.now();
await page.mouse.move(box.x + 600, box.y + 100);
await page.mouse.down();
for (let k = 0; k < 30; k++) await page.mouse.move(box.x + 600 - k * 10, box.y + 100);
await page.mouse.up();
const panMs = (Date.now() - tp) / 30;
const gestureFrames = await longFrames();
if (shot) await page.screenshot({ path: shot });
console.log(
  JSON.stringify(
    {
      frames: N,
      ingestMs,
      openTimelineMs: openMs,
      domBars,
      domNodesInRows: domNodes,
      scroll: {
        frames: scrollFrames.length,
        longOver50ms: scrollFrames.filter((f) => f > 50).length,
        worstMs: Math.round(Math.max(...scrollFrames)),
      },
      msPerZoomClick: Math.round(zoomMs),
      msPerPanStep: Math.round(panMs),
      gestures: { longOver50ms: gestureFrames.filter((f) => f > 50).length, worstMs: Math.round(Math.max(...gestureFrames)) },
    },
    null,
    1,
  ),
);
await browser.close();
await server.close();

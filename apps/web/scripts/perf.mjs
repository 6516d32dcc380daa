// Browser check of the 100k-frame claim: serves the built UI from a fake proxy that streams
// N frames over a real WebSocket, then measures ingest time, scrolling jank and filter latency.
//   node apps/web/scripts/perf.mjs [N] [shot.png]
import { chromium } from '@playwright/test';
import { startFakeProxy } from './fakeProxy.mjs';

const N = Number(process.argv[2] ?? 100_000);
const shot = process.argv[3];

const session = { id: 's1', name: 'synthetic', state: 'connected', transport: 'stdio', target: 'node synthetic.js', createdAt: Date.now() - 60_000, wrapped: false, era: 'legacy', protocolVersion: '2025-11-25', serverInfo: { name: 'synthetic', version: '1.0.0' }, serverCapabilities: { tools: { listChanged: true }, logging: {} }, clientCapabilities: { roots: {} } };
const methods = ['tools/call', 'tools/list', 'resources/read', 'prompts/get', 'ping'];
function* frames(count) {
  let seq = 1, id = 1;
  while (seq <= count) {
    const method = methods[id % methods.length];
    const req = { jsonrpc: '2.0', id, method, params: { name: 'echo', arguments: { text: `message ${id}` } } };
    yield { type: 'frame', sessionId: 's1', seq, t: seq * 3, dir: 'out', msg: req, size: 90 };
    seq++;
    const res = { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `reply ${id}` }] } };
    yield { type: 'frame', sessionId: 's1', seq, t: seq * 3 + 2, dir: 'in', msg: res, size: 80, pair: { requestSeq: seq - 1, method, latencyMs: 5 } };
    seq++;
    id++;
  }
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
page.on('pageerror', (e) => console.log('page error:', e.message));
let t0 = 0;
const server = await startFakeProxy({
  info: { name: 'mcpscope', version: 'perf', wireVersion: 1 },
  async onSocket(send) {
    await send([{ type: 'hello', wireVersion: 1, sessions: [session] }]);
    let batch = [];
    for (const f of frames(N)) {
      batch.push(f);
      if (batch.length === 2000) await send(batch.splice(0));
    }
    await send([...batch, { type: 'ready' }]);
    console.log(`sent ${N} messages in ${Date.now() - t0} ms`);
  },
});
const base = `${server.url}/`;
t0 = Date.now();
await page.goto(`${base}#token=perf`);
await page.waitForFunction((n) => document.querySelector('[data-testid=frame-count]')?.textContent?.replace(/\D/g, '') === String(n), N, { timeout: 180_000 });
const ingestMs = Date.now() - t0;
const rowsInDom = await page.getByTestId('frame-row').count();

// Jank while scrolling: count animation frames longer than 50 ms during 60 wheel steps.
await page.evaluate(() => {
  window.__frames = [];
  let last = performance.now();
  const tick = (now) => { window.__frames.push(now - last); last = now; if (window.__frames.length < 100000) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
});
await page.getByTestId('frame-list').hover();
for (let k = 0; k < 30; k++) await page.mouse.wheel(0, -4000);
await page.evaluate(() => { const el = document.querySelector('[data-testid=frame-list]'); el.scrollTop = el.scrollHeight / 2; });
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
await page.waitForFunction((n) => { const t = document.querySelector('[data-testid=frame-count]')?.textContent ?? ''; return / of /.test(t) && !t.startsWith(n); }, N.toLocaleString('en-US'));
const filterMs = Date.now() - tf;
const filtered = await page.getByTestId('frame-count').textContent();
const tt = Date.now();
await page.getByTestId('frame-filter').fill('"reply 4242"');
await page.waitForFunction((prev) => document.querySelector('[data-testid=frame-count]')?.textContent !== prev, filtered, { timeout: 30_000 });
const textFilterMs = Date.now() - tt;
const heap = await page.evaluate(() => (performance.memory ? Math.round(performance.memory.usedJSHeapSize / 1e6) : null));
if (shot) await page.screenshot({ path: shot });
const textFiltered = await page.getByTestId('frame-count').textContent();
console.log(JSON.stringify({ frames: N, ingestMs, rowsInDom, scrollFrames: frameTimes.length, longFramesOver50ms: long, worstFrameMs: Math.round(worst), msPerArrowKey: Math.round(keyMs), filterMs, filtered, textFilterMs, textFiltered, heapMB: heap }, null, 1));
await browser.close();
await server.close();

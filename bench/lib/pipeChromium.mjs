// Chromium driven over --remote-debugging-pipe with the fewest DevTools domains: Target, Page
// (a script before the page's own, navigate), Emulation (the viewport), Runtime (evaluate, heap)
// and Profiler. No Network domain is enabled, so the browser does not copy every WebSocket frame
// to a DevTools client the way Playwright's page does (Playwright enables it on every page to
// report requests and WebSocket frames). That copy is not what a user's tab costs: during a
// 100k-frame flood it took ~1.3 s of the bench process's CPU and a share of the browser's.
// The page object offers the few methods bench/live-ui.mjs's flood uses, named as Playwright's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function launchPipeChromium({ executablePath, args = [], viewport = { width: 1440, height: 860 } }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const child = spawn(
    executablePath,
    [
      '--headless',
      '--remote-debugging-pipe',
      `--user-data-dir=${dataDir}`,
      '--no-first-run',
      '--no-default-browser-check',
      // What Playwright passes too, so a page in the background still runs its timers and frames.
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
      `--window-size=${viewport.width},${viewport.height}`,
      ...args,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3];
  const fromBrowser = child.stdio[4];
  let nextId = 1;
  const waiting = new Map();
  const listeners = new Set();
  let pending = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk) => {
    pending += chunk;
    let end = pending.indexOf('\0');
    while (end !== -1) {
      const message = JSON.parse(pending.slice(0, end));
      pending = pending.slice(end + 1);
      end = pending.indexOf('\0');
      if (message.id === undefined) {
        for (const listener of listeners) listener(message);
        continue;
      }
      const w = waiting.get(message.id);
      if (!w) continue;
      waiting.delete(message.id);
      if (message.error) w.reject(new Error(`${w.method}: ${message.error.message}`));
      else w.resolve(message.result);
    }
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject, method });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });

  async function newPage() {
    const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    const cdp = { send: (method, params) => send(method, params, sessionId) };
    await cdp.send('Page.enable'); // scripts added before a document run only with it
    await cdp.send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false });
    const evaluate = async (fn, arg) => {
      const expression = `(${fn})(${arg === undefined ? '' : JSON.stringify(arg)})`;
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (exceptionDetails) throw new Error(`page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    };
    return {
      cdp,
      evaluate,
      addInitScript: (fn) => cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${fn})()` }),
      async goto(url) {
        await cdp.send('Page.navigate', { url });
        const deadline = Date.now() + 30_000;
        while ((await evaluate(() => document.readyState).catch(() => 'loading')) !== 'complete') {
          if (Date.now() > deadline) throw new Error(`${url} did not load`);
          await new Promise((r) => setTimeout(r, 50));
        }
      },
      async waitForFunction(fn, arg, { timeout = 30_000, polling = 100 } = {}) {
        const deadline = Date.now() + timeout;
        while (!(await evaluate(fn, arg))) {
          if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms: ${String(fn).slice(0, 80)}`);
          await new Promise((r) => setTimeout(r, polling));
        }
      },
      close: () => send('Target.closeTarget', { targetId }),
    };
  }

  /** A Chromium trace of everything from start() to stop() (the trace's JSON text, as a Buffer). */
  const tracing = {
    start: (categories) => send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReturnAsStream' }),
    async stop() {
      const complete = new Promise((resolve) => {
        const on = (m) => {
          if (m.method !== 'Tracing.tracingComplete') return;
          listeners.delete(on);
          resolve(m.params.stream);
        };
        listeners.add(on);
      });
      await send('Tracing.end');
      const handle = await complete;
      const chunks = [];
      for (;;) {
        const { data, eof, base64Encoded } = await send('IO.read', { handle, size: 1 << 20 });
        chunks.push(Buffer.from(data, base64Encoded ? 'base64' : 'utf8'));
        if (eof) break;
      }
      await send('IO.close', { handle });
      return Buffer.concat(chunks);
    },
  };

  return {
    newPage,
    tracing,
    async close() {
      await send('Browser.close').catch(() => {});
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

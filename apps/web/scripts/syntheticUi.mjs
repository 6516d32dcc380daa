// Shared by perf.mjs and timelinePerf.mjs: the built UI served by the fake proxy, streaming
// N synthetic request/response frames of one session over a real WebSocket, in Chromium.
import { chromium } from '@playwright/test';
import { startFakeProxy } from './fakeProxy.mjs';

const methods = ['tools/call', 'tools/list', 'resources/read', 'prompts/get', 'ping'];

function* frames(count) {
  let seq = 1,
    id = 1;
  while (seq <= count) {
    const method = methods[id % methods.length];
    const req = { jsonrpc: '2.0', id, method, params: { name: 'echo', arguments: { text: `message ${id}` } } };
    yield { type: 'frame', sessionId: 's1', seq, t: seq * 3, dir: 'out', msg: req, size: 90 };
    seq++;
    const res = { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `reply ${id}` }] } };
    yield {
      type: 'frame',
      sessionId: 's1',
      seq,
      t: seq * 3 + 2,
      dir: 'in',
      msg: res,
      size: 80,
      pair: { requestSeq: seq - 1, method, latencyMs: 5 },
    };
    seq++;
    id++;
  }
}

/** Opens the UI on N synthetic frames and waits until all are ingested. */
export async function openSyntheticUi(N) {
  const session = {
    id: 's1',
    name: 'synthetic',
    state: 'connected',
    transport: 'stdio',
    target: 'node synthetic.js',
    createdAt: Date.now() - 60_000,
    wrapped: false,
    era: 'legacy',
    protocolVersion: '2025-11-25',
    serverInfo: { name: 'synthetic', version: '1.0.0' },
    serverCapabilities: { tools: { listChanged: true }, logging: {} },
    clientCapabilities: { roots: {} },
  };
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  page.on('pageerror', (e) => console.log('page error:', e.message));
  let t0 = 0;
  const server = await startFakeProxy({
    info: { name: 'mcpscope', version: 'perf', wireVersion: 1 },
    async onSocket(send) {
      await send([{ type: 'hello', wireVersion: 1, sessions: [session] }]);
      const batch = [];
      for (const f of frames(N)) {
        batch.push(f);
        if (batch.length === 2000) await send(batch.splice(0));
      }
      await send([...batch, { type: 'ready' }]);
      console.log(`sent ${N} messages in ${Date.now() - t0} ms`);
    },
  });
  t0 = Date.now();
  await page.goto(`${server.url}/#token=perf`);
  await page.waitForFunction((n) => document.querySelector('[data-testid=frame-count]')?.textContent?.replace(/\D/g, '') === String(n), N, {
    timeout: 180_000,
  });
  const ingestMs = Date.now() - t0;
  return { browser, page, server, base: `${server.url}/`, ingestMs };
}

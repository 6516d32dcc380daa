// Opens a 200 MB trace offline and reports time and memory (issue 5: "a 200 MB trace opens
// without loading it whole into memory"). Usage: node bench/trace-open.mjs [MB=200]
// Needs the engine built (pnpm --filter @mcpscope/engine build).
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath, pathToFileURL } from 'node:url';

const engineDist = pathToFileURL(fileURLToPath(new URL('../packages/engine/dist/index.js', import.meta.url))).href;
const targetBytes = Number(process.argv[2] ?? 200) * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-bench-trace-'));
const file = join(dir, 'big.ndjson');

async function generate() {
  const out = createWriteStream(file);
  const write = async (line) => {
    if (!out.write(line + '\n')) await once(out, 'drain');
  };
  await write(JSON.stringify({ type: 'header', format: 'mcpscope-trace', version: 1, createdAt: new Date().toISOString(), tool: { name: 'bench', version: '1' }, session: { id: 's1', name: 'big', transport: 'stdio', target: 'node big.js' } }));
  let seq = 0;
  let bytes = 0;
  const pad = 'x'.repeat(300);
  while (bytes < targetBytes) {
    seq++;
    const id = Math.ceil(seq / 2);
    const msg = seq % 2 ? { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { message: `${id} ${pad}` } } } : { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `${id} ${pad}` }] } };
    const line = JSON.stringify({ seq, t: seq / 10, sessionId: 's1', type: 'frame', dir: seq % 2 ? 'out' : 'in', msg, size: 350 });
    bytes += line.length + 1;
    await write(line);
  }
  out.end();
  await once(out, 'finish');
  return seq;
}

const mib = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
const t0 = performance.now();
const events = await generate();
console.log(`generated ${mib(statSync(file).size)} MiB, ${events} events in ${Math.round(performance.now() - t0)} ms`);

const { Engine } = await import(engineDist);
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const engine = new Engine();
const t1 = performance.now();
const session = await engine.openTrace(file);
const openMs = performance.now() - t1;
const t2 = performance.now();
const page = await session.page(Math.floor(events / 2), 1000);
const pageMs = performance.now() - t2;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ traceMiB: mib(statSync(file).size), events, openMs: Math.round(openMs), pageOf1000MidMs: Math.round(pageMs * 10) / 10, pageFirstSeq: page[0]?.seq, rssBeforeMiB: mib(rssBefore), rssPeakMiB: mib(peak), rssAfterMiB: mib(process.memoryUsage().rss), inMemoryTail: session.events().length }));
rmSync(dir, { recursive: true, force: true });

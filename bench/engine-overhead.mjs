// 1,000 sequential tools/call (echo) to the demo server over stdio: mcpscope's engine (tap,
// event log, linter with ajv, pairing) vs a bare SDK client with the SDK's stdio transport.
// Usage: node bench/engine-overhead.mjs [--calls 1000] [--runs 3] [--engine <index.js>] [--demo <demo-server.js>] [--out <file>]
//   (after `pnpm -r build`; --engine: another build of @mcpscope/engine, e.g. a private bundle)
import { writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { median, stat } from './lib/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    engine: { type: 'string', default: join(root, 'packages/engine/dist/index.js') },
    demo: { type: 'string', default: join(root, 'apps/cli/dist/demo-server.js') },
    out: { type: 'string' },
  },
});
const CALLS = Number(values.calls);
const RUNS = Number(values.runs);
const requireFromEngine = createRequire(join(root, 'packages/engine/package.json'));
const { Engine } = await import(pathToFileURL(values.engine).href);
const { Client } = await import(pathToFileURL(requireFromEngine.resolve('@modelcontextprotocol/client')).href);
const { StdioClientTransport } = await import(pathToFileURL(requireFromEngine.resolve('@modelcontextprotocol/client/stdio')).href);
const demo = values.demo;
const ARGS = { name: 'echo', arguments: { message: 'hello' } };

async function viaEngine() {
  const engine = new Engine({ stopGraceMs: 200 });
  const session = await engine.open(
    { transport: 'stdio', command: process.execPath, args: [demo], env: {}, era: 'legacy' },
    { watchListChanges: false },
  );
  await session.request('tools/call', ARGS);
  const t = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const out = await session.request('tools/call', ARGS);
    if (out.outcome !== 'result') throw new Error(JSON.stringify(out));
  }
  const ms = performance.now() - t;
  const frames = session.events().filter((e) => e.type === 'frame').length;
  await engine.closeAll();
  return { ms, frames };
}

async function viaSdk() {
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [demo] }));
  await client.callTool(ARGS);
  const t = performance.now();
  for (let i = 0; i < CALLS; i++) await client.callTool(ARGS);
  const ms = performance.now() - t;
  await client.close();
  return { ms };
}

const engineMs = [];
const sdkMs = [];
for (let r = 0; r < RUNS; r++) {
  sdkMs.push((await viaSdk()).ms);
  engineMs.push((await viaEngine()).ms);
}
const result = {
  date: new Date().toISOString().slice(0, 10),
  calls: CALLS,
  runs: RUNS,
  node: process.version,
  engine: values.engine,
  loadAtEnd: loadavg().map((x) => +x.toFixed(1)),
  engine_ms: stat(engineMs),
  sdk_ms: stat(sdkMs),
  engineMs: engineMs.map((x) => +x.toFixed(1)),
  sdkMs: sdkMs.map((x) => +x.toFixed(1)),
  engineMedianMs: +median(engineMs).toFixed(1),
  sdkMedianMs: +median(sdkMs).toFixed(1),
  ratio: +(median(engineMs) / median(sdkMs)).toFixed(3),
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(values.out ?? join(root, `bench/results/engine-overhead-${result.date}.json`), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));

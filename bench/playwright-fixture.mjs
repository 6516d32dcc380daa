// What the `mcp` fixture of @mcpscope/playwright adds to a test: per-test durations (Playwright's
// JSON report: the test with its test-scoped fixtures' setup and teardown) of a test that lists a
// stdio server's tools through the `mcp` fixture, through a bare MCP SDK client fixture, and of an
// empty test (Playwright's own cost). Each run is one `playwright test` of one variant with
// --tests tests in one worker; rounds rotate the variants' order (interleaved). The first test
// of each run also pays the worker's start (the engine, module loading) and is left out.
//   node bench/playwright-fixture.mjs [--rounds 5] [--tests 12] [--out <file>]   (after `pnpm build`)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stat } from './lib/stats.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, tests: { type: 'string', default: '12' }, out: { type: 'string' } },
});
const ROUNDS = Number(values.rounds);
const VARIANTS = ['empty', 'sdk', 'mcpscope'];
const cli = join(root, 'node_modules/@playwright/test/cli.js');
const tmp = join(here, '.tmp/playwright-fixture');

if (!existsSync(join(root, 'packages/playwright/dist/index.js')))
  throw new Error('packages/playwright/dist is missing: run `pnpm build` first');

function runVariant(variant) {
  rmSync(tmp, { recursive: true, force: true });
  const child = spawn(process.execPath, [cli, 'test', '-c', join(here, 'playwright-fixture/playwright.config.mjs')], {
    cwd: join(here, 'playwright-fixture'),
    env: { ...process.env, PW_BENCH_SPEC: variant, PW_BENCH_OUT: tmp, PW_BENCH_TESTS: values.tests },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${variant} run failed (${code}):\n${output}`));
      const report = JSON.parse(readFileSync(join(tmp, 'report.json'), 'utf8'));
      const results = report.suites.flatMap((s) => s.specs).map((s) => s.tests[0].results[0]);
      resolve(results.map((r) => r.duration));
    }),
  );
}

const samples = Object.fromEntries(VARIANTS.map((v) => [v, []]));
const firsts = Object.fromEntries(VARIANTS.map((v) => [v, []]));
const load = [loadavg()[0]];
for (let round = 0; round < ROUNDS; round++) {
  const order = VARIANTS.map((_, i) => VARIANTS[(i + round) % VARIANTS.length]);
  for (const variant of order) {
    const [first, ...rest] = await runVariant(variant);
    firsts[variant].push(first);
    samples[variant].push(...rest);
    process.stdout.write(
      `round ${round + 1}/${ROUNDS} ${variant}: median of ${rest.length} tests ${stat(rest).median} ms (first ${first} ms)\n`,
    );
  }
  load.push(loadavg()[0]);
}

const perTest = Object.fromEntries(VARIANTS.map((v) => [v, { ...stat(samples[v]), first: stat(firsts[v]) }]));
const result = {
  date: new Date().toISOString().slice(0, 10),
  node: process.version,
  cpus: cpus().length,
  loadavg1m: load.map((l) => Math.round(l * 10) / 10),
  rounds: ROUNDS,
  testsPerRun: Number(values.tests),
  server: 'packages/engine/test-fixtures/raw-server.mjs (stdio), one tools/list per test',
  perTestMs: perTest,
  fixtureMs: {
    sdk: Math.round((perTest.sdk.median - perTest.empty.median) * 10) / 10,
    mcpscope: Math.round((perTest.mcpscope.median - perTest.empty.median) * 10) / 10,
  },
};
const out = values.out ?? join(here, `results/playwright-fixture-${result.date}.json`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
for (const v of VARIANTS)
  console.log(`${v.padEnd(9)} median ${perTest[v].median} ms  (min ${perTest[v].min}, max ${perTest[v].max}, n ${samples[v].length})`);
console.log(`fixture start+stop per test: sdk ${result.fixtureMs.sdk} ms, mcpscope ${result.fixtureMs.mcpscope} ms → ${out}`);

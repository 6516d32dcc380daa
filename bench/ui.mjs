// Browser side-by-side: mcpscope vs. the official MCP Inspector 2.12 in Chromium,
// same machine, same target (the demo server over stdio, same `node`).
//   node bench/ui.mjs [--runs 3] [--frames 100000] [--perf-runs 3]
// Per run and tool (interleaved), a fresh launch and a fresh browser context:
//   connectMs  page.goto(UI) → the tool list is visible (mcpscope: Tools tab, tool-item;
//              inspector: its connect switch, then its Tools tab → list items); mcpscope twice:
//              server connected at launch, and launched empty + its Connect form (like-for-like)
//   shellMs    page.goto → the first control on that path exists (the UI has rendered)
//   echoMs     click call/“Execute Tool” on `echo` with a unique message → the text is rendered
// Then the 100,000-frame log, mcpscope only (apps/web/scripts/perf.mjs; the official inspector
// has no equivalent frame log).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { run, start, stopTree, waitFor } from './lib/procs.mjs';
import { round, stat } from './lib/stats.mjs';
import { freePort, mcpscope, node22, officialInspector } from './lib/tools.mjs';
import { uiDrivers } from './lib/uiDrivers.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const arg = (name, dflt) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : dflt);
const RUNS = arg('--runs', 3);
const FRAMES = arg('--frames', 100_000);
const PERF_RUNS = arg('--perf-runs', 3);
const cli = join(repo, 'apps/cli/dist/mcpscope.js');
const demo = join(repo, 'apps/cli/dist/demo-server.js');
const launcher = join(benchDir, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
const drivers = uiDrivers(demo);
const CHROMIUM = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] };

/** mcpscope launched without a target: the server is spawned from the page's Connect form. */
function mcpscopeUiConnect(tool) {
  return {
    ...tool,
    name: 'mcpscope (Connect form)',
    launch: (port) => ({ ...tool.launch(port), args: [cli, '--no-open', '--port', String(port)] }),
  };
}

async function once(tool, driver, browser, i) {
  const port = await freePort();
  const spec = tool.launch(port, await freePort());
  const p = start(spec.command, spec.args, { env: { ...process.env, ...spec.env } });
  const context = await browser.newContext({ viewport: { width: 1440, height: 860 } });
  try {
    const url = await waitFor(() => driver.url(p.out.stdout, port), 60_000, `${tool.name} URL`);
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.status === 200,
          () => false,
        ),
      60_000,
      `${tool.name} UI`,
    );
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(url);
    await driver.ready(page);
    const shellMs = performance.now() - t0;
    await driver.toolsListed(page);
    const connectMs = performance.now() - t0;
    const message = `bench echo ${i} ${Math.random().toString(36).slice(2)}`;
    await driver.prepareEcho(page, message);
    const t1 = performance.now();
    await driver.echo(page, message);
    const echoMs = performance.now() - t1;
    if (i === 0)
      await page.screenshot({ path: join(benchDir, '.tmp', `ui-${Object.keys(drivers).find((k) => drivers[k] === driver)}.png`) });
    return { shellMs, connectMs, echoMs };
  } catch (err) {
    await context
      .pages()[0]
      ?.screenshot({ path: join(benchDir, '.tmp', `ui-failed-${i}.png`) })
      .catch(() => {});
    throw err;
  } finally {
    await context.close();
    await stopTree(p.child.pid);
  }
}

/** apps/web/scripts/perf.mjs prints one JSON object last; take it (its exit code is not used). */
async function framesOnce() {
  const r = await run(process.execPath, [join(repo, 'apps/web/scripts/perf.mjs'), String(FRAMES)], { cwd: repo });
  // perf.mjs prints its JSON and then may exit 13 (its last `await server.close()` never settles).
  const json = r.stdout.slice(r.stdout.indexOf('{'));
  if (!json.trim().endsWith('}')) throw new Error(`perf.mjs failed (${r.code}): ${(r.stderr || r.stdout).slice(-400)}`);
  return JSON.parse(json);
}

async function main() {
  if (!existsSync(cli)) throw new Error('apps/cli/dist is missing: run `pnpm build` first');
  const home = join(benchDir, '.tmp/home');
  mkdirSync(home, { recursive: true });
  const node = await node22(benchDir);
  const server = ['node', demo];
  const tools = [
    { tool: mcpscope({ cli, server }), driver: drivers.mcpscope, s: { shellMs: [], connectMs: [], echoMs: [] }, errors: [] },
    {
      tool: mcpscopeUiConnect(mcpscope({ cli, server })),
      driver: drivers.mcpscopeForm,
      s: { shellMs: [], connectMs: [], echoMs: [] },
      errors: [],
    },
    {
      tool: officialInspector({ launcher, node, server, home }),
      driver: drivers.inspector,
      s: { shellMs: [], connectMs: [], echoMs: [] },
      errors: [],
    },
  ];
  const browser = await chromium.launch(CHROMIUM);
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const t of i % 2 ? [...tools].reverse() : tools) {
        try {
          const r = await once(t.tool, t.driver, browser, i);
          t.s.shellMs.push(r.shellMs);
          t.s.connectMs.push(r.connectMs);
          t.s.echoMs.push(r.echoMs);
          console.error(
            `run ${i + 1}/${RUNS} ${t.tool.name}: connect → tools ${round(r.connectMs)} ms (UI ready ${round(r.shellMs)} ms), echo → rendered ${round(r.echoMs)} ms`,
          );
        } catch (err) {
          t.errors.push(String(err.message ?? err).split('\n')[0]);
          console.error(`run ${i + 1}/${RUNS} ${t.tool.name}: FAILED ${t.errors.at(-1)}`);
        }
      }
    }
  } finally {
    await browser.close();
  }
  const frames = [];
  const frameErrors = [];
  for (let i = 0; i < PERF_RUNS; i++) {
    try {
      frames.push(await framesOnce());
      console.error(`frames ${i + 1}/${PERF_RUNS}: ${JSON.stringify(frames.at(-1))}`);
    } catch (err) {
      frameErrors.push(String(err.message ?? err));
      console.error(`frames ${i + 1}/${PERF_RUNS}: FAILED ${frameErrors.at(-1)}`);
    }
  }
  const pick = (k) => {
    const xs = frames.map((f) => f[k]).filter((v) => typeof v === 'number');
    return xs.length ? stat(xs) : null;
  };
  const report = {
    date: new Date().toISOString(),
    runs: RUNS,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, loadavg: loadavg().map(round) },
    node: { mcpscope: process.version, inspector: (await run(node, ['--version'])).stdout.trim() },
    browser: `Chromium ${browser.version()} (${CHROMIUM.args.join(' ')})`,
    results: tools.map((t) => ({
      tool: t.tool.name,
      shellMs: t.s.shellMs.length ? stat(t.s.shellMs) : null,
      connectMs: t.s.connectMs.length ? stat(t.s.connectMs) : null,
      echoMs: t.s.echoMs.length ? stat(t.s.echoMs) : null,
      errors: t.errors,
    })),
    frames: {
      tool: 'mcpscope',
      frames: FRAMES,
      runs: PERF_RUNS,
      ingestMs: pick('ingestMs'),
      heapMB: pick('heapMB'),
      longFramesOver50ms: pick('longFramesOver50ms'),
      worstFrameMs: pick('worstFrameMs'),
      scrollFrames: pick('scrollFrames'),
      rowsInDom: pick('rowsInDom'),
      filterMs: pick('filterMs'),
      raw: frames,
      errors: frameErrors,
      officialInspector: 'no equivalent: its Protocol/Logs panes are not a frame log fed by a stream; not measured',
    },
  };
  mkdirSync(join(benchDir, 'results'), { recursive: true });
  const file = process.argv.includes('--out')
    ? process.argv[process.argv.indexOf('--out') + 1]
    : join(benchDir, 'results', `ui-${report.date.slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    JSON.stringify({
      results: report.results.map((r) => ({
        tool: r.tool,
        connectMs: r.connectMs?.median,
        echoMs: r.echoMs?.median,
        errors: r.errors.length,
      })),
      frames: {
        heapMB: report.frames.heapMB?.median,
        ingestMs: report.frames.ingestMs?.median,
        longFrames: report.frames.longFramesOver50ms?.median,
        worstFrameMs: report.frames.worstFrameMs?.median,
      },
    }),
  );
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});

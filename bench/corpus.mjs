// Corpus benchmark: `mcpscope check --format json` and `mcpscope call tools/list` against real MCP
// servers from npm at pinned versions, over every transport they offer; on the targets marked
// `exercise`, also `check --exercise` (every tool called, valid and invalid).
//   node bench/corpus.mjs [--runs 3] [--cli apps/cli/dist/mcpscope.js] [--only id,id…] [--no-readme]
// Installs bench/corpus/servers.json into bench/.tmp/corpus/ (cached), runs every target N times
// (interleaved: run r visits the targets forwards when r is even, backwards when odd), judges
// every error finding with bench/corpus/verdicts.json, writes bench/results/corpus-<date>.json
// and the table between the corpus markers in bench/README.md.
//   node bench/corpus.mjs --rejudge bench/results/corpus-<date>.json
// re-applies verdicts.json to the raw runs kept in a results file (no server is started) and
// rewrites that file and the README block.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { round } from './lib/stats.mjs';
import { runCli, targetArgs } from './corpus/lib/cli.mjs';
import { installedVersion, installEntry } from './corpus/lib/install.mjs';
import { loadVerdicts } from './corpus/lib/judge.mjs';
import { markdown, summarizeTarget, totals } from './corpus/lib/report.mjs';
import { commandOf, expandTargets, startHttpTarget } from './corpus/lib/targets.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    cli: { type: 'string', default: join(repo, 'apps/cli/dist/mcpscope.js') },
    only: { type: 'string' },
    'no-readme': { type: 'boolean', default: false },
    out: { type: 'string' },
    rejudge: { type: 'string' },
  },
});
const RUNS = Number(opts.runs);
const cli = resolve(opts.cli);
const corpusTmp = join(benchDir, '.tmp/corpus');
const loopback = join(benchDir, 'corpus/loopback.cjs');

/** Installs the entries four at a time; returns id → install dir (the repo for local entries). */
async function installAll(servers) {
  const dirs = new Map();
  const queue = [...servers];
  const worker = async () => {
    for (let s; (s = queue.shift()); ) dirs.set(s.id, s.local ? repo : await installEntry(s, corpusTmp, benchDir));
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return dirs;
}

const sdkOf = (server, dir) => {
  if (server.local) return `server ${installedVersion(join(repo, 'packages/demo-server'), '@modelcontextprotocol/server')}`;
  const v1 = installedVersion(dir, '@modelcontextprotocol/sdk');
  const v2 = installedVersion(dir, '@modelcontextprotocol/server');
  return v1 ? `sdk ${v1}` : v2 ? `server ${v2}` : 'bundled';
};

/**
 * One run of one target: `check`, then `call tools/list`, each against its own fresh server (an
 * old HTTP+SSE server exits when its one client disconnects, and a fresh start keeps the two
 * measurements independent); the HTTP server is stopped after each.
 */
async function runOnce(target, dir, run) {
  const scratchRoot = join(benchDir, '.tmp/corpus-scratch');
  mkdirSync(scratchRoot, { recursive: true });
  const result = { run };
  const fail = (text) => (result.failure = [result.failure, text].filter(Boolean).join('; '));
  for (const step of ['check', 'list', ...(target.spec.exercise ? ['exercise'] : [])]) {
    const scratch = mkdtempSync(join(scratchRoot, `${target.server.id}-`));
    writeFileSync(join(scratch, 'hello.txt'), 'hello from the corpus bench\n');
    const vars = { scratch, cliDir: dirname(cli), repo };
    let http;
    try {
      if (target.transport !== 'stdio')
        http = await startHttpTarget(target, dir, vars, loopback).catch((err) => void fail(`server did not start: ${err.message}`));
      const cliArgs = target.spec.cliArgs ?? [];
      const connection =
        target.transport === 'stdio' ? { ...commandOf(target, dir, vars), cwd: dir, cliArgs } : http && { url: http.url, cliArgs };
      if (connection) await { check: checkStep, list: listStep, exercise: exerciseStep }[step](result, connection, scratch, fail);
    } finally {
      await http?.stop();
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return result;
}

async function checkStep(result, connection, cwd, fail) {
  const check = await runCli(cli, ['check', '--format', 'json', ...targetArgs(connection)], { cwd });
  result.checkMs = check.ms;
  result.checkExit = check.code;
  if (check.hung) return fail(`check hung (killed after 90 s): ${check.stderr.slice(-500)}`);
  if (check.code !== 0 && check.code !== 1) return fail(`check exit ${check.code ?? check.signal}: ${check.stderr.slice(-500)}`);
  try {
    result.report = JSON.parse(check.stdout);
  } catch {
    return fail(`check printed no JSON report (exit ${check.code}): ${check.stderr.slice(-500)}`);
  }
  const m = /connected: (\S+), (\S+) era, protocol (\S+)/.exec(result.report.notes?.[0] ?? '');
  if (m) result.connected = { transport: m[1], era: m[2], protocol: m[3] };
}

/**
 * `check --exercise`: every tool called (side effects included: only targets marked `exercise`,
 * whose tools act on a scratch dir or nothing), --timeout 5000 so a long-running demo tool ends.
 * Exit 2 with a report is a server that went away during the check: kept and judged.
 */
async function exerciseStep(result, connection, cwd, fail) {
  const run = await runCli(cli, ['check', '--exercise', '--timeout', '5000', '--format', 'json', ...targetArgs(connection)], { cwd });
  result.exerciseMs = run.ms;
  result.exerciseExit = run.code;
  if (run.hung) return fail(`check --exercise hung (killed after 90 s): ${run.stderr.slice(-500)}`);
  try {
    result.exerciseReport = JSON.parse(run.stdout);
  } catch {
    return fail(`check --exercise printed no JSON report (exit ${run.code ?? run.signal}): ${run.stderr.slice(-500)}`);
  }
}

async function listStep(result, connection, cwd, fail) {
  const call = await runCli(cli, ['call', 'tools/list', ...targetArgs(connection)], { cwd });
  result.callMs = call.ms;
  try {
    if (call.code !== 0) throw new Error();
    result.tools = JSON.parse(call.stdout).tools.length;
  } catch {
    fail(`call tools/list exit ${call.code ?? call.signal}${call.hung ? ' (hung)' : ''}: ${call.stderr.slice(-500)}`);
  }
}

function writeReadme(md) {
  const file = join(benchDir, 'README.md');
  const text = readFileSync(file, 'utf8');
  const block = `<!-- corpus:start -->\n${md}\n<!-- corpus:end -->`;
  const re = /<!-- corpus:start -->[\s\S]*<!-- corpus:end -->/;
  writeFileSync(file, re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`);
}

/** A report as kept in the results file: counts, findings (their places' messages, no excerpts), what was skipped. */
const slimReport = (report) => ({
  counts: report.counts,
  // Places as their messages (already so in a results file being rejudged).
  findings: report.findings.map(({ seq, excerpt, places, ...f }) => ({
    ...f,
    ...(places ? { places: places.map((p) => (typeof p === 'string' ? p : p.message)) } : {}),
  })),
  ...(report.serverExit ? { serverExit: report.serverExit, skipped: report.skipped } : {}),
});

/** A run as kept in the results file: the reports' counts and findings (no notes, excerpts). */
const slim = (r) => ({
  ...r,
  ...(r.checkMs !== undefined ? { checkMs: round(r.checkMs) } : {}),
  ...(r.callMs !== undefined ? { callMs: round(r.callMs) } : {}),
  ...(r.exerciseMs !== undefined ? { exerciseMs: round(r.exerciseMs) } : {}),
  ...(r.report ? { report: slimReport(r.report) } : {}),
  ...(r.exerciseReport ? { exerciseReport: slimReport(r.exerciseReport) } : {}),
});

/** Pretty JSON, except that each raw run stays on one line (the file is committed). */
const stringify = (report) =>
  `${JSON.stringify(report, (k, v) => (k === 'raw' && Array.isArray(v) ? v.map((x) => ({ __line: JSON.stringify(x) })) : v), 2).replace(
    /\{\s*"__line": ("(?:[^"\\]|\\.)*")\s*\}/g,
    (m, line) => JSON.parse(line),
  )}\n`;

/** Re-summarizes a results file's raw runs with the current verdicts.json. */
function rejudge(file, verdicts) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const servers = new Map(JSON.parse(readFileSync(join(benchDir, 'corpus/servers.json'), 'utf8')).servers.map((s) => [s.id, s]));
  report.targets = report.targets.map((row) => {
    const server = servers.get(row.server) ?? { id: row.server, package: row.package, version: row.version };
    const target = { id: row.target, server, transport: row.transport, spec: server.transports?.[row.transport] ?? {} };
    return { ...summarizeTarget(target, row.raw, verdicts, row.sdk), raw: row.raw.map(slim) };
  });
  report.totals = totals(report.targets);
  writeFileSync(file, stringify(report));
  if (!opts['no-readme']) writeReadme(markdown(report));
  console.log(JSON.stringify(report.totals));
}

async function main() {
  const verdicts = loadVerdicts(join(benchDir, 'corpus/verdicts.json'));
  if (opts.rejudge) return rejudge(resolve(opts.rejudge), verdicts);
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`pnpm build\` or pass --cli`);
  const t0 = performance.now();
  const only = opts.only?.split(',');
  const all = JSON.parse(readFileSync(join(benchDir, 'corpus/servers.json'), 'utf8')).servers;
  const servers = only ? all.filter((s) => only.some((o) => s.id.includes(o))) : all;
  const dirs = await installAll(servers);
  console.error(`installed ${servers.length} servers in ${round((performance.now() - t0) / 1000)} s`);
  const targets = expandTargets(servers);
  const results = new Map(targets.map((t) => [t.id, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const target of run % 2 ? [...targets].reverse() : targets) {
      const r = await runOnce(target, dirs.get(target.server.id), run);
      results.get(target.id).push(r);
      const c = r.report?.counts;
      const x = r.exerciseReport?.counts;
      const exercised = x ? `, exercise ${x.error}E ${x.warning}W ${x.info}I ${round(r.exerciseMs ?? 0)} ms` : '';
      console.error(
        `run ${run + 1}/${RUNS} ${target.id}: ${c ? `${c.error}E ${c.warning}W ${c.info}I` : 'no report'}, check ${round(r.checkMs ?? 0)} ms, list ${round(r.callMs ?? 0)} ms${exercised}${r.failure ? `  FAILED: ${r.failure.split('\n')[0]}` : ''}`,
      );
    }
  }
  // Each row keeps its raw runs (the check reports), so a later --rejudge needs no servers.
  const rows = targets.map((t) => ({
    ...summarizeTarget(t, results.get(t.id), verdicts, sdkOf(t.server, dirs.get(t.server.id))),
    raw: results.get(t.id).map(slim),
  }));
  const date = new Date().toISOString().slice(0, 10);
  const file = opts.out ?? join(benchDir, 'results', `corpus-${date}.json`);
  const report = {
    date: new Date().toISOString(),
    file: relative(join(benchDir, 'results'), file),
    runs: RUNS,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, loadavg: loadavg().map(round) },
    node: process.version,
    cliLabel: relative(repo, cli),
    wallMs: performance.now() - t0,
    totals: totals(rows),
    targets: rows,
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, stringify(report));
  if (!opts['no-readme']) writeReadme(markdown(report));
  console.log(JSON.stringify(report.totals));
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});

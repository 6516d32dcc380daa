// A call on a live session, side by side: mcpscope's `call --session` (and `check --session`,
// `sessions`) on a background mcpscope, the official inspector's `mcpdo` on its live connection,
// and `node -e 0` on each Node; `call --session --stdin` per call against the server's own time;
// `connect` cold and warm against a launch and the server's own connect time.
//   node bench/live.mjs [--runs 7] [--calls 300] [--cli apps/cli/dist/mcpscope.js] [--compare <other mcpscope.js>] [--out file.json] [--no-readme]
// Every run alternates the order of the rows (reversed every other round). Writes
// results/live-<date>.json (or --out) and the table between the live markers of README.md.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuMs, run, start, stopTree, waitFor } from './lib/procs.mjs';
import { median, round, stat } from './lib/stats.mjs';
import { freePort, node22 } from './lib/tools.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const repo = join(benchDir, '..');
const { values: argv } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    calls: { type: 'string', default: '300' },
    cli: { type: 'string' },
    compare: { type: 'string' },
    out: { type: 'string' },
    'no-readme': { type: 'boolean', default: false },
  },
});
const RUNS = Number(argv.runs);
const CALLS = Number(argv.calls);
const cli = resolve(argv.cli ?? join(repo, 'apps/cli/dist/mcpscope.js'));
const demo = join(dirname(cli), 'demo-server.js');
const compare = argv.compare ? resolve(argv.compare) : undefined;
const mcpdoBin = join(benchDir, 'node_modules/@modelcontextprotocol/inspector/clients/mcpdo/build/mcp-bin.js');
const tmp = join(benchDir, '.tmp/live');

async function must(command, args, env, what) {
  const r = await run(command, args, { env: { ...process.env, ...env } });
  if (r.code !== 0) throw new Error(`${what} failed (${r.code}): ${r.stderr}${r.stdout}`);
  return r;
}

/** A background mcpscope (its own data dir) with demo sessions: `d` and `k` (the default era, 2026-07-28) and `l` (2025-11-25). */
async function mcpscopeDaemon(name, entry) {
  const env = { XDG_DATA_HOME: join(tmp, `data-${name}`) };
  rmSync(env.XDG_DATA_HOME, { recursive: true, force: true });
  await must(process.execPath, [entry, 'connect', '--name', 'd', '--demo'], env, `${name} connect d`);
  await must(process.execPath, [entry, 'connect', '--name', 'l', '--era', 'legacy', '--demo'], env, `${name} connect l`);
  // check's own: its report holds every finding of the session so far, so the calls' frames would weigh on it.
  await must(process.execPath, [entry, 'connect', '--name', 'k', '--demo'], env, `${name} connect k`);
  return { env, stop: () => run(process.execPath, [entry, 'stop'], { env: { ...process.env, ...env } }) };
}

/** mcpdo's own daemon (a private one: `mcpdo private`), connected to the demo server (its default era, 2025-11-25). */
async function mcpdoDaemon(node) {
  const home = join(tmp, 'home-mcpdo');
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  const base = { HOME: home, MCP_INSPECTOR_SECRET_STORE: 'memory' };
  const exports = (await must(node, [mcpdoBin, 'private'], base, 'mcpdo private')).stdout;
  const env = { ...base };
  for (const [, key, value] of exports.matchAll(/export (\w+)='([^']*)'/g)) env[key] = value;
  await must(node, [mcpdoBin, 'connect', '--', 'node', demo], env, 'mcpdo connect');
  return { env, stop: () => run(node, [mcpdoBin, 'daemon', 'stop'], { env: { ...process.env, ...env } }) };
}

const echoed = (stdout) => JSON.parse(stdout).content?.[0]?.text === 'hi';
const listed = (stdout) => Array.isArray(JSON.parse(stdout).tools);

/**
 * One timed process: spawn → exit, its stdout checked; with `cpu`, also its own CPU time (user +
 * system, from /usr/bin/time: a daemon's is not in it), which a busy machine changes little.
 */
async function timed(row, cpu = false) {
  const [command, args] = cpu ? ['/usr/bin/time', ['-f', 'cpu %U %S', row.node, ...row.args]] : [row.node, row.args];
  const t0 = performance.now();
  const r = await run(command, args, { env: { ...process.env, ...row.env } });
  const ms = performance.now() - t0;
  if (r.code !== 0 || (row.check && !row.check(r.stdout)))
    throw new Error(`${row.name} failed (${r.code}): ${r.stderr.slice(0, 2000)}${r.stdout.slice(0, 500)}`);
  if (!cpu) return ms;
  const [, user, sys] = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr) ?? [];
  return { ms, cpuMs: (Number(user) + Number(sys)) * 1000 };
}

/** The background mcpscope's pid and the pid of session `d`'s server. */
async function pidsOf(entry, env) {
  const { sessions, mcpscopes } = JSON.parse((await must(process.execPath, [entry, 'sessions', '--json'], env, 'sessions')).stdout);
  const url = sessions.find((s) => s.name === 'd').mcpscope;
  const entryFile = join(env.XDG_DATA_HOME, 'mcpscope', 'running', `${mcpscopes.find((m) => m.url === url).pid}.json`);
  const { token } = JSON.parse(readFileSync(entryFile, 'utf8'));
  const list = await (await fetch(new URL('api/sessions', url), { headers: { authorization: `Bearer ${token}` } })).json();
  return { daemon: mcpscopes.find((m) => m.url === url).pid, server: list.sessions.find((s) => s.name === 'd').pid };
}

/**
 * `call --session d --stdin` with `n` echo lines: the process's wall time, and the CPU time
 * (user + system) of the three processes involved: the client (from /usr/bin/time), the
 * background mcpscope and the server (from /proc, 10 ms ticks). CPU does not wait for a core:
 * on a busy machine it says what a call costs when the wall time cannot.
 */
async function stdinRun(entry, env, n, pids) {
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({ id: i, method: 'tools/call', params: { name: 'echo', arguments: { message: `m${i}` } } }),
  ).join('\n');
  const before = { daemon: cpuMs(pids.daemon), server: cpuMs(pids.server) };
  const t0 = performance.now();
  const p = start('/usr/bin/time', ['-f', 'cpu %U %S', process.execPath, entry, 'call', '--session', 'd', '--stdin'], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  p.child.stdin.end(`${lines}\n`);
  const { code } = await p.exited;
  const ms = performance.now() - t0;
  const answers = p.out.stdout.trimEnd().split('\n');
  if (code !== 0 || answers.length !== n || !answers.every((l) => JSON.parse(l).result))
    throw new Error(`--stdin failed (${code}): ${p.out.stderr}`);
  const [, user, sys] = /cpu ([\d.]+) ([\d.]+)/.exec(p.out.stderr) ?? [];
  return {
    ms,
    clientCpuMs: (Number(user) + Number(sys)) * 1000,
    daemonCpuMs: cpuMs(pids.daemon) - before.daemon,
    serverCpuMs: cpuMs(pids.server) - before.server,
  };
}

/** Launch → `GET /` answers 200 (as bench/run.mjs measures it). */
async function launchMs(entry) {
  const port = await freePort();
  const t0 = performance.now();
  const p = start(process.execPath, [entry, '--no-open', '--port', String(port), '--', 'node', demo], {
    env: { ...process.env, MCPSCOPE_TOKEN: 'bench-token', XDG_DATA_HOME: join(tmp, 'data-launch') },
  });
  try {
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.status === 200,
          () => false,
        ),
      60_000,
      'the UI',
    );
    return performance.now() - t0;
  } finally {
    await stopTree(p.child.pid);
  }
}

/** `connect --demo` with no mcpscope running (it starts one in the background), then stopped. */
async function coldConnect(entry, i) {
  const env = { XDG_DATA_HOME: join(tmp, `data-cold-${i}`) };
  rmSync(env.XDG_DATA_HOME, { recursive: true, force: true });
  try {
    return await timed({ name: 'connect (cold)', node: process.execPath, args: [entry, 'connect', '--name', 'c', '--demo'], env });
  } finally {
    await run(process.execPath, [entry, 'stop'], { env: { ...process.env, ...env } });
  }
}

/** `connect --demo` to the running mcpscope, then that session closed again. */
async function warmConnect(entry, env, i) {
  const name = `w${i}`;
  try {
    return await timed({ name: 'connect (warm)', node: process.execPath, args: [entry, 'connect', '--name', name, '--demo'], env });
  } finally {
    await run(process.execPath, [entry, 'stop', '--session', name], { env: { ...process.env, ...env } });
  }
}

function rowsFor(name, entry, env, node) {
  const on = (session) => ['--session', session];
  return [
    {
      name: `${name}: call tools/call`,
      node,
      args: [entry, 'call', 'tools/call', '--tool', 'echo', '--arg', 'message=hi', ...on('d')],
      env,
      check: echoed,
    },
    { name: `${name}: call tools/list`, node, args: [entry, 'call', 'tools/list', ...on('d')], env, check: listed },
  ];
}

async function main() {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`pnpm build\` first`);
  mkdirSync(tmp, { recursive: true });
  const n22 = await node22(benchDir);
  const ours = await mcpscopeDaemon('mcpscope', cli);
  const other = compare ? await mcpscopeDaemon('compare', compare) : undefined;
  const mcpdo = await mcpdoDaemon(n22);
  const nodeRows = [
    { name: 'node -e 0 (Node 20)', node: process.execPath, args: ['-e', '0'], env: {} },
    { name: 'node -e 0 (Node 22)', node: n22, args: ['-e', '0'], env: {} },
  ];
  const rows = [
    ...nodeRows,
    ...rowsFor('mcpscope', cli, ours.env, process.execPath),
    {
      name: 'mcpscope: call tools/call, 2025-11-25 session',
      node: process.execPath,
      args: [cli, 'call', 'tools/call', '--tool', 'echo', '--arg', 'message=hi', '--session', 'l'],
      env: ours.env,
      check: echoed,
    },
    {
      name: 'mcpscope: call tools/list, 2025-11-25 session',
      node: process.execPath,
      args: [cli, 'call', 'tools/list', '--session', 'l'],
      env: ours.env,
      check: listed,
    },
    {
      name: 'mcpscope: check --session',
      node: process.execPath,
      args: [cli, 'check', '--session', 'k', '--format', 'json'],
      env: ours.env,
      check: (o) => Array.isArray(JSON.parse(o).findings),
    },
    {
      name: 'mcpscope: sessions',
      node: process.execPath,
      args: [cli, 'sessions', '--json'],
      env: ours.env,
      check: (o) => JSON.parse(o).sessions.length >= 3,
    },
    ...rowsFor('mcpscope (Node 22)', cli, ours.env, n22),
    {
      name: 'mcpdo (Node 22): tools/call',
      node: n22,
      args: [mcpdoBin, '--format', 'json', '@node', 'tools/call', 'echo', 'message:=hi'],
      env: mcpdo.env,
      check: echoed,
    },
    {
      name: 'mcpdo (Node 22): tools/list',
      node: n22,
      args: [mcpdoBin, '--format', 'json', '@node', 'tools/list'],
      env: mcpdo.env,
      check: listed,
    },
    ...(other
      ? [
          ...rowsFor('compare', compare, other.env, process.execPath),
          {
            name: 'compare: check --session',
            node: process.execPath,
            args: [compare, 'check', '--session', 'k', '--format', 'json'],
            env: other.env,
            check: (o) => Array.isArray(JSON.parse(o).findings),
          },
        ]
      : []),
  ];
  const pids = await pidsOf(cli, ours.env);
  const samples = new Map(
    [
      ...rows.flatMap((r) => [r.name, `${r.name} cpu`]),
      'stdinPerCallMs',
      'stdinClientCpuMs',
      'stdinDaemonCpuMs',
      'stdinServerCpuMs',
      'floorPerCallMs',
      'stdinOverheadMs',
      'serverConnectMs',
      'launchMs',
      'coldConnectMs',
      'warmConnectMs',
      'compareStdinPerCallMs',
      'compareStdinClientCpuMs',
      'compareStdinDaemonCpuMs',
      'compareColdConnectMs',
    ].map((k) => [k, []]),
  );
  const comparePids = other ? await pidsOf(compare, other.env) : undefined;
  const push = (k, v) => samples.get(k).push(v);
  try {
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 ? [...rows].reverse() : rows;
      for (const row of order) {
        const { ms, cpuMs: cpu } = await timed(row, true);
        push(row.name, ms);
        push(`${row.name} cpu`, cpu);
      }
      // --stdin: the process with CALLS lines minus the process with one, a call; the floor's own a call.
      // With --compare, the other build's too, before or after ours by turns.
      const compareStdin = async () => {
        if (!other) return;
        const [m, o] = [await stdinRun(compare, other.env, CALLS, comparePids), await stdinRun(compare, other.env, 1, comparePids)];
        push('compareStdinPerCallMs', (m.ms - o.ms) / (CALLS - 1));
        push('compareStdinClientCpuMs', (m.clientCpuMs - o.clientCpuMs) / (CALLS - 1));
        push('compareStdinDaemonCpuMs', (m.daemonCpuMs - o.daemonCpuMs) / (CALLS - 1));
      };
      if (i % 2) await compareStdin();
      const many = await stdinRun(cli, ours.env, CALLS, pids);
      const one = await stdinRun(cli, ours.env, 1, pids);
      if (!(i % 2)) await compareStdin();
      const floor = JSON.parse(
        (await must(process.execPath, [join(benchDir, 'floor-loop.mjs'), '--calls', String(CALLS), '--', 'node', demo], {}, 'floor-loop'))
          .stdout,
      );
      const perCall = (many.ms - one.ms) / (CALLS - 1);
      const cpu = (k) => (many[k] - one[k]) / (CALLS - 1);
      push('stdinClientCpuMs', cpu('clientCpuMs'));
      push('stdinDaemonCpuMs', cpu('daemonCpuMs'));
      push('stdinServerCpuMs', cpu('serverCpuMs'));
      push('stdinPerCallMs', perCall);
      push('floorPerCallMs', floor.perCallMs);
      push('stdinOverheadMs', perCall - floor.perCallMs);
      push('serverConnectMs', floor.connectMs);
      // With --compare, the other build's cold connect too (its own data dir: no mcpscope of ours runs there).
      const connects = [
        () => launchMs(cli),
        () => coldConnect(cli, i),
        () => warmConnect(cli, ours.env, i),
        ...(other ? [() => coldConnect(compare, `compare-${i}`)] : []),
      ];
      const got = [];
      const ks = connects.map((_, k) => k);
      for (const k of i % 2 ? ks.reverse() : ks) got[k] = await connects[k]();
      const [launch, cold, warm, compareCold] = got;
      push('launchMs', launch);
      push('coldConnectMs', cold);
      push('warmConnectMs', warm);
      if (other) push('compareColdConnectMs', compareCold);
      console.error(
        `run ${i + 1}/${RUNS}: ${rows.map((r) => `${r.name} ${round(samples.get(r.name).at(-1))}`).join(', ')}; --stdin ${round(perCall)} ms a call (floor ${round(floor.perCallMs)}); launch ${round(launch)}, cold ${round(cold)}, warm ${round(warm)}, server connect ${round(floor.connectMs)}`,
      );
    }
  } finally {
    await Promise.all([ours.stop(), other?.stop(), mcpdo.stop()]);
  }
  report(rows, samples, n22);
}

async function report(rows, samples, n22) {
  const s = (k) => stat(samples.get(k));
  const m = (k) => median(samples.get(k));
  // Per-run ratios: the runs of one round are adjacent in time, so a change of load hits both.
  const paired = (a, b) => Math.round(median(samples.get(a).map((x, i) => x / samples.get(b)[i])) * 100) / 100;
  const ratio = (a, b) => Math.round((m(a) / m(b)) * 100) / 100;
  const node20 = 'node -e 0 (Node 20)';
  const results = {
    date: new Date().toISOString(),
    runs: RUNS,
    calls: CALLS,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, loadavg: loadavg().map(round) },
    node: { mcpscope: process.version, mcpdo: (await run(n22, ['--version'])).stdout.trim() },
    cli: cli.startsWith(repo) ? cli.slice(repo.length + 1) : cli,
    rows: rows.map((r) => ({ name: r.name, ms: s(r.name), cpuMs: s(`${r.name} cpu`) })),
    stdin: {
      perCallMs: s('stdinPerCallMs'),
      floorPerCallMs: s('floorPerCallMs'),
      overheadMs: s('stdinOverheadMs'),
      clientCpuMs: s('stdinClientCpuMs'),
      daemonCpuMs: s('stdinDaemonCpuMs'),
      serverCpuMs: s('stdinServerCpuMs'),
      ...(compare
        ? {
            compare: {
              perCallMs: s('compareStdinPerCallMs'),
              clientCpuMs: s('compareStdinClientCpuMs'),
              daemonCpuMs: s('compareStdinDaemonCpuMs'),
            },
          }
        : {}),
    },
    connect: {
      coldMs: s('coldConnectMs'),
      warmMs: s('warmConnectMs'),
      launchMs: s('launchMs'),
      serverConnectMs: s('serverConnectMs'),
      ...(compare ? { compareColdMs: s('compareColdConnectMs') } : {}),
    },
    ratios: {
      callVsNode: ratio('mcpscope: call tools/call', node20),
      listVsNode: ratio('mcpscope: call tools/list', node20),
      callVsMcpdo: ratio('mcpscope: call tools/call', 'mcpdo (Node 22): tools/call'),
      listVsMcpdo: ratio('mcpscope: call tools/list', 'mcpdo (Node 22): tools/list'),
      checkVsNode: ratio('mcpscope: check --session', node20),
      ...(samples.get('compare: check --session')?.length ? { compareCheckVsNode: ratio('compare: check --session', node20) } : {}),
      sessionsVsNode: ratio('mcpscope: sessions', node20),
      call22VsNode22: ratio('mcpscope (Node 22): call tools/call', 'node -e 0 (Node 22)'),
      callCpuVsNode: ratio('mcpscope: call tools/call cpu', `${node20} cpu`),
      listCpuVsNode: ratio('mcpscope: call tools/list cpu', `${node20} cpu`),
      callCpuVsMcpdo: ratio('mcpscope: call tools/call cpu', 'mcpdo (Node 22): tools/call cpu'),
      coldVsLaunchPlusServer: Math.round((m('coldConnectMs') / (m('launchMs') + m('serverConnectMs'))) * 100) / 100,
      warmVsCall: ratio('warmConnectMs', 'mcpscope: call tools/call'),
      warmMinusServerVsCall: Math.round(((m('warmConnectMs') - m('serverConnectMs')) / m('mcpscope: call tools/call')) * 100) / 100,
    },
    pairedRatios: {
      callVsNode: paired('mcpscope: call tools/call', node20),
      listVsNode: paired('mcpscope: call tools/list', node20),
      callVsMcpdo: paired('mcpscope: call tools/call', 'mcpdo (Node 22): tools/call'),
      listVsMcpdo: paired('mcpscope: call tools/list', 'mcpdo (Node 22): tools/list'),
      checkVsNode: paired('mcpscope: check --session', node20),
      ...(samples.get('compare: check --session')?.length ? { compareCheckVsNode: paired('compare: check --session', node20) } : {}),
      sessionsVsNode: paired('mcpscope: sessions', node20),
      warmVsCall: paired('warmConnectMs', 'mcpscope: call tools/call'),
    },
  };
  const date = results.date.slice(0, 10);
  const out = argv.out ? resolve(argv.out) : join(benchDir, 'results', `live-${date}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  if (!argv['no-readme']) writeReadme(results, out);
  console.log(
    JSON.stringify({
      medians: Object.fromEntries(results.rows.map((r) => [r.name, r.ms.median])),
      stdin: results.stdin,
      connect: results.connect,
      ratios: results.ratios,
      pairedRatios: results.pairedRatios,
    }),
  );
}

function writeReadme(r, out) {
  const file = join(benchDir, 'README.md');
  const cell = (x) => `${x.median} (${x.min}–${x.max})`;
  const rel = out.startsWith(benchDir) ? out.slice(benchDir.length + 1) : out;
  const q = r.ratios;
  const p = r.pairedRatios;
  const table = [
    '<!-- live:start -->',
    `Latest run: ${r.date.slice(0, 16).replace('T', ' ')}, ${r.runs} runs each, interleaved, median (min–max); ${r.machine.cpus} × ${r.machine.cpu}, load ${r.machine.loadavg.join(' ')}; Node ${r.node.mcpscope} (mcpscope), ${r.node.mcpdo} (mcpdo). Raw numbers: [${rel}](${rel}).`,
    '',
    '| whole process, spawn → exit | ms | its own CPU (ms) |',
    '| --- | --- | --- |',
    ...r.rows.map((row) => `| ${row.name} | ${cell(row.ms)} | ${row.cpuMs.median} |`),
    '',
    '| | ms |',
    '| --- | --- |',
    `| \`call --session d --stdin\`, a call (${r.calls} echo calls in one process) | ${cell(r.stdin.perCallMs)} |`,
    ...(r.stdin.compare
      ? [
          `| \`call --session d --stdin\`, a call, the --compare build (CPU a call: client ${r.stdin.compare.clientCpuMs.median} / background ${r.stdin.compare.daemonCpuMs.median}) | ${cell(r.stdin.compare.perCallMs)} |`,
        ]
      : []),
    `| the server's own time a call (raw pipe client, no SDK) | ${cell(r.stdin.floorPerCallMs)} |`,
    `| overhead a call (the two above, per run) | ${cell(r.stdin.overheadMs)} |`,
    `| CPU a call: the \`--stdin\` client / the background mcpscope / the server | ${r.stdin.clientCpuMs.median} / ${r.stdin.daemonCpuMs.median} / ${r.stdin.serverCpuMs.median} |`,
    `| \`connect --demo\`, cold (no mcpscope running: it starts one in the background) | ${cell(r.connect.coldMs)} |`,
    ...(r.connect.compareColdMs ? [`| \`connect --demo\`, cold, the --compare build | ${cell(r.connect.compareColdMs)} |`] : []),
    `| \`connect --demo\`, warm (a background mcpscope runs) | ${cell(r.connect.warmMs)} |`,
    `| launch → UI served (as in the table above) | ${cell(r.connect.launchMs)} |`,
    `| the server's own connect time (spawn → \`initialize\` answered, raw pipe client) | ${cell(r.connect.serverConnectMs)} |`,
    '',
    `Ratios of the medians (paired, the median of the per-run ratios, in brackets): \`call tools/call --session\` ${q.callVsNode}× \`node -e 0\` (${p.callVsNode}×), \`tools/list\` ${q.listVsNode}× (${p.listVsNode}×); against mcpdo on its live connection ${q.callVsMcpdo}× (${p.callVsMcpdo}×) and ${q.listVsMcpdo}× (${p.listVsMcpdo}×); \`check --session\` ${q.checkVsNode}× (${p.checkVsNode}×) and \`sessions\` ${q.sessionsVsNode}× (${p.sessionsVsNode}×) \`node -e 0\`; on Node 22 \`call\` ${q.call22VsNode22}× its \`node -e 0\`. The process's own CPU (no waiting for a core; the daemons' not in it): \`call tools/call\` ${q.callCpuVsNode}× \`node -e 0\`'s, \`tools/list\` ${q.listCpuVsNode}×, ${q.callCpuVsMcpdo}× mcpdo's. \`connect\` cold ${q.coldVsLaunchPlusServer}× (launch → UI + the server's connect time); warm ${q.warmVsCall}× a \`call --session\` (${p.warmVsCall}×), ${q.warmMinusServerVsCall}× without the server's own connect time.`,
    '<!-- live:end -->',
  ].join('\n');
  const text = readFileSync(file, 'utf8');
  const marked = /<!-- live:start -->[\s\S]*<!-- live:end -->/;
  writeFileSync(file, marked.test(text) ? text.replace(marked, table) : `${text.trimEnd()}\n\n${table}\n`);
}

await main();

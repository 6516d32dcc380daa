// The server-side fuzz harness: runs the real mcpscope CLI (launch, call, check, lint
// of the recorded trace, wrap) against the hostile stdio and Streamable HTTP servers, seed by
// seed, and counts crashes. Used by apps/cli/src/fuzz.int.test.ts (small) and bench/fuzz.mjs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHostileHttp } from './http-server.mjs';
import { deepText, hostileLine, rng } from './messages.mjs';

const STDIO_SERVER = fileURLToPath(new URL('./stdio-server.mjs', import.meta.url));
/** What Node prints when a process dies of an uncaught exception or rejection. */
const CRASH_MARKERS = /Node\.js v\d+|Uncaught|FATAL ERROR|Maximum call stack|JavaScript heap out of memory|node:internal\/process/;

function run(cli, args, { env = {}, stdin, timeoutMs = 60_000 } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.on('error', () => {});
  if (stdin) child.stdin.end(stdin);
  else child.stdin.end();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Math.round(performance.now() - started) });
    });
  });
}

function verdict(target, seed, r, okCodes) {
  const crashed = r.signal !== null || !okCodes.includes(r.code) || CRASH_MARKERS.test(r.stderr);
  return { target, seed, code: r.code, signal: r.signal, ms: r.ms, crashed, ...(crashed ? { stderrTail: r.stderr.slice(-2000) } : {}) };
}

/** Launches the UI headless on the hostile server, drives it over the API, stops it with SIGTERM. */
async function launch(cli, serverArgs, seed, token) {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, '--no-open', '--port', '0', ...serverArgs], {
    env: { ...process.env, MCPSCOPE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 30_000;
  let alive = true;
  child.once('close', () => (alive = false));
  const base = async () => {
    while (alive && Date.now() < deadline) {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout);
      if (m) return m[1];
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  };
  const url = await base();
  const api = (path, init = {}) =>
    fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  if (url) {
    try {
      let session;
      while (alive && Date.now() < deadline) {
        const list = await (await api('/api/sessions')).json();
        session = (list.sessions ?? list).find?.((s) => s.state !== 'connecting');
        if (session) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      if (session?.state === 'connected') {
        await api(`/api/sessions/${session.id}/requests`, {
          method: 'POST',
          body: JSON.stringify({ method: 'tools/list', params: {} }),
        }).then((r) => r.text());
        await api(`/api/sessions/${session.id}/messages`, { method: 'POST', body: JSON.stringify({ message: { method: 'ping' } }) }).then(
          (r) => r.text(),
        );
        await api(`/api/sessions/${session.id}/events?from=0&limit=100000`).then((r) => r.text());
      }
    } catch {
      /* a refused request is judged by whether the process lives */
    }
  }
  const stillAlive = alive;
  child.kill('SIGTERM');
  const { code, signal } = await exited;
  const r = {
    code: stillAlive ? code : -1,
    signal: stillAlive ? signal : (signal ?? 'DIED'),
    stdout,
    stderr,
    ms: Math.round(performance.now() - started),
  };
  return verdict('launch', seed, { ...r, signal: r.signal === 'SIGTERM' ? null : r.signal }, [0]);
}

const WRAP_INPUT = `${[
  {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '0' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  { jsonrpc: '2.0', id: 2, method: 'ping' },
]
  .map((m) => JSON.stringify(m))
  .join('\n')}\n`;

/**
 * Runs every target for each seed. Returns the runs and the totals: `messages` is the number of
 * hostile messages the servers sent (count per stream), `crashes` the runs that crashed or hung.
 */
export async function fuzzCli({
  cli,
  seeds,
  count = 50,
  maxDepth = 10_000,
  workDir,
  targets = ['call', 'tool', 'check', 'lint', 'wrap', 'launch', 'http-call', 'http-check'],
  onRun = () => {},
}) {
  const runs = [];
  let messages = 0;
  const add = (v, sent) => {
    runs.push(v);
    messages += sent;
    onRun(v);
  };
  for (const seed of seeds) {
    const env = ['-e', `FUZZ_SEED=${seed}`, '-e', `FUZZ_COUNT=${count}`, '-e', `FUZZ_MAX_DEPTH=${maxDepth}`];
    const server = [...env, '--', process.execPath, STDIO_SERVER];
    const trace = join(workDir, `call-${seed}.ndjson`);
    const has = (t) => targets.includes(t);
    if (has('call'))
      add(
        verdict(
          'call',
          seed,
          await run(cli, ['call', 'tools/list', '--era', 'legacy', '--timeout', '5000', '--record', trace, ...server]),
          [0, 2, 3, 4, 5],
        ),
        count,
      );
    if (has('tool'))
      add(
        verdict(
          'tool',
          seed,
          await run(cli, ['call', 'tools/call', '--tool', 'constructor', '--arg', '__proto__={"x":1}', '--timeout', '5000', ...server]),
          [0, 1, 2, 3, 4, 5],
        ),
        count,
      );
    if (has('check'))
      add(
        verdict('check', seed, await run(cli, ['check', '--call-tools', '--timeout', '5000', '--format', 'text', ...server]), [0, 1, 2]),
        count,
      );
    if (has('lint') && existsSync(trace)) add(verdict('lint', seed, await run(cli, ['lint', trace]), [0, 1, 2]), 0);
    if (has('wrap')) {
      const wrapTrace = join(workDir, `wrap-${seed}.ndjson`);
      add(
        verdict(
          'wrap',
          seed,
          await run(cli, ['wrap', '--record', wrapTrace, '--no-record-all', '--', process.execPath, STDIO_SERVER], {
            stdin: WRAP_INPUT,
            env: { FUZZ_SEED: String(seed), FUZZ_COUNT: String(count), FUZZ_MAX_DEPTH: String(maxDepth) },
          }),
          [0],
        ),
        count,
      );
      if (existsSync(wrapTrace)) add(verdict('wrap-lint', seed, await run(cli, ['lint', wrapTrace]), [0, 1, 2]), 0);
    }
    if (has('launch')) add(await launch(cli, server, seed, `fuzz-token-${seed}-${'x'.repeat(24)}`), count);
    if (has('http-call') || has('http-check')) {
      const http = await startHostileHttp({ seed, count, maxDepth });
      try {
        if (has('http-call'))
          add(
            verdict('http-call', seed, await run(cli, ['call', 'tools/list', '--timeout', '5000', '--url', http.url]), [0, 2, 3, 4, 5]),
            count * 2,
          );
        if (has('http-check'))
          add(verdict('http-check', seed, await run(cli, ['check', '--timeout', '5000', '--url', http.url]), [0, 1, 2]), count * 3);
      } finally {
        await http.close();
      }
    }
  }
  return { runs, messages, crashes: runs.filter((r) => r.crashed).length };
}

/** Crafted trace files: each a way a trace someone sent you can be hostile. Returns [name, text|Buffer]. */
export function hostileTraces(r, { bigLineBytes = 100 * 1024 * 1024 } = {}) {
  const header = (extra = {}) =>
    JSON.stringify({
      type: 'header',
      format: 'mcpscope-trace',
      version: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      tool: { name: 'mcpscope', version: '0' },
      session: {
        id: 's',
        name: 's',
        transport: 'stdio',
        target: 'x',
        config: {
          transport: 'stdio',
          command: 'sh',
          args: ['-c', 'touch /tmp/mcpscope-fuzz-PWNED'],
          env: { NODE_OPTIONS: '--require /nonexistent' },
        },
      },
      ...extra,
    });
  const frame = (seq, msgText) => `{"type":"frame","seq":${seq},"t":${seq},"sessionId":"s","dir":"in","msg":${msgText},"size":10}`;
  const lines = [];
  for (let i = 1; i <= 50; i++) {
    const line = hostileLine(r);
    const text = Buffer.isBuffer(line) ? line.toString('latin1') : line;
    lines.push(
      text.startsWith('{') && text.endsWith('}')
        ? frame(i, text)
        : `{"type":"frame","seq":${i},"t":${i},"sessionId":"s","dir":"in","raw":${JSON.stringify(text)},"size":10}`,
    );
  }
  return [
    ['hostile-frames', `${[header(), ...lines].join('\n')}\n`],
    ['deep-event', `${[header(), frame(1, `{"jsonrpc":"2.0","method":"x","params":${deepText(10_000)}}`)].join('\n')}\n`],
    ['deep-header', `{"type":"header","format":"mcpscope-trace","version":1,"x":${deepText(10_000)}}\n`],
    ['bad-createdAt', `${[header({ createdAt: 1e400 }), frame(1, '{}')].join('\n').replace('"createdAt":null', '"createdAt":1e400')}\n`],
    [
      'proto-keys',
      `${[header({ __proto__: null }).replace('{"type"', '{"__proto__":{"type":"x"},"constructor":1,"type"'), frame(1, '{"__proto__":{"method":"x"},"method":"toString","id":"constructor"}')].join('\n')}\n`,
    ],
    [
      'invalid-utf8',
      Buffer.concat([
        Buffer.from(`${header()}\n`),
        Buffer.from([0xff, 0xfe, 0x00, 0x0a]),
        Buffer.from(`${frame(1, '{"jsonrpc":"2.0","method":"\\ud800"}')}\n`),
      ]),
    ],
    ['truncated', `${header()}\n${frame(1, '{"jsonrpc":"2.0","method":"notifications/message"}').slice(0, 40)}`],
    ['not-a-trace', '\u001b]52;c;cHduZWQ=\u0007 hello\n'],
    ['big-line', { size: bigLineBytes }],
  ];
}

/** `mcpscope open` on a file: once it listens, SIGTERM (a clean stop is exit 0); a refusal is exit 1. */
async function openThenStop(cli, file) {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'open', file, '--no-open', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  child.stdout.on('data', (d) => {
    stdout += d;
    if (/listening on/.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (d) => (stderr += d));
  const { code, signal } = await exited;
  clearTimeout(timer);
  return { code, signal, stdout, stderr, ms: Math.round(performance.now() - started) };
}

/** lint and open (served, then stopped) over each crafted trace. A crash, a hang or a run of the recorded command counts. */
export async function fuzzTraces({ cli, seeds, workDir, bigLineBytes, onRun = () => {} }) {
  const { writeFileSync, truncateSync, appendFileSync, rmSync } = await import('node:fs');
  const runs = [];
  const marker = '/tmp/mcpscope-fuzz-PWNED';
  rmSync(marker, { force: true });
  for (const seed of seeds) {
    for (const [name, content] of hostileTraces(rng(seed), { bigLineBytes })) {
      const file = join(workDir, `trace-${seed}-${name}.ndjson`);
      if (content.size) {
        writeFileSync(
          file,
          `${JSON.stringify({ type: 'header', format: 'mcpscope-trace', version: 1, createdAt: '2026-03-01T10:00:00.000Z', tool: { name: 'mcpscope', version: '0' }, session: { id: 's', name: 's', transport: 'stdio', target: 'x' } })}\n`,
        );
        truncateSync(file, content.size);
        appendFileSync(file, '\n');
      } else writeFileSync(file, content);
      for (const [target, args, ok] of [
        ['lint', ['lint', file], [0, 1, 2]],
        ['replay', ['replay', file], [1]],
      ]) {
        const v = verdict(`trace-${target}:${name}`, seed, await run(cli, args), ok);
        runs.push(v);
        onRun(v);
      }
      const v = verdict(`trace-open:${name}`, seed, await openThenStop(cli, file), [0, 1]);
      runs.push(v);
      onRun(v);
      rmSync(file, { force: true });
    }
  }
  const { existsSync: exists } = await import('node:fs');
  const ranRecorded = exists(marker);
  return { runs, traces: runs.length / 3, crashes: runs.filter((r) => r.crashed).length + (ranRecorded ? 1 : 0), ranRecorded };
}

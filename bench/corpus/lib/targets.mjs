// Expands servers.json into targets (server × transport) and starts/stops the HTTP ones.
// Contract: every HTTP server is started with corpus/loopback.cjs preloaded (127.0.0.1 only), in
// its own process group, on a free port the bench picked; `stop()` kills the whole group.
import { spawn } from 'node:child_process';
import { isAbsolute, join } from 'node:path';
import { isAlive, stopTree } from '../../lib/procs.mjs';
import { freePort } from '../../lib/tools.mjs';

/** One server × transport, with the placeholders still in its args/env (they differ per run). */
export function expandTargets(servers) {
  const out = [];
  for (const server of servers) {
    for (const [transport, spec] of Object.entries(server.transports)) {
      out.push({ id: `${server.id}/${transport}`, server, transport, spec });
    }
  }
  return out;
}

const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (m, name) => (Object.hasOwn(vars, name) ? String(vars[name]) : m));

/** The command line of a target: `node <entry> <args…>` with the placeholders filled in. */
export function commandOf(target, installDir, vars) {
  const entry = fill(target.spec.entry ?? target.server.entry, vars);
  const script = isAbsolute(entry) ? entry : join(installDir, entry);
  const args = (target.spec.args ?? []).map((a) => fill(a, vars));
  const env = Object.fromEntries(Object.entries(target.spec.env ?? {}).map(([k, v]) => [k, fill(v, vars)]));
  return { script, args, env };
}

/**
 * Starts an HTTP target and resolves once it listens on the port the bench gave it (the preload
 * prints `CORPUS_LISTENING <addr> <port>`), or rejects with its output after `timeoutMs`.
 */
export async function startHttpTarget(target, installDir, vars, loopback, timeoutMs = 30_000) {
  const port = await freePort();
  const { script, args, env } = commandOf(target, installDir, { ...vars, port });
  const child = spawn(process.execPath, ['--require', loopback, script, ...args], {
    cwd: installDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    await stopTree(child.pid);
    try {
      if (isAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen on ${port} after ${timeoutMs} ms:\n${output.slice(-2000)}`)), timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const m = /CORPUS_LISTENING (\S+) (\d+)/g;
      for (let hit; (hit = m.exec(output)); ) {
        if (Number(hit[2]) === port) {
          clearTimeout(timer);
          resolve({ address: hit[1] });
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal}) before listening:\n${output.slice(-2000)}`));
    });
  });
  try {
    const { address } = await ready;
    if (address !== '127.0.0.1') throw new Error(`listened on ${address}, not 127.0.0.1`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}${target.spec.path}`, port, pid: child.pid, output: () => output, stop };
}

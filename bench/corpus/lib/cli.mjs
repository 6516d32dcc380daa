// Runs the mcpscope CLI under test once and times it (spawn → exit, wall clock). A run that
// exceeds its budget is killed with its whole tree and reported as a hang, never awaited forever.
import { spawn } from 'node:child_process';
import { stopTree } from '../../lib/procs.mjs';

export function runCli(cli, args, { cwd, timeoutMs = 90_000 } = {}) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [cli, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => {
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      void stopTree(child.pid);
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, hung, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}

/**
 * The target part of the command line: `--url` for an HTTP target (the transport left to `auto`,
 * as a user types it), else `-e K=V… --cwd <install dir> -- node <script> <args…>`; a target's
 * `cliArgs` (servers.json) go before it.
 */
export function targetArgs(connection) {
  const extra = connection.cliArgs ?? [];
  if (connection.url) return [...extra, '--url', connection.url];
  const env = Object.entries(connection.env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  return [...extra, ...env, '--cwd', connection.cwd, '--', process.execPath, connection.script, ...connection.args];
}

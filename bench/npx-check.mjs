// Proves the published package works: `npm pack` apps/cli, then run it with
// `npx -y file:<tarball>` (fresh install from the registry, as a user would), against the
// embedded demo server and a stand-alone `node server.js`; fetch /api/info with the token;
// SIGTERM; check that no server child is left.
//   node bench/npx-check.mjs [--build]     (--build runs apps/cli/build.mjs first)
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descendants, isAlive, run, start, waitFor } from './lib/procs.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const cliDir = join(repo, 'apps/cli');
const LINE = /^mcpscope listening on (http:\/\/127\.0\.0\.1:(\d+))\/#token=(\S+)$/;

// A dependency-free stdio MCP server (2025-11-25 handshake) in its own directory.
const SERVER_JS = `
const rl = require('node:readline').createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize') return send({ id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'tiny', version: '1.0.0' } } });
  if (m.method === 'tools/list') return send({ id: m.id, result: { tools: [{ name: 'ping', inputSchema: { type: 'object' } }] } });
  send({ id: m.id, error: { code: -32601, message: 'Method not found' } });
});
`;

function check(condition, message) {
  if (!condition) throw new Error(`FAILED: ${message}`);
  console.log(`ok - ${message}`);
}

async function main() {
  if (process.argv.includes('--build')) {
    const b = await run(process.execPath, ['build.mjs'], { cwd: cliDir, stdio: ['ignore', 'pipe', 'pipe'] });
    if (b.code !== 0) throw new Error(`build failed:\n${b.stderr}`);
  }
  if (!existsSync(join(cliDir, 'dist/mcpscope.js')))
    throw new Error('apps/cli/dist is missing: run `pnpm --filter mcpscope build` (or pass --build)');

  const tmp = mkdtempSync(join(tmpdir(), 'mcpscope-npx-'));
  let app;
  try {
    const pack = await run('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: cliDir });
    if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
    const tarball = join(tmp, JSON.parse(pack.stdout)[0].filename);
    check(existsSync(tarball), `npm pack produced ${tarball}`);
    writeFileSync(join(tmp, 'server.js'), SERVER_JS);
    writeFileSync(join(tmp, 'package.json'), '{"type":"commonjs"}\n');
    const npx = (args) => ['-y', `file:${tarball}`, ...args];
    const env = { ...process.env, MCPSCOPE_TOKEN: 'npx-check-token' };

    // 1. Headless, against `node server.js` in the user's directory (also installs the package).
    const call = await run('npx', npx(['call', 'tools/list', '--', 'node', 'server.js']), { cwd: tmp, env });
    check(
      call.code === 0 && JSON.parse(call.stdout).tools[0].name === 'ping',
      `npx … call tools/list -- node server.js exits 0${call.code === 0 ? '' : ` (got ${call.code}: ${call.stderr})`}`,
    );

    // 2. Launch with the embedded demo server.
    app = start('npx', npx(['--no-open', '--port', '0', '--demo']), { cwd: tmp, env });
    const [, base, , token] = await app.line(LINE, 120_000);
    check(token === 'npx-check-token', 'prints the listening line with MCPSCOPE_TOKEN');
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const info = await (await fetch(`${base}/api/info`, auth)).json();
    check(info.name === 'mcpscope' && info.demo?.transport === 'stdio', 'GET /api/info answers with the token');
    const connected = () =>
      fetch(`${base}/api/sessions`, auth)
        .then((r) => r.json())
        .then((b) => b.sessions?.some((s) => s.state === 'connected'));
    await waitFor(connected, 30_000, 'the demo session to connect');
    check(true, 'the demo server session is connected');
    check((await fetch(`${base}/`)).status === 200, 'GET / serves the web UI');
    const children = descendants(app.child.pid);
    check(children.length >= 2, `process tree under npx: ${children.join(', ')}`);
    // SIGTERM to npx alone: npm and its `sh -c` die without passing it on, so this also proves
    // that mcpscope notices its parent is gone and shuts down (apps/cli/src/stop-signal.ts).
    app.child.kill('SIGTERM');
    const exit = await app.exited;
    check(exit.code !== null || exit.signal === 'SIGTERM', `npx exits after SIGTERM (${JSON.stringify(exit)})`);
    await waitFor(() => children.every((pid) => !isAlive(pid)), 5_000, 'every child to be gone');
    check(true, 'no mcpscope or server process is left');
    console.log('npx-check: all good');
  } finally {
    // On failure, leave nothing running: the tree under our npx child, by pid.
    if (app)
      for (const pid of [...descendants(app.child.pid), app.child.pid])
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});

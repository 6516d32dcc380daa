// How each inspector is started, called and connected, for bench/run.mjs.
import { createServer } from 'node:net';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './procs.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The official inspector 2.x needs Node >= 22.19; `npm i node@22` gives one from the registry. */
export async function node22(benchDir) {
  const dir = join(benchDir, '.tmp/node22');
  const bin = join(dir, 'node_modules/node/bin/node');
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    const r = await run('npm', ['i', '--no-save', '--prefix', dir, 'node@22'], { cwd: dir });
    if (r.code !== 0 || !existsSync(bin)) throw new Error(`could not install node@22:\n${r.stderr}`);
  }
  return bin;
}

const auth = (token) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

/**
 * `node`: the Node binary mcpscope runs on (default this one, Node 20 here); `launchOnly`: no
 * headless rows (the Node 22 row compares launch and idle RSS with the official on its Node).
 */
export function mcpscope({ cli, server, node = process.execPath, name = 'mcpscope', launchOnly = false }) {
  return {
    name,
    launch: (port) => ({
      command: node,
      args: [cli, '--no-open', '--port', String(port), '--', ...server],
      env: { MCPSCOPE_TOKEN: 'bench-token' },
    }),
    call: launchOnly ? undefined : (target = server) => ({ command: node, args: [cli, 'call', 'tools/list', '--', ...target], env: {} }),
    /** mcpscope connects on launch; wait until the session says so. */
    async connect(base) {
      const r = await fetch(`${base}/api/sessions`, { headers: auth('bench-token') });
      const body = await r.json();
      return body.sessions?.some((s) => s.state === 'connected');
    },
  };
}

/**
 * The floor of launch → UI served: `node` itself starting an http server that answers GET / with
 * two bytes (nothing loaded, nothing to connect); its idle RSS is a bare Node's.
 */
export function nodeFloor({ node, name }) {
  return {
    name,
    launch: (port) => ({
      command: node,
      args: ['-e', `require('node:http').createServer((req, res) => res.end('ok')).listen(${port}, '127.0.0.1')`],
      env: {},
    }),
    connect: async () => true,
  };
}

/** A bench script that makes the one-shot tools/list itself: `node <script> -- <server…>`. No UI. */
function scriptClient(name, script, server) {
  return { name, call: (target = server) => ({ command: process.execPath, args: [script, '--', ...target], env: {} }) };
}

/** bench/bare-call.mjs: a bare SDK client doing the same one-shot tools/list. */
export const bareSdk = ({ script, server }) => scriptClient('bare SDK client', script, server);

/** Below any client: bench/floor-call.mjs, raw JSON-RPC lines on a pipe (no SDK), the request written at spawn. */
export const floorClient = ({ script, server }) => scriptClient('floor: raw pipe client, no SDK', script, server);

export function officialInspector({ launcher, node, server, home }) {
  const env = (port, sandboxPort) => ({
    HOME: home,
    MCP_AUTO_OPEN_ENABLED: 'false',
    CLIENT_PORT: String(port),
    MCP_SANDBOX_PORT: String(sandboxPort ?? 0),
    MCP_INSPECTOR_API_TOKEN: 'bench-token',
    MCP_INSPECTOR_SECRET_STORE: 'memory',
  });
  return {
    name: 'official inspector 2.12',
    launch: (port, sandboxPort) => ({ command: node, args: [launcher, '--web', '--', ...server], env: env(port, sandboxPort) }),
    call: (target = server) => ({
      command: node,
      args: [launcher, '--cli', '--method', 'tools/list', '--', ...target],
      env: { HOME: home },
    }),
    /**
     * Its MCP client lives in the browser; the backend only holds the transport. Do what the
     * page does: open the transport, then initialize through /api/mcp/send.
     */
    async connect(base) {
      const headers = { 'content-type': 'application/json', 'x-mcp-remote-auth': 'Bearer bench-token' };
      const [command, ...args] = server;
      const c = await fetch(`${base}/api/mcp/connect`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ config: { type: 'stdio', command, args } }),
      });
      if (!c.ok) throw new Error(`inspector connect: HTTP ${c.status} ${await c.text()}`);
      const session = (await c.json()).sessionId;
      const init = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
      };
      const r = await fetch(`${base}/api/mcp/send`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ sessionId: session, message: init }),
      });
      if (!r.ok) throw new Error(`inspector initialize: HTTP ${r.status} ${await r.text()}`);
      await fetch(`${base}/api/mcp/send`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ sessionId: session, message: { jsonrpc: '2.0', method: 'notifications/initialized' } }),
      });
      return true;
    },
  };
}

// A minimal legacy-era stdio MCP server (raw JSON-RPC) whose helper daemonizes the classic way
// when tools/list comes: it spawns a detached child that starts `setsid <sleeper>` and exits at
// once (a double fork), and the server answers only once that child is gone, so the sleeper is
// orphaned, in a session of its own, between two walks of the server's tree. The sleeper's code
// ends in `// <marker>` (the argument), so a test finds it by its command line (its pid inside a
// PID namespace is not the host's). `--exit-7`: exit with code 7 when stdin closes.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const marker = process.argv[2] ?? 'daemonized-sleeper';
const sleeper = `setInterval(() => {}, 1000); // ${marker}`;
const helper = `require('node:child_process').spawn('setsid', [process.execPath, '-e', ${JSON.stringify(sleeper)}], { stdio: 'ignore', detached: true }).unref();`;

const send = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
createInterface({ input: process.stdin })
  .on('line', (line) => {
    const msg = JSON.parse(line);
    if (msg.method === 'initialize') {
      send({
        jsonrpc: '2.0',
        id: msg.id,
        result: {
          protocolVersion: msg.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'daemonizing-server', version: '1.0.0' },
        },
      });
    } else if (msg.method === 'tools/list') {
      spawn(process.execPath, ['-e', helper], { stdio: 'ignore', detached: true }).once('exit', () =>
        send({ jsonrpc: '2.0', id: msg.id, result: { tools: [] } }),
      );
    } else if (msg.id !== undefined) {
      send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } });
    }
  })
  .on('close', () => process.exit(process.argv.includes('--exit-7') ? 7 : 0));

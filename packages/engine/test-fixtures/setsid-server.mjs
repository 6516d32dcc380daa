// A minimal legacy-era stdio MCP server (raw JSON-RPC) that starts two grandchildren which leave
// its process group, as daemonizing helpers do, and reports their pids on stderr:
//   SETSID <pid>    `setsid sleep 300` (util-linux setsid execs in place: not a group leader)
//   DETACHED <pid>  a node child spawned with `detached: true` (Node calls setsid() for it)
// It exits when stdin closes, as servers do: its grandchildren then belong to init. With `--stay`
// it keeps running after stdin closes (a server that never reads EOF) until it is signalled.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const setsid = spawn('setsid', ['sleep', '300'], { stdio: 'ignore' });
const detached = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: true });
setsid.unref();
detached.unref();
process.stderr.write(`SETSID ${setsid.pid}\nDETACHED ${detached.pid}\n`);

const send = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.method === 'initialize') {
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: { protocolVersion: msg.params.protocolVersion, capabilities: {}, serverInfo: { name: 'setsid-server', version: '1.0.0' } },
    });
  } else if (msg.id !== undefined) {
    send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } });
  }
});
rl.on('close', () => {
  if (process.argv.includes('--stay')) setInterval(() => {}, 1000);
  else process.exit(0);
});

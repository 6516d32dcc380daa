// What a stdio server costs on its own, below any client (bench/live.mjs):
//   node bench/floor-loop.mjs --calls N -- node server.js [args…]
// No SDK, nothing validated: `initialize` written at spawn, `notifications/initialized` on its
// answer, then N `tools/call` of `echo`, each sent when the previous one was answered. Prints
// {"connectMs": spawn → initialize answered, "perCallMs": the mean time of one call, answer to
// answer}: the server's own connect time and the server's own time a call (pipe round trip
// included), which a client on a live connection can only add to.
import { spawn } from 'node:child_process';

const at = process.argv.indexOf('--');
const [command, ...args] = at === -1 ? [] : process.argv.slice(at + 1);
const callsAt = process.argv.indexOf('--calls');
const calls = callsAt === -1 ? 200 : Number(process.argv[callsAt + 1]);
if (!command || !(calls > 0)) {
  console.error('usage: node bench/floor-loop.mjs --calls N -- <command> [args…]');
  process.exit(1);
}
const t0 = performance.now();
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const send = (message) => server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const fail = (why) => {
  console.error(`floor-loop: ${why}`);
  server.kill();
  process.exit(1);
};
server.on('error', (err) => fail(err.message));
server.on('exit', (code) => fail(`the server exited (${code})`));
send({
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'floor-loop', version: '0.0.0' } },
});
let connectMs;
let callsStarted;
let id = 0;
const call = () => send({ id: ++id, method: 'tools/call', params: { name: 'echo', arguments: { message: `m${id}` } } });
let buffered = '';
server.stdout.setEncoding('utf8').on('data', (chunk) => {
  buffered += chunk;
  for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
    const line = buffered.slice(0, nl);
    buffered = buffered.slice(nl + 1);
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof message?.method === 'string') continue;
    if (message.error) fail(`request ${message.id} failed: ${JSON.stringify(message.error)}`);
    if (message.id === 0) {
      connectMs = performance.now() - t0;
      send({ method: 'notifications/initialized' });
      callsStarted = performance.now();
      call();
    } else if (message.id < calls) {
      call();
    } else {
      process.stdout.write(`${JSON.stringify({ connectMs, perCallMs: (performance.now() - callsStarted) / calls })}\n`);
      server.removeAllListeners('exit');
      server.kill();
      process.exit(0);
    }
  }
});

// The floor under any one-shot `tools/list` client written in Node: no SDK, no
// validation, nothing loaded but node:child_process.
//   node bench/floor-call.mjs -- node server.js [args…]
// Node start, spawn, `initialize` written at once (the server reads it when it is ready),
// `notifications/initialized` and `tools/list` on its answer, the result printed as JSON, the
// server sent SIGTERM (not waited for), exit. bench/run.mjs times it beside mcpscope, the bare
// SDK client and the official --cli: whatever a real client adds is measured against this.
import { spawn } from 'node:child_process';

const at = process.argv.indexOf('--');
const [command, ...args] = at === -1 ? [] : process.argv.slice(at + 1);
if (!command) {
  console.error('usage: node bench/floor-call.mjs -- <command> [args…]');
  process.exit(1);
}
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const send = (message) => server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const fail = (why) => {
  console.error(`floor-call: ${why}`);
  server.kill();
  process.exit(1);
};
server.on('error', (err) => fail(err.message));
server.on('exit', (code) => fail(`the server exited (${code}) before answering tools/list`));
send({
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'floor-call', version: '0.0.0' } },
});
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
      continue; // not a JSON-RPC line: a real client would say so; the floor ignores it
    }
    if (typeof message?.method === 'string') continue; // a notification or a server's request, not an answer
    if (message.error) fail(`${message.id === 1 ? 'initialize' : 'tools/list'} failed: ${JSON.stringify(message.error)}`);
    if (message.id === 1) {
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/list' });
    } else if (message.id === 2) {
      process.stdout.write(`${JSON.stringify(message.result, null, 2)}\n`);
      server.removeAllListeners('exit');
      server.kill();
      process.exit(0);
    }
  }
});

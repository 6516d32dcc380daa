// A small stdio MCP server (legacy era, raw JSON-RPC) for the proxy's tests. FIXTURE_MODE:
//   plain (default)  tools: echo, ask (asks the client sampling/createMessage and returns the answer),
//                    big (returns `size` bytes of text), flood (sends `count` notifications/message of
//                    about `size` bytes each, then answers with the count)
//   exit-on-init     prints to stderr and exits 3 when initialize arrives
//   logging          as plain, and declares the logging capability (its flood carries no lint finding)
import { createInterface } from 'node:readline';

const mode = process.env.FIXTURE_MODE ?? 'plain';
const send = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
const text = (id, value) => send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: value }] } });
const waitingForClient = new Map();
let nextServerId = 1;

const TOOLS = [
  { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  { name: 'ask', inputSchema: { type: 'object' } },
  { name: 'big', inputSchema: { type: 'object', properties: { size: { type: 'number' } } } },
  { name: 'flood', inputSchema: { type: 'object', properties: { count: { type: 'number' }, size: { type: 'number' } } } },
];

function callTool(msg) {
  const { name, arguments: args = {} } = msg.params ?? {};
  if (name === 'echo') return text(msg.id, String(args.text ?? ''));
  if (name === 'big') return text(msg.id, 'x'.repeat(Number(args.size ?? 1024)));
  if (name === 'flood') {
    const count = Number(args.count ?? 100);
    const pad = 'x'.repeat(Math.max(0, Number(args.size ?? 100) - 80));
    // Waits for stdout to drain when the reader is behind: 20,000 × 100 KB queued at once would exhaust memory.
    return (async () => {
      for (let i = 0; i < count; i++) {
        const line = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `flood ${i} ${pad}` } })}\n`;
        if (!process.stdout.write(line)) await new Promise((resolve) => process.stdout.once('drain', resolve));
      }
      text(msg.id, String(count));
    })();
  }
  if (name === 'ask') {
    const id = `ask-${nextServerId++}`;
    waitingForClient.set(id, (answer) =>
      answer.error ? send({ jsonrpc: '2.0', id: msg.id, error: answer.error }) : text(msg.id, JSON.stringify(answer.result)),
    );
    return send({ jsonrpc: '2.0', id, method: 'sampling/createMessage', params: { messages: [], maxTokens: 10 } });
  }
  send({ jsonrpc: '2.0', id: msg.id, error: { code: -32602, message: `Unknown tool: ${name}` } });
}

process.stderr.write(`fixture-server ready (${mode})\n`);
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.method === undefined && waitingForClient.has(msg.id)) {
    waitingForClient.get(msg.id)(msg);
    waitingForClient.delete(msg.id);
  } else if (msg.method === 'initialize') {
    if (mode === 'exit-on-init') {
      process.stderr.write('fatal: FIXTURE_API_KEY is not set\n');
      process.exit(3);
    }
    const result = {
      protocolVersion: msg.params.protocolVersion,
      capabilities: { tools: {}, ...(mode === 'logging' ? { logging: {} } : {}) },
      serverInfo: { name: 'fixture-server', version: '1.0.0' },
    };
    send({ jsonrpc: '2.0', id: msg.id, result });
  } else if (msg.method === 'tools/list') {
    send({ jsonrpc: '2.0', id: msg.id, result: { tools: TOOLS } });
  } else if (msg.method === 'tools/call') {
    callTool(msg);
  } else if (msg.method === 'ping') {
    send({ jsonrpc: '2.0', id: msg.id, result: {} });
  } else if (msg.id !== undefined) {
    send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } });
  }
});
rl.on('close', () => process.exit(0));

// A legacy-era stdio MCP server (raw JSON-RPC) that leaks the secret it was given, everywhere a
// careless server could: stderr, a non-JSON stdout line, a tool result and a tool error.
// mcpscope must keep process.env.API_KEY out of its traces, exports and /ws stream.
import { createInterface } from 'node:readline';

const key = process.env.API_KEY ?? '';
const send = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
process.stderr.write(`starting with API_KEY=${key} DEBUG=${process.env.DEBUG} HOME=${process.env.HOME}\n`);
process.stdout.write(`debug print: using key ${key}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.method === 'initialize') {
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: {
        protocolVersion: msg.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'secret-echo', version: '1.0.0' },
      },
    });
  } else if (msg.method === 'tools/list') {
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: { tools: [{ name: 'whoami', description: 'Echoes the API key.', inputSchema: { type: 'object' } }] },
    });
  } else if (msg.method === 'tools/call') {
    process.stderr.write(`tools/call with Authorization: Bearer ${key}\n`);
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: { content: [{ type: 'text', text: `your key is ${key}` }], structuredContent: { key, [key]: 'as a key' } },
    });
  } else if (msg.id !== undefined) {
    send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `no method ${msg.method} (key ${key})` } });
  }
});

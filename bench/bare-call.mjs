// The floor for a one-shot `tools/list`: a bare MCP SDK client script, nothing else.
//   node bench/bare-call.mjs -- node server.js [args…]
// Node start, the SDK's import, spawn (the SDK's StdioClientTransport), initialize, tools/list,
// the result printed as JSON, the SDK's close (stdin closed; the server exits on its own), exit.
// bench/run.mjs times it beside `mcpscope call tools/list` and the official inspector's --cli.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const at = process.argv.indexOf('--');
const [command, ...args] = at === -1 ? [] : process.argv.slice(at + 1);
if (!command) {
  console.error('usage: node bench/bare-call.mjs -- <command> [args…]');
  process.exit(1);
}
const client = new Client({ name: 'bare-call', version: '0.0.0' });
await client.connect(new StdioClientTransport({ command, args }));
const result = await client.listTools();
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
await client.close();
process.exit(0);

// A deliberately broken MCP server (stdio, raw JSON-RPC): it prints a banner on stdout, which is
// reserved for protocol messages, and its `add` tool returns structuredContent that breaks the
// outputSchema it declares. Both are MUST violations that `mcpscope check` reports as errors.
import { createInterface } from 'node:readline';

const send = (msg) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
process.stdout.write('broken-server v1 starting up\n');

const add = {
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
};

createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.id === undefined) return;
  if (msg.method === 'initialize') {
    return send({
      id: msg.id,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'broken-server', version: '1.0.0' } },
    });
  }
  if (msg.method === 'tools/list') return send({ id: msg.id, result: { tools: [add] } });
  if (msg.method === 'tools/call') {
    const { a = 0, b = 0 } = msg.params?.arguments ?? {};
    // The sum as text: the schema says a number.
    return send({ id: msg.id, result: { content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: String(a + b) } } });
  }
  if (msg.method === 'ping') return send({ id: msg.id, result: {} });
  send({ id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } });
});

// A legacy-era stdio MCP server in raw JSON-RPC with the defects `check` judges once the rest of
// the session tells it what they are:
//   - it logs (notifications/message) before initialize, and never declares `logging`
//   - two tools are named "add": one without an outputSchema (listed first), one with {sum: number};
//     either answers structuredContent {sum: "three"}
//   - tool "lenient" (required integer "n") returns success whatever the arguments
//   - it lists resources defects://ok and defects://broken; reading the broken one fails with
//     -32000 "Resource not found" (2025-11-25 gives -32002 for that, -32603 for an internal error)
import { createInterface } from 'node:readline';

const send = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
const ok = (id, result) => send({ jsonrpc: '2.0', id, result });
const sum = { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] };
const TOOLS = [
  { name: 'add', description: 'Adds two numbers.', inputSchema: { type: 'object' } },
  { name: 'add', description: 'Adds two numbers, typed.', inputSchema: { type: 'object' }, outputSchema: sum },
  { name: 'lenient', description: 'Squares n.', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
];
const RESOURCES = [
  { uri: 'defects://ok', name: 'ok', mimeType: 'text/plain' },
  { uri: 'defects://broken', name: 'broken', mimeType: 'text/plain' },
];

send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'defects-server starting' } });
createInterface({ input: process.stdin })
  .on('line', (line) => {
    const { id, method, params = {} } = JSON.parse(line);
    if (method === 'initialize')
      return ok(id, {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {}, resources: {} },
        serverInfo: { name: 'defects-server', version: '1' },
      });
    if (method === 'tools/list') return ok(id, { tools: TOOLS });
    if (method === 'tools/call' && params.name === 'add')
      return ok(id, { content: [{ type: 'text', text: 'three' }], structuredContent: { sum: 'three' } });
    if (method === 'tools/call' && params.name === 'lenient')
      return ok(id, { content: [{ type: 'text', text: `n is ${JSON.stringify(params.arguments?.n)}` }] });
    if (method === 'resources/list') return ok(id, { resources: RESOURCES });
    if (method === 'resources/templates/list') return ok(id, { resourceTemplates: [] });
    if (method === 'resources/read' && params.uri === 'defects://ok')
      return ok(id, { contents: [{ uri: params.uri, mimeType: 'text/plain', text: 'fine' }] });
    if (method === 'resources/read') return send({ jsonrpc: '2.0', id, error: { code: -32000, message: 'Resource not found' } });
    if (method === 'ping') return ok(id, {});
    if (id !== undefined) send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
  })
  .on('close', () => process.exit(0));

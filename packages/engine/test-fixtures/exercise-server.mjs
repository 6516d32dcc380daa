// A legacy-era stdio MCP server in raw JSON-RPC for `check --exercise`: each tool and prompt
// answers bad input in its own (wrong) way.
//   tool "strict"  (required "text"): arguments that break its schema → JSON-RPC -32603, not isError
//   tool "shape"   (outputSchema {sum: number}): returns structuredContent {sum: "three"}
//   tool "polite"  (required "n": integer): invalid arguments → a result with isError: true
//   prompt "lax"    (required "topic"): without it, a result anyway (not -32602)
//   prompt "crashy" (required "topic"): without it the server throws and exits 1 (stderr trace)
import { createInterface } from 'node:readline';

const send = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
const ok = (id, result) => send({ jsonrpc: '2.0', id, result });
const text = (t, isError) => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) });
const TOOLS = [
  {
    name: 'strict',
    description: 'Echoes text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'shape',
    description: 'Adds numbers.',
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
  },
  { name: 'polite', description: 'Squares n.', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
];
const PROMPTS = [
  { name: 'lax', description: 'Writes about a topic, or anything.', arguments: [{ name: 'topic', required: true }] },
  { name: 'crashy', description: 'Writes about a topic.', arguments: [{ name: 'topic', required: true }] },
];

function call(id, { name, arguments: args = {} }) {
  if (name === 'strict') {
    if (typeof args.text !== 'string') return send({ jsonrpc: '2.0', id, error: { code: -32603, message: 'text is required' } });
    return ok(id, text(args.text));
  }
  if (name === 'shape') return ok(id, { ...text('three'), structuredContent: { sum: 'three' } });
  if (name === 'polite') return ok(id, Number.isInteger(args.n) ? text(String(args.n * args.n)) : text('n must be an integer', true));
  send({ jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool: ${name}` } });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  const { id, method, params = {} } = msg;
  if (method === 'initialize')
    return ok(id, {
      protocolVersion: '2025-11-25',
      capabilities: { tools: {}, prompts: {} },
      serverInfo: { name: 'exercise-server', version: '1' },
    });
  if (method === 'tools/list') return ok(id, { tools: TOOLS });
  if (method === 'tools/call') return call(id, params);
  if (method === 'prompts/list') return ok(id, { prompts: PROMPTS });
  if (method === 'prompts/get' && params.name === 'lax')
    return ok(id, {
      messages: [{ role: 'user', content: { type: 'text', text: `Write about ${params.arguments?.topic ?? 'anything'}` } }],
    });
  if (method === 'prompts/get') {
    const topic = params.arguments?.topic;
    if (topic === undefined) {
      process.stderr.write(`TypeError: Cannot read properties of undefined (reading 'toUpperCase')\n    at crashy (exercise-server.mjs)\n`);
      process.exit(1);
    }
    return ok(id, { messages: [{ role: 'user', content: { type: 'text', text: `Write about ${topic}` } }] });
  }
  if (method === 'ping') return ok(id, {});
  if (id !== undefined) send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
});

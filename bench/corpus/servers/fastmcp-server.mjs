// A tiny server on the `fastmcp` package (punkpeye/fastmcp, TypeScript), as its README writes
// one: a tool, a resource and a prompt. Run from the install dir by bench/corpus.mjs:
//   node fastmcp-server.mjs stdio | http   (http: PORT env; serves /mcp and, on 4.x, /sse)
//   node fastmcp-server.mjs sse            (1.x only: the HTTP+SSE transport at /sse)
import { FastMCP } from 'fastmcp';
import { z } from 'zod';

const server = new FastMCP({ name: 'corpus-fastmcp', version: '1.0.0' });

server.addTool({
  name: 'add',
  description: 'Add two numbers',
  parameters: z.object({ a: z.number(), b: z.number() }),
  annotations: { readOnlyHint: true },
  execute: async ({ a, b }) => String(a + b),
});

server.addResource({
  uri: 'file:///logs/app.log',
  name: 'Application Logs',
  mimeType: 'text/plain',
  load: async () => ({ text: 'log line 1\nlog line 2' }),
});

server.addPrompt({
  name: 'git-commit',
  description: 'Generate a Git commit message',
  arguments: [{ name: 'changes', description: 'Git diff or description of changes', required: true }],
  load: async ({ changes }) => `Generate a concise commit message for: ${changes}`,
});

const mode = process.argv[2] ?? 'stdio';
const port = Number(process.env.PORT ?? 8080);
if (mode === 'stdio') await server.start({ transportType: 'stdio' });
else if (mode === 'sse') await server.start({ transportType: 'sse', sse: { endpoint: '/sse', port } });
else await server.start({ transportType: 'httpStream', httpStream: { endpoint: '/mcp', port } });

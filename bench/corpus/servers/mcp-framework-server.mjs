// A tiny server on `mcp-framework` (QuantGeekDev), its README's AddTool plus a prompt and a
// resource, registered programmatically (no tools/ directory scan: basePath is this file's own
// directory, which has none). Run from the install dir by bench/corpus.mjs:
//   node mcp-framework-server.mjs stdio | http | sse    (http/sse: PORT env; /mcp, /sse)
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCPPrompt, MCPResource, MCPServer, MCPTool } from 'mcp-framework';
import { z } from 'zod';

class AddTool extends MCPTool {
  name = 'add';
  description = 'Add two numbers';
  schema = z.object({
    a: z.number().describe('First number to add'),
    b: z.number().describe('Second number to add'),
  });
  async execute(input) {
    return `Result: ${input.a + input.b}`;
  }
}

class GreetingPrompt extends MCPPrompt {
  name = 'greeting';
  description = 'Greet someone';
  schema = { name: { type: z.string(), description: 'Who to greet', required: true } };
  async generateMessages({ name }) {
    return [{ role: 'user', content: { type: 'text', text: `Say hello to ${name}` } }];
  }
}

class ConfigResource extends MCPResource {
  uri = 'config://app';
  name = 'App config';
  description = 'The application configuration';
  mimeType = 'application/json';
  async read() {
    return [{ uri: this.uri, mimeType: this.mimeType, text: '{"debug":false}' }];
  }
}

const mode = process.argv[2] ?? 'stdio';
const port = Number(process.env.PORT ?? 8080);
const transport =
  mode === 'stdio'
    ? { type: 'stdio' }
    : mode === 'sse'
      ? { type: 'sse', options: { port, endpoint: '/sse' } }
      : { type: 'http-stream', options: { port, endpoint: '/mcp' } };
const server = new MCPServer({
  name: 'corpus-mcp-framework',
  version: '1.0.0',
  basePath: dirname(fileURLToPath(import.meta.url)),
  transport,
});
server.addTool(AddTool);
server.addPrompt(GreetingPrompt);
server.addResource(ConfigResource);
await server.start();

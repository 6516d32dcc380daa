// An MCP Apps server over stdio (SDK v2 McpServer) whose tools' UI resources are broken, each in
// its own way, for `mcpscope check`:
//   tool "missing-app"   → ui://hostile/missing.html, never registered (resources/read errors)
//   tool "plain-html"    → ui://hostile/plain.html, mimeType text/html (not text/html;profile=mcp-app)
//   tool "no-content"    → ui://hostile/no-content.html, a content with neither text nor blob
//   tool "bad-blob"      → ui://hostile/bad-blob.html, a blob that is not base64
//   tool "empty-app"     → ui://hostile/empty.html, text of spaces only
//   tool "other-uri"     → ui://hostile/elsewhere.html, answered with a content for another URI
//   tool "web-app"       → https://example.com/app.html (not a ui:// URI)
//   tool "good-app"      → ui://hostile/good.html, a correct app (blob, spaces around ";")
//   tool "good-app-only" → the same resource, visibility ["app"] (read once)
// With APP_FIXTURE=tools-only the server has tools and no resources (no resources capability):
//   tool "orphan-app"    → ui://hostile/orphan.html, which no host can read
//   tool "escape-app"    → a ui:// URI with an OSC 52 clipboard write and a newline that forges a line
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const UI = 'text/html;profile=mcp-app';
const HTML = '<!DOCTYPE html><html><body>hostile app fixture</body></html>';

const ESCAPE_URI = 'ui://hostile/\u001b]52;c;SGVsbG8=\u0007\nmcpscope: forged line';

function build() {
  const server = new McpServer({ name: 'hostile-app-server', version: '1.0.0' });
  const tool = (name, meta) =>
    server.registerTool(name, { description: `Tool ${name} with a UI resource.`, _meta: meta }, async () => ({
      content: [{ type: 'text', text: name }],
    }));
  if (process.env.APP_FIXTURE === 'tools-only') {
    tool('orphan-app', { ui: { resourceUri: 'ui://hostile/orphan.html' } });
    tool('escape-app', { ui: { resourceUri: ESCAPE_URI } });
    return server;
  }
  const resource = (name, uri, mimeType, content) =>
    server.registerResource(name, uri, { mimeType }, async () => ({ contents: [{ uri, mimeType, ...content }] }));

  tool('missing-app', { ui: { resourceUri: 'ui://hostile/missing.html' } });
  tool('plain-html', { ui: { resourceUri: 'ui://hostile/plain.html' } });
  resource('plain', 'ui://hostile/plain.html', 'text/html', { text: HTML });
  tool('no-content', { ui: { resourceUri: 'ui://hostile/no-content.html' } });
  resource('no-content', 'ui://hostile/no-content.html', UI, {});
  tool('bad-blob', { ui: { resourceUri: 'ui://hostile/bad-blob.html' } });
  resource('bad-blob', 'ui://hostile/bad-blob.html', UI, { blob: 'not base64 at all!' });
  tool('empty-app', { ui: { resourceUri: 'ui://hostile/empty.html' } });
  resource('empty', 'ui://hostile/empty.html', UI, { text: '  \n ' });
  tool('other-uri', { ui: { resourceUri: 'ui://hostile/elsewhere.html' } });
  server.registerResource('elsewhere', 'ui://hostile/elsewhere.html', { mimeType: UI }, async () => ({
    contents: [{ uri: 'ui://hostile/somewhere-else.html', mimeType: UI, text: HTML }],
  }));
  tool('web-app', { ui: { resourceUri: 'https://example.com/app.html' } });
  tool('good-app', { ui: { resourceUri: 'ui://hostile/good.html' } });
  tool('good-app-only', { ui: { resourceUri: 'ui://hostile/good.html', visibility: ['app'] } });
  resource('good', 'ui://hostile/good.html', UI, { mimeType: 'Text/HTML ; profile=mcp-app', blob: Buffer.from(HTML).toString('base64') });
  return server;
}

serveStdio(() => build(), { onerror: (error) => process.stderr.write(`hostile-app-server: ${error.message}\n`) });

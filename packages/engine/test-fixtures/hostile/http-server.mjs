// A hostile Streamable HTTP MCP server for the fuzz harness, on 127.0.0.1 and a free port. It
// completes the handshake, then answers every request with an SSE stream of seeded hostile
// events (messages.mjs) before a hostile answer, and pushes more on the GET stream.
import { createServer } from 'node:http';
import { hostileLine, hostileToolsText, rng } from './messages.mjs';

const readBody = (req) =>
  new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const sseEvent = (line) =>
  Buffer.concat([Buffer.from('event: message\ndata: '), Buffer.isBuffer(line) ? line : Buffer.from(line), Buffer.from('\n\n')]);

/** Starts the server; `close()` stops it and every open stream. */
export async function startHostileHttp({ seed = 1, count = 50, maxDepth = 10_000 } = {}) {
  const r = rng(seed);
  const sockets = new Set();
  const server = createServer(async (req, res) => {
    if (req.method === 'DELETE') return res.writeHead(200).end();
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < count; i++) res.write(sseEvent(hostileLine(r, { maxDepth })));
      return res.end();
    }
    if (req.method !== 'POST') return res.writeHead(405).end();
    let msg;
    try {
      msg = JSON.parse(await readBody(req));
    } catch {
      return res.writeHead(400).end();
    }
    if (Array.isArray(msg) || msg.id === undefined) return res.writeHead(202).end();
    const id = JSON.stringify(msg.id);
    const json = (text, headers = {}) => res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(text);
    if (msg.method === 'server/discover') return json(`{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"Method not found"}}`);
    if (msg.method === 'initialize') {
      return json(
        `{"jsonrpc":"2.0","id":${id},"result":{"protocolVersion":${JSON.stringify(msg.params?.protocolVersion ?? '2025-11-25')},"capabilities":{"tools":{},"__proto__":{"logging":{}}},"serverInfo":{"name":"hostile-http\\u001b[2J","version":"0"}}}`,
        { 'mcp-session-id': `s-${seed}` },
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let i = 0; i < count; i++) res.write(sseEvent(hostileLine(r, { maxDepth })));
    if (msg.method === 'tools/list') res.write(sseEvent(`{"jsonrpc":"2.0","id":${id},"result":${hostileToolsText(r, { maxDepth })}}`));
    else
      res.write(
        sseEvent(
          `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"\\u001b]52;c;eA==\\u0007"}],"__proto__":{"isError":true}}}`,
        ),
      );
    res.end();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

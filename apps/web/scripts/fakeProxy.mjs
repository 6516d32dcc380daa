// A stand-in for the mcpscope proxy, for UI scripts: serves apps/web/dist (or the build in
// $MCPSCOPE_WEB_DIST, e.g. a private one to compare with), answers /api/info,
// and speaks just enough WebSocket (RFC 6455, server→client text frames) to stream events.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const DIST = process.env.MCPSCOPE_WEB_DIST ? `${resolve(process.env.MCPSCOPE_WEB_DIST)}/` : new URL('../dist/', import.meta.url).pathname;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.json': 'application/json' };

function frame(text) {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head =
    n < 126
      ? Buffer.from([0x81, n])
      : n < 65536
        ? Buffer.from([0x81, 126, n >> 8, n & 255])
        : Buffer.concat([
            Buffer.from([0x81, 127]),
            (() => {
              const b = Buffer.alloc(8);
              b.writeBigUInt64BE(BigInt(n));
              return b;
            })(),
          ]);
  return Buffer.concat([head, payload]);
}

/** `onSocket(send)` is called per WebSocket client; `send(messages[])` writes a batch. */
export async function startFakeProxy({ info, onSocket, port = 0 }) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/info') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(info));
    }
    const path = normalize(join(DIST, url.pathname === '/' ? 'index.html' : url.pathname));
    try {
      const body = await readFile(path.startsWith(DIST) ? path : join(DIST, 'index.html'));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  // Upgraded sockets leave the HTTP server's bookkeeping: track them so close() ends them.
  const upgraded = new Set();
  server.on('upgrade', (req, socket) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    socket.on('error', () => undefined);
    onSocket(
      (messages) =>
        new Promise((resolve) => {
          const ok = socket.write(Buffer.concat(messages.map((m) => frame(JSON.stringify(m)))));
          if (ok) resolve();
          else socket.once('drain', resolve);
        }),
      socket,
    );
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((r) => {
        for (const s of upgraded) s.destroy();
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

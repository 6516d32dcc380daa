import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Methods whose 2026-07-28 results carry the list-caching fields (SEP-2549). */
const CACHED = new Set(['server/discover', 'tools/list', 'resources/list', 'prompts/list', 'skills/list', 'resources/read']);

export interface ModernRequest {
  method: string;
  params: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

export interface ModernHttpServer {
  url: string;
  /** Every JSON-RPC request received, with its HTTP headers. */
  requests: ModernRequest[];
  stop(): Promise<void>;
}

/**
 * A minimal stateless 2026-07-28 MCP server over Streamable HTTP on 127.0.0.1 (JSON answers, no
 * SDK): `server/discover` answers with `capabilities`; every other request goes to `handle`,
 * whose return value is the result (`resultType` and, for lists, the caching fields added).
 */
export async function startModernHttpServer(
  capabilities: Record<string, unknown>,
  handle: (req: ModernRequest) => Record<string, unknown> | undefined,
): Promise<ModernHttpServer> {
  const requests: ModernRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST') return res.writeHead(405).end();
      const msg = JSON.parse(body) as { id?: string | number; method: string; params?: Record<string, unknown> };
      if (msg.id === undefined) return res.writeHead(202).end();
      const request = { method: msg.method, params: msg.params ?? {}, headers: req.headers };
      requests.push(request);
      const result =
        msg.method === 'server/discover'
          ? { supportedVersions: ['2026-07-28'], capabilities, serverInfo: { name: 'modern-fixture', version: '1.0.0' } }
          : handle(request);
      const answer =
        result === undefined
          ? { error: { code: -32601, message: `Method not found: ${msg.method}` } }
          : { result: { resultType: 'complete', ...(CACHED.has(msg.method) ? { ttlMs: 0, cacheScope: 'private' } : {}), ...result } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, ...answer }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

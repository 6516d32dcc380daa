import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StatefulHttpServer {
  url: string;
  /** HTTP status of each POST without Mcp-Session-Id that was not an initialize (method → status). */
  unsessioned: Array<{ method: string; status: number }>;
  stop(): Promise<void>;
}

/**
 * A minimal stateful 2025-11-25 MCP server over Streamable HTTP on 127.0.0.1 (JSON answers, no
 * SDK): initialize assigns an Mcp-Session-Id; a later request without one gets `noSession`
 * (500, as git-mcp-server 2.15.3 answers; 400 is what the spec asks). `server/discover` without a
 * session gets 400 like the SDK's servers, so the client falls back to initialize.
 */
export async function startStatefulHttpServer(noSession = 500): Promise<StatefulHttpServer> {
  const unsessioned: StatefulHttpServer['unsessioned'] = [];
  const sessions = new Set<string>();
  let n = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const sid = req.headers['mcp-session-id'];
      if (req.method === 'DELETE') return res.writeHead(typeof sid === 'string' && sessions.delete(sid) ? 200 : 404).end();
      if (req.method !== 'POST') return res.writeHead(405).end();
      const msg = JSON.parse(body) as { id?: string | number; method?: string; params?: Record<string, unknown> };
      const json = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
      if (msg.method === 'initialize') {
        const id = `session-${++n}`;
        sessions.add(id);
        const result = {
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'stateful-fixture', version: '1.0.0' },
        };
        return json(200, { jsonrpc: '2.0', id: msg.id, result }, { 'mcp-session-id': id });
      }
      if (typeof sid !== 'string' || !sessions.has(sid)) {
        const status = msg.method === 'server/discover' ? 400 : typeof sid === 'string' ? 404 : noSession;
        if (typeof sid !== 'string') unsessioned.push({ method: String(msg.method), status });
        return json(status, {
          jsonrpc: '2.0',
          id: null,
          error: {
            code: status === 500 ? -32603 : -32000,
            message: status === 500 ? 'Error in httpTransport: ' : 'Bad Request: no valid session',
          },
        });
      }
      if (msg.id === undefined) return res.writeHead(202).end();
      if (msg.method === 'tools/list')
        return json(200, {
          jsonrpc: '2.0',
          id: msg.id,
          result: { tools: [{ name: 'noop', description: 'Does nothing.', inputSchema: { type: 'object' } }] },
        });
      if (msg.method === 'ping') return json(200, { jsonrpc: '2.0', id: msg.id, result: {} });
      return json(200, { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    unsessioned,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, localhostAllowedHostnames, hostHeaderValidationResponse } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import type { SessionEvent } from '@mcpscope/protocol';
import { mockFromEvents } from './recorded-server.js';

/** Serves a trace as an MCP server on this process's stdin/stdout. */
export function serveMockStdio(events: SessionEvent[], onerror?: (e: Error) => void): StdioServerHandle {
  const factory = mockFromEvents(events);
  return serveStdio(() => factory(), { onerror });
}

export interface MockHttpServer {
  url: string;
  close(): Promise<void>;
}

/** Serves a trace over Streamable HTTP at /mcp on 127.0.0.1 (both eras; legacy is stateless). */
export async function serveMockHttp(events: SessionEvent[], opts: { port?: number; host?: string } = {}): Promise<MockHttpServer> {
  const factory = mockFromEvents(events);
  const host = opts.host ?? '127.0.0.1';
  const handler = createMcpHandler(() => factory());
  const allowed = [...localhostAllowedHostnames(), host];
  const node = toNodeHandler({
    fetch: async (request: Request) => {
      if (new URL(request.url).pathname !== '/mcp') return new Response('Not found\n', { status: 404 });
      return hostHeaderValidationResponse(request, allowed) ?? handler.fetch(request);
    },
  });
  const server: HttpServer = createServer((req, res) => void node(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/mcp`,
    close: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

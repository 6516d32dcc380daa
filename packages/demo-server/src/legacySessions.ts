import { randomUUID } from 'node:crypto';

import { isInitializeRequest, type McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

interface LegacySession {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.clone().json();
  } catch {
    return undefined;
  }
}

/**
 * The 2025-era leg of the HTTP entry: sessionful Streamable HTTP (spec 2025-11-25:
 * basic/transports#session-management). An `initialize` POST without a session opens a
 * session with its own server instance; later requests carry `Mcp-Session-Id`; GET
 * opens the server→client SSE stream; DELETE ends the session. An unknown session id is
 * answered 404, a missing one 400.
 */
export class LegacySessions {
  private readonly sessions = new Map<string, LegacySession>();

  constructor(private readonly buildServer: () => McpServer) {}

  get size(): number {
    return this.sessions.size;
  }

  async handle(request: Request): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = this.sessions.get(sessionId);
      if (session === undefined) return jsonRpcError(404, -32001, 'Session not found');
      return session.transport.handleRequest(request);
    }
    if (request.method === 'POST' && isInitializeRequest(await readJson(request))) {
      return this.open(request);
    }
    return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header required');
  }

  async closeAll(): Promise<void> {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
  }

  private async open(request: Request): Promise<Response> {
    const server = this.buildServer();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server });
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
        void server.close();
      },
    });
    await server.connect(transport);
    return transport.handleRequest(request);
  }
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The OAuth answer the hostile server makes endless; every other one is small and valid. */
export type HugeStep = 'protected-resource-metadata' | 'authorization-server-metadata' | 'client-registration' | 'token' | 'authorize';

export interface HostileOAuthServer {
  mcpUrl: string;
  base: string;
  /** Bytes of the endless body written so far (the socket took them). */
  hugeBytesSent(): number;
  close(): Promise<void>;
}

/** Far more than any cap: without one, the client would read all of it. */
const HUGE_LIMIT = 1024 * 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024, 'a');

/**
 * A protected MCP server, its authorization server and its login page on one loopback port,
 * where one OAuth answer is a JSON document that never ends (its string value grows until the
 * client stops reading or 1 GiB has gone). The endless body is written with backpressure, so
 * the byte count says how much the client actually took.
 */
export async function startHostileOAuthServer(huge: HugeStep): Promise<HostileOAuthServer> {
  let sent = 0;
  let base = '';
  const endless = (res: ServerResponse, status: number): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.write('{"issuer":"');
    const pump = (): void => {
      while (sent < HUGE_LIMIT && !res.destroyed) {
        sent += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
      res.end('"}');
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  };
  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    const url = new URL(req.url ?? '/', base);
    const is = (step: HugeStep) => huge === step;
    if (url.pathname === '/mcp') {
      res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` }).end();
    } else if (url.pathname === '/.well-known/oauth-protected-resource/mcp') {
      if (is('protected-resource-metadata')) return endless(res, 200);
      json(res, 200, { resource: `${base}/mcp`, authorization_servers: [base] });
    } else if (url.pathname === '/.well-known/oauth-authorization-server') {
      if (is('authorization-server-metadata')) return endless(res, 200);
      json(res, 200, {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    } else if (url.pathname === '/register' && req.method === 'POST') {
      if (is('client-registration')) return endless(res, 201);
      json(res, 201, { ...(JSON.parse(body) as object), client_id: 'hostile-client' });
    } else if (url.pathname === '/authorize') {
      // An error page that never ends: the headless agent reads an error page for its reason.
      if (is('authorize')) return endless(res, 400);
      const to = new URL(url.searchParams.get('redirect_uri') ?? '');
      to.searchParams.set('code', 'c0de');
      to.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: to.href }).end();
    } else if (url.pathname === '/token' && req.method === 'POST') {
      if (is('token')) return endless(res, 200);
      json(res, 400, { error: 'invalid_grant' });
    } else {
      res.writeHead(404).end();
    }
  };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c)).on('end', () => handle(req, res, Buffer.concat(parts).toString()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    mcpUrl: `${base}/mcp`,
    base,
    hugeBytesSent: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { HandoffServer } from '../early/handoffServer.js';
import { handleError, ProxyError } from '../errors.js';
import { createHostPolicy, foreignRequestError } from '../hosts.js';
import { requestPath } from '../paths.js';
import { hostnameOf } from './origins.js';
import { RELAY_SCRIPT } from './relayScript.js';
import { declaredCsp, sandboxPage, sandboxPolicy } from './sandboxPage.js';

export interface SandboxAppOptions {
  /** The address it listens on: the proxy's (loopback names are always accepted as Host). */
  host: string;
  /** The port it listens on; 0 = whatever port it actually gets. */
  port: number;
  /**
   * mcpscope's origin for a browser that reached the sandbox under `hostname` (the Host header's
   * name, already checked): the only ancestor allowed to frame the page, and the only origin the
   * relay talks to. startProxy answers `http://<hostname>:<proxy port>`.
   */
  hostOrigin: (hostname: string) => string;
  logger?: boolean;
  /** Already listening (../early/): taken over once the app is ready; no listen() then. */
  server?: HandoffServer;
}

/** What a response without its own policy gets (errors): nothing runs, nothing frames it. */
const NOTHING_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The MCP App sandbox (ext-apps spec "Sandbox proxy"): its own Fastify instance on its own port,
 * so the View's origin is never mcpscope's. It serves the sandbox page and its relay script and
 * nothing else; the same DNS-rebinding guard as the proxy (Host and Origin must name it).
 */
export async function buildSandboxApp(opts: SandboxAppOptions): Promise<FastifyInstance> {
  const early = opts.server;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const app = Fastify({
    logger: opts.logger ?? false,
    forceCloseConnections: true,
    ...(early && {
      serverFactory: (h: (req: IncomingMessage, res: ServerResponse) => void) => {
        handler = h;
        return early.server;
      },
    }),
  });
  if (early) app.addHook('onReady', async () => handler && early.attach(handler));
  const listeningPort = (): number => {
    if (opts.port !== 0) return opts.port;
    const address = app.server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  };
  const policy = createHostPolicy(opts.host, listeningPort);

  app.setErrorHandler(handleError);
  app.removeAllContentTypeParsers();
  app.addHook('onRequest', async (request) => {
    const refused = foreignRequestError(policy, request.headers.host, request.headers.origin);
    if (refused) throw refused;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', NOTHING_CSP);
    if (!reply.hasHeader('cross-origin-resource-policy')) reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
  });

  app.get('/sandbox.html', async (request, reply) => {
    // The guard accepted this Host, so it names this sandbox under one of mcpscope's host names.
    const hostOrigin = opts.hostOrigin(hostnameOf(request.headers.host ?? ''));
    return (
      reply
        .header('content-security-policy', sandboxPolicy(declaredCsp(request.query), hostOrigin))
        // mcpscope (another port, the same site) frames this page: no X-Frame-Options here.
        .header('cross-origin-resource-policy', 'same-site')
        .type('text/html; charset=utf-8')
        .send(sandboxPage(hostOrigin))
    );
  });
  app.get('/sandbox.js', async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(RELAY_SCRIPT));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    handleError(new ProxyError('MCPSCOPE_ERR_NOT_FOUND', `No route ${request.method} ${requestPath(request)}`), request, reply),
  );
  return app;
}

export interface RunningSandbox {
  app: FastifyInstance;
  port: number;
  close(): Promise<void>;
}

/** Builds the sandbox and listens on `host` (the proxy's), a free port. */
export async function startSandbox(opts: Omit<SandboxAppOptions, 'port'>): Promise<RunningSandbox> {
  const app = await buildSandboxApp({ ...opts, port: 0 });
  try {
    if (opts.server) await app.ready();
    else await app.listen({ host: opts.host.replace(/^\[(.*)\]$/, '$1'), port: 0 });
  } catch (err) {
    await app.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { app, port, close: () => app.close() };
}

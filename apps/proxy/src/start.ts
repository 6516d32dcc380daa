import type { FastifyInstance } from 'fastify';
import type { Engine } from '@mcpscope/engine';
import type { Info } from '@mcpscope/wire';
import { buildApp, type BuildAppOptions } from './app.js';
import { hostForUrl, isLoopbackHost } from './hostPolicy.js';
import { startEarlyUi, type EarlyUi } from './early/earlyUi.js';
import { generateToken, SessionCodes } from './token.js';
import { PendingAuthorizations } from './oauth/pending.js';
import { startSandbox } from './sandbox/sandboxApp.js';
import { SandboxOrigins } from './sandbox/sandboxOrigins.js';
import { OTLP_RECEIVER_PATH } from '@mcpscope/protocol';
import type { SessionsAhead } from './sessions-ahead.js';

export interface StartProxyOptions {
  engine: Engine;
  /** Default 127.0.0.1. Anything that is not loopback needs `allowRemote`. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default: $MCPSCOPE_TOKEN, else 32 random bytes (base64url). */
  token?: string;
  allowRemote?: boolean;
  staticDir?: string;
  info?: Partial<Info>;
  logger?: boolean;
  ws?: BuildAppOptions['ws'];
  /**
   * Listeners started before this module was loaded (`@mcpscope/proxy/early`, by launch) on the
   * same host, port and staticDir: the apps take them over. Default: started here.
   */
  early?: EarlyUi;
  /** Sessions opened before the proxy started, for the clients holding their claims (POST /api/sessions). */
  ahead?: SessionsAhead;
}

export interface RunningProxy {
  /**
   * `http://127.0.0.1:PORT/#token=…` (the fragment never reaches the server): for scripts and
   * tests that drive the UI themselves. Never hand it to another process (argv is public).
   */
  url: string;
  /** `http://127.0.0.1:PORT/`, without token or code. */
  baseUrl: string;
  /**
   * A fresh `http://127.0.0.1:PORT/#code=…`: what to open in a browser. The code is single-use and
   * valid for 60 s; the page exchanges it for the token (POST /api/session-code).
   */
  codeUrl(): string;
  port: number;
  token: string;
  app: FastifyInstance;
  /**
   * `http://127.0.0.1:PORT2`: the MCP App sandbox (./sandbox/), a second listener on the same host
   * so that an app's origin is never mcpscope's. /api/info names it under the host name each
   * request used.
   */
  sandboxOrigin: string;
  /** The web UI's OAuth user agent: pass `oauth.agent` as OpenOptions.oauthUserAgent, `oauth.redirectUrl()` as the redirect URI. */
  oauth: PendingAuthorizations;
  /** Stops both HTTP servers and the tabs' sockets. Sessions belong to the engine's owner. */
  close(): Promise<void>;
}

export class RemoteBindRefusedError extends Error {
  readonly code = 'MCPSCOPE_REMOTE_BIND_REFUSED';
  constructor(host: string) {
    super(
      `Refusing to listen on ${host}: it is not a loopback address, so anyone who can reach it ` +
        'could drive your MCP servers. Use 127.0.0.1, or pass allowRemote (--allow-remote) if you mean it.',
    );
    this.name = 'RemoteBindRefusedError';
  }
}

function pickToken(given: string | undefined): string {
  if (given !== undefined && given !== '') return given;
  const fromEnv = process.env.MCPSCOPE_TOKEN;
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : generateToken();
}

/** The address a local browser should use for the printed URL. */
function browserHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '[::]' ? '127.0.0.1' : hostForUrl(host);
}

/** Builds the app, listens (127.0.0.1 and a free port unless told otherwise) and reports where. */
export async function startProxy(opts: StartProxyOptions): Promise<RunningProxy> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && !opts.allowRemote) {
    await opts.early?.close();
    throw new RemoteBindRefusedError(host);
  }
  const token = pickToken(opts.token);
  const requestedPort = opts.port ?? 0;

  // Both ports listen (the UI's files are served) before Fastify is built; the apps take the
  // servers over once ready. The sandbox listens first: the app's CSP and /api/info name its port.
  const early = opts.early ?? startEarlyUi({ host, port: requestedPort, staticDir: opts.staticDir });
  await early.listening; // EADDRINUSE and the like: both closed already
  const port = early.main.port;
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let sandboxOrigins: SandboxOrigins | undefined;
  const oauth = new PendingAuthorizations();
  const codes = new SessionCodes();
  let app: FastifyInstance | undefined;
  try {
    // The sandbox's pages name mcpscope's port, read per request.
    const hostOrigin = (hostname: string): string => `http://${hostname}:${port}`;
    sandbox = await startSandbox({ host, hostOrigin, logger: opts.logger, server: early.sandbox });
    sandboxOrigins = new SandboxOrigins(() => startSandbox({ host, hostOrigin, logger: opts.logger }));
    app = await buildApp({
      oauth,
      codes,
      engine: opts.engine,
      token,
      host,
      port: requestedPort,
      staticDir: opts.staticDir,
      staticFiles: early.files,
      server: early.main,
      info: opts.info,
      logger: opts.logger,
      ws: opts.ws,
      sandboxPort: sandbox.port,
      sandboxOrigins,
      ...(opts.ahead ? { ahead: opts.ahead } : {}),
    });
    await app.ready();
  } catch (err) {
    await Promise.all([app?.close(), sandbox?.close(), sandboxOrigins?.close()]);
    await early.close();
    throw err;
  }
  const sandboxApp = sandbox;
  const sessionSandboxes = sandboxOrigins!;
  const baseUrl = `http://${browserHost(host)}:${port}/`;
  // A server on this machine reaches the receiver on loopback, whatever interface the UI listens on.
  opts.engine.spanReceivers.url = `http://${isLoopbackHost(host) ? browserHost(host) : '127.0.0.1'}:${port}${OTLP_RECEIVER_PATH}`;
  return {
    url: `${baseUrl}#token=${encodeURIComponent(token)}`,
    baseUrl,
    codeUrl: () => `${baseUrl}#code=${codes.mint()}`,
    port,
    token,
    app,
    sandboxOrigin: `http://${browserHost(host)}:${sandbox.port}`,
    oauth,
    close: async () => {
      await Promise.all([app.close(), sandboxApp.close(), sessionSandboxes.close()]);
      await early.close();
    },
  };
}

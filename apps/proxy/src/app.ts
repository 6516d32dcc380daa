import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { Engine } from '@mcpscope/engine';
import type { Info } from '@mcpscope/wire';
import { handleError, ProxyError } from './errors.js';
import { createHostPolicy } from './hosts.js';
import { isApiPath, isWsPath, requestPath } from './paths.js';
import { hostGuard } from './plugins/hostGuard.js';
import { securityHeaders } from './plugins/securityHeaders.js';
import { sendStaticFile, spa } from './plugins/spa.js';
import type { HandoffServer } from './early/handoffServer.js';
import { StaticFiles } from './early/staticFiles.js';
import { tokenAuth } from './plugins/tokenAuth.js';
import { sessionCodeRoute } from './plugins/sessionCode.js';
import { SessionCodes } from './token.js';
import { infoRoutes } from './routes/info.js';
import type { SandboxOrigins } from './sandbox/sandboxOrigins.js';
import { appMessageRoutes } from './routes/appMessages.js';
import { frameRoutes } from './routes/frames.js';
import { logLevelRoutes } from './routes/logLevel.js';
import { messageRoutes } from './routes/messages.js';
import { requestRoutes } from './routes/requests.js';
import { sessionCallRoutes } from './routes/sessionCall.js';
import { sessionCallsRoutes } from './routes/sessionCalls.js';
import { taskRoutes } from './routes/tasks.js';
import { rootRoutes } from './routes/roots.js';
import { serverRequestRoutes } from './routes/serverRequests.js';
import { sessionRoutes } from './routes/sessions.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { compareRoutes } from './routes/compare.js';
import { ingestRoutes } from './routes/ingest.js';
import { traceRoutes } from './routes/traces.js';
import { browserCodeRoutes } from './routes/browserCodes.js';
import { checkRoutes } from './routes/check.js';
import { wsHub, type HubOptions } from './ws/hub.js';
import { redactRepliesHook } from './ws/redactReplies.js';
import { sessionSecrets } from './ws/sessionSecrets.js';
import { PendingAuthorizations } from './oauth/pending.js';
import { oauthCallbackRoute, oauthRoutes } from './routes/oauth.js';
import { otelRoutes } from './routes/otel.js';
import { otlpReceiverRoutes } from './routes/otlpReceiver.js';
import type { SessionsAhead } from './sessions-ahead.js';

export interface BuildAppOptions {
  engine: Engine;
  token: string;
  /** The address the server will listen on (loopback names are always accepted as Host). */
  host: string;
  /** The port it will listen on; 0 = whatever port the server actually listens on. */
  port: number;
  /** The built web UI (index.html + assets/). */
  staticDir?: string;
  /** Its files, when the caller has read them already (the early listener); default: read staticDir. */
  staticFiles?: StaticFiles;
  /**
   * A server that is already listening (./early/): the app takes it over once ready instead of
   * creating its own; call no listen(). Upgrades come from its `upgrades` emitter.
   */
  server?: HandoffServer;
  info?: Partial<Info>;
  logger?: boolean;
  /** WebSocket flow control, see HubOptions. */
  ws?: Pick<HubOptions, 'maxQueuedBytes' | 'highWaterBytes' | 'batchBytes'>;
  /** The web UI's OAuth user agent (authorizations waiting for /oauth/callback); default a new one. */
  oauth?: PendingAuthorizations;
  /** Browser-open codes exchanged for the token at POST /api/session-code; default a new set. */
  codes?: SessionCodes;
  /**
   * The port of the MCP App sandbox listener (./sandbox/, started by startProxy on the same
   * host): the page's CSP may frame it and /api/info names it as `sandboxOrigin`, under the host
   * name each request used. Absent: no sandbox, nothing may be framed.
   */
  sandboxPort?: number;
  /** The sandbox's per-session origins (shared with it: the proxy mints, the sandbox checks). */
  sandboxOrigins?: SandboxOrigins;
  /** Sessions opened before the API listened, for the clients holding their claims. */
  ahead?: SessionsAhead;
}

export const BODY_LIMIT = 4 * 1024 * 1024;

/** The query string of a logged URL may hold the /ws token, or an OAuth code (/oauth/callback). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|state|access_token|refresh_token|id_token|client_secret|code_verifier)=)[^&]*/gi, '$1[redacted]');
}

/** Builds the proxy (no listen()). Plugin order matters: hooks run in registration order. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const early = opts.server;
  const app = Fastify({
    ...(early && {
      serverFactory: (h: (req: IncomingMessage, res: ServerResponse) => void) => {
        handler = h;
        return early.server;
      },
    }),
    bodyLimit: BODY_LIMIT,
    // A trace id is a file name (up to 255 bytes, see TraceParamsSchema): the router's default
    // 100-character cap would list a trace that then cannot be opened (414) or downloaded.
    routerOptions: { maxParamLength: 300 },
    // On close, destroy every connection, not only the idle ones: a request still in flight when
    // mcpscope stops (a replay connecting) would otherwise leave a keep-alive socket that holds
    // the process for the browser's keep-alive time.
    forceCloseConnections: true,
    logger: opts.logger ? { serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url ?? '') }) } } : false,
  });

  // Read on every request (the Host check, twice): the port a server got for port 0 is asked of
  // the socket (getsockname) once, not each time.
  let boundPort = opts.port;
  const listeningPort = (): number => {
    if (boundPort !== 0) return boundPort;
    const address = app.server.address();
    if (typeof address === 'object' && address !== null) boundPort = address.port;
    return boundPort;
  };
  const policy = createHostPolicy(opts.host, listeningPort);
  const pending = opts.oauth ?? new PendingAuthorizations();
  pending.bindPort(listeningPort);

  app.setErrorHandler(handleError);
  // Only JSON bodies; an empty JSON body (e.g. a DELETE from a generic fetch helper) is no body.
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });

  // @fastify/websocket first: its onRequest hook marks upgrade requests, so that an upgrade
  // refused by the guards below still gets its socket destroyed after the 403/401.
  // On an early server, upgrades arrive through its emitter, once the app is ready (see HandoffServer).
  const upgradeSource = early && { server: early.upgrades as unknown as Server };
  await app.register(websocket, { options: { maxPayload: 64 * 1024, ...upgradeSource } });
  await app.register(hostGuard, { policy });
  await app.register(tokenAuth, { token: opts.token });
  await app.register(securityHeaders, { policy, sandboxPort: opts.sandboxPort });
  const codes = opts.codes ?? new SessionCodes();
  await app.register(sessionCodeRoute, { codes, token: opts.token });

  await app.register(
    async (api) => {
      // Replies carry what the server sent, like the WS stream: the user's own secrets echoed
      // by the server are redacted by value here too.
      api.addHook('preSerialization', redactRepliesHook(sessionSecrets(opts.engine)));
      await api.register(infoRoutes, {
        info: { memoryBudget: opts.engine.memoryBudget, ...opts.info },
        sandboxPort: opts.sandboxPort,
        origins: opts.sandboxOrigins,
        engine: opts.engine,
      });
      await api.register(sessionRoutes, { engine: opts.engine, ...(opts.ahead ? { ahead: opts.ahead } : {}) });
      await api.register(frameRoutes, { engine: opts.engine });
      await api.register(messageRoutes, { engine: opts.engine });
      await api.register(serverRequestRoutes, { engine: opts.engine });
      await api.register(requestRoutes, { engine: opts.engine });
      await api.register(sessionCallRoutes, { engine: opts.engine });
      await api.register(sessionCallsRoutes, { engine: opts.engine });
      await api.register(taskRoutes, { engine: opts.engine });
      await api.register(appMessageRoutes, { engine: opts.engine });
      await api.register(rootRoutes, { engine: opts.engine });
      await api.register(logLevelRoutes, { engine: opts.engine });
      await api.register(subscriptionRoutes, { engine: opts.engine });
      await api.register(traceRoutes, { engine: opts.engine });
      await api.register(compareRoutes, { engine: opts.engine });
      await api.register(ingestRoutes, { engine: opts.engine });
      await api.register(oauthRoutes, { engine: opts.engine, pending });
      await api.register(browserCodeRoutes, { codes });
      await api.register(checkRoutes, { engine: opts.engine });
      await api.register(otelRoutes, { engine: opts.engine });
    },
    { prefix: '/api' },
  );
  await app.register(wsHub, { engine: opts.engine, ...opts.ws });
  await app.register(oauthCallbackRoute, { pending });
  // Server spans (OTLP/HTTP): its own secret per session, not the UI token.
  await app.register(otlpReceiverRoutes, { engine: opts.engine });
  // Pages without an icon link (the OAuth callback) make the browser ask for one: an empty
  // answer, not a 404 in the console.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

  const staticDir = opts.staticDir;
  const files = opts.staticFiles ?? (staticDir === undefined ? undefined : new StaticFiles(staticDir));
  if (files !== undefined) await app.register(spa, { files });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = requestPath(request);
    const spaRoute = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !isWsPath(path);
    const index = spaRoute && !path.startsWith('/assets/') ? files?.index : undefined;
    const sent = index && sendStaticFile(request, reply, index);
    if (sent) return sent;
    return handleError(new ProxyError('MCPSCOPE_ERR_NOT_FOUND', `No route ${request.method} ${path}`), request, reply);
  });

  if (early) {
    app.addHook('onReady', async () => {
      if (handler) early.attach(handler);
    });
  }
  return app;
}

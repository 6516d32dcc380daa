import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CATALOGUE, type ProxyErrorCode } from '../errorCatalogue.js';
import { createHostPolicy, foreignRequestRefusal } from '../hostPolicy.js';
import { urlPath as pathOf } from '../paths.js';
import { securityHeaderPairs } from '../plugins/securityHeaders.js';
import { HandoffServer } from './handoffServer.js';
import { StaticFiles, staticResponse, type StaticFile } from './staticFiles.js';

// The launch path's first stop (`@mcpscope/proxy/early`): it must not load Fastify, the engine or
// zod (apps/cli/build.mjs puts it in a chunk of its own; see bench/README.md "Launch → UI served").

export interface EarlyUiOptions {
  /** Default 127.0.0.1. Whether it may be bound is the caller's check (startProxy, launch). */
  host?: string;
  /** 0 = a free port. */
  port?: number;
  /** The built web UI; without it only Fastify answers (after start-up). */
  staticDir?: string;
  waitMs?: number;
}

/**
 * mcpscope's two listeners, up before Fastify is loaded: the UI's port serves the built web UI
 * at once (same Host/Origin guard and headers as the app), the MCP App sandbox's port waits.
 * startProxy hands both to Fastify (`early` option); until then, and for at most `waitMs`, every
 * request only Fastify can answer (the API, /ws, /oauth, client-side routes) waits for it.
 */
export interface EarlyUi {
  main: HandoffServer;
  sandbox: HandoffServer;
  /** The web UI's files, or undefined without a staticDir. */
  files?: StaticFiles;
  /** Resolves once both listen; rejects with the error (e.g. EADDRINUSE), both closed by then. */
  listening: Promise<void>;
  close(): Promise<void>;
}

function sendError(res: ServerResponse, code: ProxyErrorCode, message: string, headers: Array<[string, string]>): void {
  const status = ERROR_CATALOGUE[code].status;
  const body = JSON.stringify({ error: { code, message } });
  for (const [name, value] of headers) res.setHeader(name, value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export function startEarlyUi(opts: EarlyUiOptions = {}): EarlyUi {
  const host = opts.host ?? '127.0.0.1';
  const files = opts.staticDir === undefined ? undefined : new StaticFiles(opts.staticDir);
  let main: HandoffServer | undefined;
  const policy = createHostPolicy(host, () => main?.port ?? 0);
  const sandbox = new HandoffServer({
    waitMs: opts.waitMs,
    unavailable: (_req, res) => sendError(res, 'MCPSCOPE_ERR_STARTING', 'mcpscope is still starting; try again', []),
  });
  const headersFor = (req: IncomingMessage): Array<[string, string]> =>
    securityHeaderPairs(policy, sandbox.port, req.headers.host, pathOf(req.url));

  main = new HandoffServer({
    waitMs: opts.waitMs,
    unavailable: (req, res) => sendError(res, 'MCPSCOPE_ERR_STARTING', 'mcpscope is still starting; try again', headersFor(req)),
    early: (req, res) => {
      const refused = foreignRequestRefusal(policy, req.headers.host, req.headers.origin);
      if (refused) {
        sendError(res, refused.code, refused.message, headersFor(req));
        return true;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const file = files?.lookup(pathOf(req.url));
      return file !== undefined && serveFile(req, res, file, headersFor(req));
    },
  });

  const both = { main, sandbox };
  const close = async (): Promise<void> => {
    await Promise.all([both.main.close(), both.sandbox.close()]);
  };
  // The sandbox first: the UI's CSP names its port.
  const listening = sandbox
    .listen(host, 0)
    .then(() => both.main.listen(host, opts.port ?? 0))
    .catch(async (err: unknown) => {
      await close();
      throw err;
    });
  listening.catch(() => undefined); // awaited by startProxy; no unhandled rejection before that
  return { main, sandbox, files, listening, close };
}

/** Writes a static file's answer; false when the file has gone (Fastify's 404 then). */
export function serveFile(req: IncomingMessage, res: ServerResponse, file: StaticFile, headers: Array<[string, string]>): boolean {
  const answer = staticResponse(file, req.method ?? 'GET', {
    ifNoneMatch: req.headers['if-none-match'],
    ifModifiedSince: req.headers['if-modified-since'],
  });
  if (!answer) return false;
  for (const [name, value] of [...answer.headers, ...headers]) res.setHeader(name, value);
  res.writeHead(answer.status);
  const body = answer.body;
  if (!body || Buffer.isBuffer(body)) {
    res.end(body);
    return true;
  }
  body.on('error', () => res.destroy());
  body.pipe(res);
  return true;
}

export { isLoopbackHost } from '../hostPolicy.js';

import type { EarlyUi } from '@mcpscope/proxy/early';
import { webDir } from '../paths.js';

/**
 * Launch's first step, before commands/launch.ts (the engine, Fastify, the SDK…) is loaded: the
 * UI's port (and the MCP App sandbox's) listen and serve the built web UI at once; startProxy
 * hands them to Fastify when it is ready (see @mcpscope/proxy/early). Only for options that
 * plainly allow it (a decimal port, a loopback host or --allow-remote): anything else is left to
 * runLaunch, which reports it exactly as before (undefined here, nothing bound).
 */
export async function startLaunchUi(raw: unknown): Promise<EarlyUi | undefined> {
  const options = (raw ?? {}) as { port?: unknown; host?: unknown; allowRemote?: unknown };
  const port = typeof options.port === 'string' && /^\d{1,5}$/.test(options.port) ? Number(options.port) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) return undefined;
  const host = typeof options.host === 'string' && options.host !== '' ? options.host : '127.0.0.1';
  const { isLoopbackHost, startEarlyUi } = await import('@mcpscope/proxy/early');
  if (!isLoopbackHost(host) && options.allowRemote !== true) return undefined;
  return startEarlyUi({ host, port, staticDir: webDir() });
}

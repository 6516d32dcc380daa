import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';

import { ClockWatchingBus } from './clockWatchingBus.js';
import { DemoState } from './demoState.js';
import { LegacySessions } from './legacySessions.js';
import { createDemoServer } from './server.js';

export interface DemoHttpServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Extra Host header names to accept, e.g. a compose service name (`demo`). */
  allowedHosts?: string[];
  clockIntervalMs?: number;
}

export interface DemoHttpServer {
  /** e.g. `http://127.0.0.1:41234/mcp` */
  url: string;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function reportError(error: Error): void {
  process.stderr.write(`demo-server: ${error.message}\n`);
}

/**
 * Serves the demo over Streamable HTTP at `/mcp`. Requests are split by era with the
 * SDK's own classifier (`isLegacyRequest`): 2025-era traffic goes to sessionful
 * per-session instances (Mcp-Session-Id, GET SSE stream, DELETE); 2026-07-28 traffic goes
 * to `createMcpHandler`, which builds an instance per request and serves
 * `subscriptions/listen`. Host and Origin are checked first (DNS rebinding, spec:
 * basic/transports#security-warning).
 */
export async function startDemoHttpServer(options: DemoHttpServerOptions = {}): Promise<DemoHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const state = new DemoState({ clockIntervalMs: options.clockIntervalMs });
  const modern = createMcpHandler(() => createDemoServer({ state, era: 'modern', live: false }), {
    legacy: 'reject',
    bus: new ClockWatchingBus(state),
    onerror: reportError,
  });
  const unsubscribe = state.subscribe((event) => {
    if (event.kind === 'tools_changed') modern.notify.toolsChanged();
    else modern.notify.resourceUpdated(event.uri);
  });
  const legacy = new LegacySessions(() => createDemoServer({ state, era: 'legacy', live: true }));
  const allowedHosts = [...new Set([...localhostAllowedHostnames(), urlHost(host), ...(options.allowedHosts ?? [])])];

  const fetch = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== '/mcp') return new Response('Not found\n', { status: 404 });
    const rejected = hostHeaderValidationResponse(request, allowedHosts) ?? originValidationResponse(request, localhostAllowedOrigins());
    if (rejected !== undefined) return rejected;
    return (await isLegacyRequest(request)) ? legacy.handle(request) : modern.fetch(request);
  };
  const handler = toNodeHandler({ fetch }, { onerror: reportError });
  const server = createServer((req, res) => {
    void handler(req, res);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    unsubscribe();
    await legacy.closeAll();
    await modern.close();
    state.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: `http://${urlHost(host)}:${port}/mcp`,
    close: () => (closing ??= close()),
  };
}

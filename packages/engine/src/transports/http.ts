import {
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type AuthProvider,
  type FetchLike,
  type Transport,
} from '@modelcontextprotocol/client';
import type { HttpSessionConfig } from '../session/types.js';

export function httpHeaders(config: HttpSessionConfig): Record<string, string> {
  const headers = { ...config.headers };
  if (config.bearerToken) headers.Authorization = `Bearer ${config.bearerToken}`;
  return headers;
}

/**
 * How the SDK reopens a dropped SSE stream: after 1 s, then every 1.5× longer up to 5 s, 15 times
 * (about a minute). The SDK's own default gives up after 2 tries (2.5 s), before a server being
 * restarted by hand is back; the session watch counts refused reopenings against `maxRetries`
 * to know when the SDK has given up on an idle stream.
 */
export const STREAM_RECONNECTION = {
  initialReconnectionDelay: 1000,
  maxReconnectionDelay: 5000,
  reconnectionDelayGrowFactor: 1.5,
  maxRetries: 15,
} as const;

/** Streamable HTTP (2025-11-25/basic/transports#streamable-http) with the user's headers. */
export function createStreamableHttp(config: HttpSessionConfig, fetch: FetchLike, authProvider?: AuthProvider): Transport {
  return new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: httpHeaders(config) },
    fetch,
    authProvider,
    reconnectionOptions: { ...STREAM_RECONNECTION },
  });
}

/** The legacy HTTP+SSE transport (2024-11-05). */
export function createLegacySse(config: HttpSessionConfig, fetch: FetchLike, authProvider?: AuthProvider): Transport {
  const headers = httpHeaders(config);
  return new SSEClientTransport(new URL(config.url), {
    requestInit: { headers },
    authProvider,
    eventSourceInit: {
      fetch: (url, init) => fetch(url, { ...init, headers: { ...headers, ...(init?.headers as Record<string, string>) } }),
    },
    fetch,
  });
}

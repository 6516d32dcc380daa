import fp from 'fastify-plugin';
import type { HostPolicy } from '../hostPolicy.js';
import { isApiPath, requestPath } from '../paths.js';
import { hostnameOf } from '../sandbox/origins.js';

/**
 * The SPA's CSP: own scripts only, WebSocket back to this inspector, nothing framed but the MCP
 * App sandbox (another origin: apps/proxy/src/sandbox) when there is one. Images and media from
 * a server are `data:` URLs (never `blob:`, which would carry this origin; see
 * apps/web/src/ui/content/mediaUrl.ts), so img-src/media-src allow `data:` and nothing wider.
 */
export function contentSecurityPolicy(wsAuthority: string | undefined, sandboxOrigin?: string): string {
  const connect = wsAuthority === undefined ? "'self'" : `'self' ws://${wsAuthority}`;
  return [
    "default-src 'self'",
    `connect-src ${connect}`,
    "img-src 'self' data:",
    "media-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-src ${sandboxOrigin ?? "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers every response gets (errors included), for a request with this Host header and
 * path: the CSP (unless the route set its own), the rest always; API answers are never cached.
 * Shared by the plugin below and the early listener (../early/), which answers before Fastify is
 * loaded, so the page gets the same headers either way.
 */
export function securityHeaderPairs(
  policy: HostPolicy,
  sandboxPort: number | undefined,
  hostHeader: string | undefined,
  path: string,
): Array<[string, string]> {
  const authority = policy.isAllowedHost(hostHeader) ? hostHeader?.toLowerCase() : undefined;
  // Each session's apps have a sandbox listener of their own (sandboxOrigins.ts), on a port
  // picked when it starts: the page may frame this host on any port (it frames nothing but the
  // sandbox URL the proxy names; mcpscope's own origin is refused there, uiResource.ts).
  const sandboxOrigin = authority === undefined || sandboxPort === undefined ? undefined : `http://${hostnameOf(authority)}:*`;
  const pairs: Array<[string, string]> = [
    ['content-security-policy', contentSecurityPolicy(authority, sandboxOrigin)],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
  ];
  if (isApiPath(path)) pairs.push(['cache-control', 'no-store']);
  return pairs;
}

/** Headers on every response, errors included. API answers are never cached. */
export const securityHeaders = fp<{ policy: HostPolicy; sandboxPort?: number }>(
  async (app, { policy, sandboxPort }) => {
    app.addHook('onSend', async (request, reply) => {
      for (const [name, value] of securityHeaderPairs(policy, sandboxPort, request.headers.host, requestPath(request))) {
        // A route with its own stricter policy (the /oauth/callback page) keeps it.
        if (name === 'content-security-policy' && reply.hasHeader(name)) continue;
        reply.header(name, value);
      }
    });
  },
  { name: 'mcpscope-security-headers' },
);

import fp from 'fastify-plugin';
import type { HostPolicy } from '../hosts.js';
import { isApiPath, requestPath } from '../paths.js';
import { sameHostOrigin } from '../sandbox/origins.js';

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

/** Headers on every response, errors included. API answers are never cached. */
export const securityHeaders = fp<{ policy: HostPolicy; sandboxPort?: number }>(
  async (app, { policy, sandboxPort }) => {
    app.addHook('onSend', async (request, reply) => {
      const host = request.headers.host;
      const authority = policy.isAllowedHost(host) ? host?.toLowerCase() : undefined;
      const sandboxOrigin = authority === undefined || sandboxPort === undefined ? undefined : sameHostOrigin(authority, sandboxPort);
      // A route with its own stricter policy (the /oauth/callback page) keeps it.
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', contentSecurityPolicy(authority, sandboxOrigin));
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('cross-origin-resource-policy', 'same-origin');
      if (isApiPath(requestPath(request))) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'mcpscope-security-headers' },
);

import fp from 'fastify-plugin';
import { ProxyError } from '../errors.js';
import type { HostPolicy } from '../hosts.js';

/**
 * DNS-rebinding and cross-site guard on every path (API, /ws, static files, 404s): the Host
 * header must name this inspector, and an Origin, when sent, must be one of its own http
 * origins. Registered with fastify-plugin so the hook applies to the root context.
 */
export const hostGuard = fp<{ policy: HostPolicy }>(
  async (app, { policy }) => {
    app.addHook('onRequest', async (request) => {
      const host = request.headers.host;
      if (!policy.isAllowedHost(host)) {
        throw new ProxyError('MCPSCOPE_ERR_FORBIDDEN_HOST', `Host ${JSON.stringify(host ?? '')} is not allowed`);
      }
      const origin = request.headers.origin;
      if (origin !== undefined && !policy.isAllowedOrigin(origin)) {
        throw new ProxyError('MCPSCOPE_ERR_FORBIDDEN_ORIGIN', `Origin ${JSON.stringify(origin)} is not allowed`);
      }
    });
  },
  { name: 'mcpscope-host-guard' },
);

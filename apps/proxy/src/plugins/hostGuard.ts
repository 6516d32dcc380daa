import fp from 'fastify-plugin';
import { foreignRequestError, type HostPolicy } from '../hosts.js';

/**
 * DNS-rebinding and cross-site guard on every path (API, /ws, static files, 404s): the Host
 * header must name this inspector, and an Origin, when sent, must be one of its own http
 * origins (foreignRequestError). Registered with fastify-plugin so the hook applies to the
 * root context.
 */
export const hostGuard = fp<{ policy: HostPolicy }>(
  async (app, { policy }) => {
    app.addHook('onRequest', async (request) => {
      const refused = foreignRequestError(policy, request.headers.host, request.headers.origin);
      if (refused) throw refused;
    });
  },
  { name: 'mcpscope-host-guard' },
);

import type { FastifyPluginAsync } from 'fastify';
import { WIRE_VERSION, type Info } from '@mcpscope/wire';
import { PROXY_VERSION } from '../version.js';

export function makeInfo(overrides: Partial<Info> = {}): Info {
  return { version: PROXY_VERSION, ...overrides, name: 'mcpscope', wireVersion: WIRE_VERSION };
}

/** GET /api/info: who we are, the wire version, and the embedded demo config if any. */
export const infoRoutes: FastifyPluginAsync<{ info?: Partial<Info> }> = async (app, { info }) => {
  const body = makeInfo(info);
  app.get('/info', async () => body);
};

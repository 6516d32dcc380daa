import type { FastifyPluginAsync } from 'fastify';
import { WIRE_VERSION, type Info } from '@mcpscope/wire';
import { sameHostOrigin } from '../sandbox/origins.js';
import { PROXY_VERSION } from '../version.js';

export function makeInfo(overrides: Partial<Info> = {}): Info {
  return { version: PROXY_VERSION, ...overrides, name: 'mcpscope', wireVersion: WIRE_VERSION };
}

/**
 * GET /api/info: who we are, the wire version, the embedded demo config if any, and the MCP App
 * sandbox's origin under the host name this request used (the host guard accepted it).
 */
export const infoRoutes: FastifyPluginAsync<{ info?: Partial<Info>; sandboxPort?: number; otlpReceiver?: () => string | undefined }> = async (app, { info, sandboxPort, otlpReceiver }) => {
  const body = makeInfo(info);
  app.get('/info', async (request) => {
    const host = request.headers.host;
    const receiver = otlpReceiver?.();
    const withReceiver = receiver === undefined ? body : { ...body, otlpReceiver: receiver };
    return sandboxPort === undefined || host === undefined ? withReceiver : { ...withReceiver, sandboxOrigin: sameHostOrigin(host, sandboxPort) };
  });
};

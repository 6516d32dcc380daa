import type { FastifyPluginAsync } from 'fastify';
import { WIRE_VERSION, type Info } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { sameHostOrigin } from '../sandbox/origins.js';
import type { SandboxOrigins } from '../sandbox/sandboxOrigins.js';
import type { Engine } from '@mcpscope/engine';
import { parseInput } from './parse.js';
import { SessionParamsSchema } from './sessions.js';
import { PROXY_VERSION } from '../version.js';

export function makeInfo(overrides: Partial<Info> = {}): Info {
  return { version: PROXY_VERSION, ...overrides, name: 'mcpscope', wireVersion: WIRE_VERSION };
}

/**
 * GET /api/info: who we are, the wire version, the embedded demo config if any, and the MCP App
 * sandbox's origin under the host name this request used (the host guard accepted it).
 */
export const infoRoutes: FastifyPluginAsync<{
  info?: Partial<Info>;
  sandboxPort?: number;
  origins?: SandboxOrigins;
  engine?: Engine;
}> = async (app, { info, sandboxPort, origins, engine }) => {
  const body = makeInfo(info);
  app.get('/info', async (request) => {
    const host = request.headers.host;
    const receiver = engine?.spanReceivers.url;
    const withReceiver = receiver === undefined ? body : { ...body, otlpReceiver: receiver };
    return sandboxPort === undefined || host === undefined
      ? withReceiver
      : { ...withReceiver, sandboxOrigin: sameHostOrigin(host, sandboxPort) };
  });

  // The sandbox origin for this session's app views: a listener of its own (sandboxOrigins.ts),
  // under the host name this request used; the shared one of /api/info when none can start.
  app.get('/sessions/:id/sandbox-origin', async (request) => {
    const { id } = parseInput(SessionParamsSchema, request.params, 'path parameters');
    if (!engine?.view(id)) throw new ProxyError('MCPSCOPE_ERR_SESSION_NOT_FOUND', `No session ${JSON.stringify(id)}`);
    const host = request.headers.host;
    if (sandboxPort === undefined || host === undefined)
      throw new ProxyError('MCPSCOPE_ERR_NOT_FOUND', 'this mcpscope runs no MCP App sandbox');
    return { sandboxOrigin: sameHostOrigin(host, (await origins?.portFor(id)) ?? sandboxPort) };
  });
};

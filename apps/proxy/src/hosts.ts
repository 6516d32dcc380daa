import { ProxyError } from './errors.js';
import { foreignRequestRefusal, type HostPolicy } from './hostPolicy.js';

// The policy itself lives in hostPolicy.ts (no Fastify, no engine: the early listener loads it).
export { createHostPolicy, isLoopbackHost, type HostPolicy } from './hostPolicy.js';

/**
 * The DNS-rebinding and cross-site check itself, shared by the proxy's hostGuard and the
 * listener of `mcpscope wrap --target` (apps/cli): the Host header must name this server and
 * an Origin, when sent, must be one of its own http origins. Returns the 403 to answer with,
 * or undefined when the request may go on.
 */
export function foreignRequestError(policy: HostPolicy, host: string | undefined, origin: string | undefined): ProxyError | undefined {
  const refused = foreignRequestRefusal(policy, host, origin);
  return refused && new ProxyError(refused.code, refused.message);
}

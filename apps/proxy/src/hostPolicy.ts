import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

// Loaded by the early listener (./early/) before Fastify and the engine: node: imports only.

/**
 * Which `Host` header values (and `http://` origins) name this inspector. Anything else is a
 * DNS-rebinding attempt or a foreign page and gets 403 (README "Security"; docs/ARCHITECTURE.md, "Trust model").
 */
export interface HostPolicy {
  /** Lower-case `host:port` authorities that are allowed right now. */
  allowedAuthorities(): Set<string>;
  isAllowedHost(hostHeader: string | undefined): boolean;
  isAllowedOrigin(origin: string): boolean;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

export function isLoopbackHost(host: string): boolean {
  const h = unbracket(host).toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/** `::1` → `[::1]`, names and IPv4 unchanged; lower-cased. */
export function hostForUrl(host: string): string {
  const h = unbracket(host).toLowerCase();
  return isIP(h) === 6 ? `[${h}]` : h;
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** Every address of this machine's interfaces; used when bound to a wildcard address. */
function interfaceHosts(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((iface) => hostForUrl(iface.address));
}

/**
 * `boundHost` is the address the server listens on; `port()` is read on every request so
 * that a server started on port 0 is checked against the port it actually got.
 */
export function createHostPolicy(boundHost: string, port: () => number): HostPolicy {
  const names = new Set(LOOPBACK_NAMES);
  if (WILDCARDS.has(boundHost)) for (const h of interfaceHosts()) names.add(h);
  else names.add(hostForUrl(boundHost));

  let cachedPort = -1;
  let cached = new Set<string>();
  const allowedAuthorities = (): Set<string> => {
    const p = port();
    if (p !== cachedPort) {
      cachedPort = p;
      cached = new Set();
      for (const name of names) {
        cached.add(`${name}:${p}`);
        if (p === 80) cached.add(name); // browsers omit the default port
      }
    }
    return cached;
  };

  return {
    allowedAuthorities,
    isAllowedHost: (hostHeader) => hostHeader !== undefined && allowedAuthorities().has(hostHeader.toLowerCase()),
    isAllowedOrigin: (origin) => {
      const prefix = 'http://';
      if (!origin.toLowerCase().startsWith(prefix)) return false;
      return allowedAuthorities().has(origin.slice(prefix.length).toLowerCase());
    },
  };
}

/** Why a request is refused by the Host/Origin check (a catalogue code, 403), or undefined. */
export function foreignRequestRefusal(
  policy: HostPolicy,
  host: string | undefined,
  origin: string | undefined,
): { code: 'MCPSCOPE_ERR_FORBIDDEN_HOST' | 'MCPSCOPE_ERR_FORBIDDEN_ORIGIN'; message: string } | undefined {
  if (!policy.isAllowedHost(host))
    return { code: 'MCPSCOPE_ERR_FORBIDDEN_HOST', message: `Host ${JSON.stringify(host ?? '')} is not allowed` };
  if (origin !== undefined && !policy.isAllowedOrigin(origin))
    return { code: 'MCPSCOPE_ERR_FORBIDDEN_ORIGIN', message: `Origin ${JSON.stringify(origin)} is not allowed` };
  return undefined;
}

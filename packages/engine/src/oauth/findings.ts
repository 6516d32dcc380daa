import { isIP } from 'node:net';
import type { Finding } from '@mcpscope/protocol';

const SPEC = '2025-11-25/basic/authorization';

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\./.test(h);
}

/** RFC 1918, link-local, unique-local and loopback addresses: where a public server must never send us. */
export function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopbackHost(h)) return true;
  if (isIP(h) === 4) {
    const [a, b] = h.split('.').map(Number);
    return (
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(h) === 6) return h.startsWith('fe80:') || h.startsWith('fc') || h.startsWith('fd') || h === '::';
  return h.endsWith('.internal') || h.endsWith('.local');
}

/** Findings on one URL the flow is about to use, given the MCP server it authorizes for. */
export function urlFindings(url: URL, serverUrl: URL): Finding[] {
  const out: Finding[] = [];
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
    out.push({
      rule: 'oauth-insecure-endpoint',
      severity: 'error',
      message: `${url.origin} is not HTTPS (mcpscope lets loopback use http, for local development)`,
      spec: `${SPEC}#communication-security`,
      quote: 'All authorization server endpoints **MUST** be served over HTTPS.',
    });
  }
  if (isPrivateHost(url.hostname) && !isPrivateHost(serverUrl.hostname)) {
    // No spec sentence forbids it (the spec's SSRF text is about authorization servers fetching
    // client metadata): mcpscope's own caution, so a warning that says so.
    out.push({
      rule: 'oauth-ssrf',
      severity: 'warning',
      message: `A public MCP server pointed the client at a private or link-local address (${url.hostname}). No spec rule forbids this; mcpscope flags it because a client that follows it can be made to reach its own network (SSRF).`,
      spec: '',
    });
  }
  return out;
}

/** RFC 8414 §3.3: the metadata's issuer must equal the URL it was derived from. */
export function issuerFinding(expected: string, issuer: unknown): Finding[] {
  if (typeof issuer !== 'string' || issuer.replace(/\/$/, '') === expected.replace(/\/$/, '')) return [];
  return [
    {
      rule: 'oauth-issuer-mismatch',
      severity: 'error',
      message: `Metadata issuer ${issuer} does not match ${expected}`,
      spec: 'RFC 8414 §3.3',
      quote:
        'The "issuer" value returned MUST be identical to the authorization server\'s issuer identifier value into which the well-known URI string was inserted to create the URL used to retrieve the metadata.',
    },
  ];
}

/** RFC 9728 §3.3: the metadata's resource must identify the server the client talks to. */
export function resourceFinding(serverUrl: URL, resource: unknown): Finding[] {
  if (typeof resource !== 'string') return [];
  const r = resource.replace(/\/$/, '');
  const s = serverUrl.href.replace(/\/$/, '');
  if (s === r || s.startsWith(`${r}/`)) return [];
  return [
    {
      rule: 'oauth-resource-mismatch',
      severity: 'error',
      message: `Protected resource ${resource} does not match the server URL ${serverUrl.href}`,
      spec: 'RFC 9728 §3.3',
      quote:
        'The "resource" value returned MUST be identical to the protected resource\'s resource identifier value into which the well-known URI path suffix was inserted to create the URL used to retrieve the metadata.',
    },
  ];
}

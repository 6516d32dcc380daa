import { buildAppCsp, jsonTextTooDeep } from '@mcpscope/protocol';
import { z } from 'zod';

/** Longest `csp` query value read; a longer (or malformed) one gets the restrictive default. */
export const MAX_CSP_QUERY = 16 * 1024;
/** A McpUiResourceCsp nests two levels (object of arrays of strings); deeper text is not parsed. */
const MAX_CSP_DEPTH = 4;

export const SandboxQuerySchema = z.object({ csp: z.string().max(MAX_CSP_QUERY).optional() });

/**
 * The declared `_meta.ui.csp` from the page's query: URL-decoded JSON. Anything that does not
 * parse within the limits reads as "no csp", so the page gets the restrictive default: a bad
 * query never yields a page without a policy, nor a wider one.
 */
export function declaredCsp(query: unknown): unknown {
  const parsed = SandboxQuerySchema.safeParse(query);
  const text = parsed.success ? parsed.data.csp : undefined;
  if (text === undefined || jsonTextTooDeep(text, MAX_CSP_DEPTH)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The sandbox page's Content-Security-Policy: the app CSP, framed by mcpscope only. */
export function sandboxPolicy(declared: unknown, hostOrigin: string): string {
  return `${buildAppCsp(declared).policy}; frame-ancestors ${hostOrigin}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page itself: mcpscope's origin for the relay, and the relay (sandboxScript). */
export function sandboxPage(hostOrigin: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta name="mcpscope-host-origin" content="${escapeHtml(hostOrigin)}">` +
    '<title>mcpscope · MCP App sandbox</title>' +
    '<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;border:0;width:100%;height:100%}</style>' +
    '</head><body><script src="/sandbox.js"></script></body></html>'
  );
}

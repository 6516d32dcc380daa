import type { HttpEvent } from '../events.js';
import type { LintState } from './state.js';
import type { HttpRule } from './rule.js';

const SPEC = '2025-11-25/basic/transports';
/** Request/response headers are the peer's: read as own keys only, lower- or original-case. */
const header = (h: Record<string, string> | undefined, name: string): string | undefined => {
  if (!h) return undefined;
  if (Object.hasOwn(h, name)) return h[name];
  const lower = name.toLowerCase();
  return Object.hasOwn(h, lower) ? h[lower] : undefined;
};
const isMcpPost = (e: HttpEvent) => e.method === 'POST' && e.status !== undefined;
/** The first protocol revision that defines MCP-Protocol-Version (older ones may omit it). */
const VERSION_HEADER_SINCE = '2025-06-18';

/**
 * The legacy HTTP+SSE transport (2024-11-05) opens with a GET answered by an event stream
 * before any initialize; Streamable HTTP opens a GET only after initialization. The
 * Streamable HTTP rules below do not apply to it.
 */
export function noteLegacySse(e: HttpEvent, state: LintState): void {
  if (e.method === 'GET' && !state.initializeSent && (e.contentType ?? '').toLowerCase().startsWith('text/event-stream'))
    state.legacySse = true;
}

/**
 * Whether this request came after its conversation's initialization, judged without relying on
 * the order in which HTTP events and frames were logged (an SSE answer may be logged before its
 * POST). Stateful servers: by Mcp-Session-Id (assigned by the initialize answer). Stateless:
 * the first POST without the header after each outgoing initialize is that initialize's POST.
 */
function afterInitialization(e: HttpEvent, state: LintState): boolean {
  const sent = header(e.requestHeaders, 'mcp-session-id');
  if (sent !== undefined) return state.initializedHttpSessions.has(sent);
  if (header(e.responseHeaders, 'mcp-session-id') !== undefined) return false; // the initialize POST of a new HTTP session
  if (e.method === 'POST' && state.initializePostsPending > 0) {
    state.initializePostsPending--;
    return false;
  }
  return state.initializeAnswered;
}

export const httpProtocolVersion: HttpRule = {
  id: 'http-protocol-version-header',
  severity: 'error',
  spec: `${SPEC}#protocol-version-header`,
  quote:
    'If using HTTP, the client MUST include the `MCP-Protocol-Version: <protocol-version>` HTTP header on all subsequent requests to the MCP server, allowing the MCP server to respond based on the MCP protocol version.',
  description: `Streamable HTTP: after initialization (per HTTP session) every request carries MCP-Protocol-Version, when the negotiated version is ${VERSION_HEADER_SINCE} or later. Not applied to the legacy HTTP+SSE transport, which has no such header.`,
  onHttp: (e, state) => {
    const sid = header(e.requestHeaders, 'mcp-session-id');
    const assigned = header(e.responseHeaders, 'mcp-session-id');
    const after = afterInitialization(e, state);
    if (!sid && assigned !== undefined) state.initializedHttpSessions.add(assigned); // its body answered the initialize
    if (state.legacySse || state.era !== 'legacy' || e.method === 'DELETE' || !after) return undefined;
    if (state.protocolVersion === undefined || state.protocolVersion < VERSION_HEADER_SINCE) return undefined;
    return header(e.requestHeaders, 'mcp-protocol-version') === undefined
      ? `${e.method} ${e.url} has no MCP-Protocol-Version header`
      : undefined;
  },
};

export const httpSessionId: HttpRule = {
  id: 'http-session-id',
  severity: 'error',
  spec: `${SPEC}#session-management`,
  quote:
    'If an `MCP-Session-Id` is returned by the server during initialization, clients using the Streamable HTTP transport MUST include it in the `MCP-Session-Id` header on all of their subsequent HTTP requests.',
  description: 'Once the server assigned Mcp-Session-Id, every later request carries it.',
  onHttp: (e, state) => {
    const sent = header(e.requestHeaders, 'mcp-session-id');
    const assigned = header(e.responseHeaders, 'mcp-session-id');
    const out =
      !state.legacySse && state.httpSessionId && !sent && !assigned
        ? `${e.method} ${e.url} lacks the Mcp-Session-Id the server assigned`
        : undefined;
    if (assigned) state.httpSessionId = assigned;
    return out;
  },
};

export const httpContentType: HttpRule = {
  id: 'http-content-type',
  severity: 'error',
  spec: `${SPEC}#sending-messages-to-the-server`,
  quote:
    'the server MUST either return `Content-Type: text/event-stream`, to initiate an SSE stream, or `Content-Type: application/json`, to return one JSON object.',
  description:
    'Streamable HTTP: a POST that returns a body answers with Content-Type application/json or text/event-stream (not judged on the legacy HTTP+SSE transport).',
  onHttp: (e, state) => {
    if (state.legacySse || !isMcpPost(e) || e.status !== 200) return undefined;
    const type = (e.contentType ?? '').split(';')[0].trim().toLowerCase();
    return type === 'application/json' || type === 'text/event-stream'
      ? undefined
      : `POST ${e.url} answered 200 with Content-Type ${JSON.stringify(e.contentType ?? '')}`;
  },
};

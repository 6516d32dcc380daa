import type { HttpEvent } from '../events.js';
import type { HttpRule } from './rule.js';

const SPEC = '2025-11-25/basic/transports';
const header = (h: Record<string, string> | undefined, name: string) => h?.[name] ?? h?.[name.toLowerCase()];
const isMcpPost = (e: HttpEvent) => e.method === 'POST' && e.status !== undefined;

export const httpProtocolVersion: HttpRule = {
  id: 'http-protocol-version-header',
  severity: 'error',
  spec: `${SPEC}#protocol-version-header`,
  description: 'After initialization every HTTP request carries MCP-Protocol-Version.',
  onHttp: (e, state) =>
    state.initializeAnswered && state.era === 'legacy' && e.method !== 'DELETE' && !header(e.requestHeaders, 'mcp-protocol-version')
      ? `${e.method} ${e.url} has no MCP-Protocol-Version header`
      : undefined,
};

export const httpSessionId: HttpRule = {
  id: 'http-session-id',
  severity: 'error',
  spec: `${SPEC}#session-management`,
  description: 'Once the server assigned Mcp-Session-Id, every later request carries it.',
  onHttp: (e, state) => {
    const sent = header(e.requestHeaders, 'mcp-session-id');
    const assigned = header(e.responseHeaders, 'mcp-session-id');
    const out = state.httpSessionId && !sent && !assigned ? `${e.method} ${e.url} lacks the Mcp-Session-Id the server assigned` : undefined;
    if (assigned) state.httpSessionId = assigned;
    return out;
  },
};

export const httpContentType: HttpRule = {
  id: 'http-content-type',
  severity: 'error',
  spec: `${SPEC}#sending-messages-to-the-server`,
  description: 'A POST that returns a body answers with Content-Type application/json or text/event-stream.',
  onHttp: (e) => {
    if (!isMcpPost(e) || e.status !== 200) return undefined;
    const type = (e.contentType ?? '').split(';')[0].trim().toLowerCase();
    return type === 'application/json' || type === 'text/event-stream' ? undefined : `POST ${e.url} answered 200 with Content-Type ${JSON.stringify(e.contentType ?? '')}`;
  },
};

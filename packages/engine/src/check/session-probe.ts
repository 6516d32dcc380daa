import type { Finding, SessionEvent } from '@mcpscope/protocol';
import { findingOf, PROBE_RULES } from '@mcpscope/protocol/lint';
import type { HttpSessionConfig } from '../session/types.js';
import { send, type ProbeResult } from './origin-probe.js';

const PING = JSON.stringify({ jsonrpc: '2.0', id: 'mcpscope-probe-no-session', method: 'ping' });

/** The server gave this session an Mcp-Session-Id at initialization (it keeps sessions). */
export function assignedSessionId(events: readonly SessionEvent[]): boolean {
  return events.some((e) => e.type === 'http' && e.responseHeaders !== undefined && Object.hasOwn(e.responseHeaders, 'mcp-session-id'));
}

/**
 * 2025-11-25/basic/transports#session-management: "Servers that require a session ID SHOULD
 * respond to requests without an `MCP-Session-Id` header (other than initialization) with HTTP
 * 400 Bad Request." For a Streamable HTTP session of that era whose server assigned a session
 * id: a ping (no side effects) POSTed without it. A 404 or a server error is the finding; a
 * success says the server does not need the id after all, and 401/403 are about credentials.
 * 2026-07-28 has no protocol-level sessions: not probed.
 */
export async function probeSessionRequired(
  config: HttpSessionConfig,
  protocolVersion: string | undefined,
  timeoutMs = 5000,
): Promise<ProbeResult> {
  const findings: Finding[] = [];
  const auth: Record<string, string> = {
    ...config.headers,
    ...(config.bearerToken ? { authorization: `Bearer ${config.bearerToken}` } : {}),
  };
  const headers = { ...auth, ...(protocolVersion ? { 'mcp-protocol-version': protocolVersion } : {}) };
  try {
    const { status } = await send(new URL(config.url), 'POST', headers, timeoutMs, PING);
    if (status === 404 || status >= 500) {
      const rule = PROBE_RULES.find((r) => r.id === 'http-session-required')!;
      findings.push(
        findingOf(
          rule,
          `a ping POSTed without the Mcp-Session-Id the server assigned at initialization got HTTP ${status}, not 400 Bad Request`,
        ),
      );
    }
    return { findings, notes: [`probe a request without Mcp-Session-Id → HTTP ${status}`] };
  } catch (err) {
    return { findings, notes: [`probe a request without Mcp-Session-Id failed: ${(err as Error).message}`] };
  }
}

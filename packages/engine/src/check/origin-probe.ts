import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Finding } from '@mcpscope/protocol';
import { findingOf, PROBE_RULES } from '@mcpscope/protocol/lint';
import type { HttpSessionConfig } from '../session/types.js';

export const FOREIGN_ORIGIN = 'http://mcpscope-rebinding-probe.example';
const FOREIGN_HOST = 'mcpscope-rebinding-probe.example';

const INIT_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 'mcpscope-probe',
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpscope-probe', version: '0' } },
});

interface ProbeAnswer {
  status: number;
  /** The Mcp-Session-Id a stateful server assigned to the probe's initialize, to be closed. */
  sessionId?: string;
}

/** One request through node:http (fetch may not set Host); the status is all we read. */
export function send(
  url: URL,
  method: 'POST' | 'DELETE',
  headers: Record<string, string>,
  timeoutMs: number,
  body?: string,
): Promise<ProbeAnswer> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), accept: 'application/json, text/event-stream', ...headers },
      timeout: timeoutMs,
    });
    req.on('response', (res) => {
      const sid = res.headers['mcp-session-id'];
      resolve({ status: res.statusCode ?? 0, ...(typeof sid === 'string' && sid ? { sessionId: sid } : {}) });
      res.destroy(); // an SSE answer would stay open: the status is all we need
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

function finding(id: string, message: string, era?: 'legacy' | 'modern'): Finding {
  return findingOf(PROBE_RULES.find((r) => r.id === id)!, message, era);
}

export interface ProbeResult {
  findings: Finding[];
  notes: string[];
}

/**
 * DNS-rebinding probes (2025-11-25/basic/transports#security-warning): "If the `Origin` header
 * is present and invalid, servers MUST respond with HTTP 403 Forbidden." A foreign Host has no
 * spec sentence behind it: reported as info. A probe that a stateful server accepted opened a
 * session there; it is closed with DELETE (2025-11-25/basic/transports#session-management).
 *
 * `transport` is the one the session ended on. The legacy HTTP+SSE transport is not probed: the
 * quoted rule is Streamable HTTP's, its SSE URL takes no POST, and a POST to its message
 * endpoint would land in the live session. An info finding says so; no result is claimed.
 * `era` is the session's: a 2026-07-28 session's finding quotes that revision's wording.
 */
export async function probeOriginAndHost(
  config: HttpSessionConfig,
  timeoutMs = 5000,
  transport: 'http' | 'sse' = config.transport === 'sse' ? 'sse' : 'http',
  era?: 'legacy' | 'modern',
): Promise<ProbeResult> {
  if (transport === 'sse') {
    return {
      findings: [
        finding(
          'http-probe-skipped',
          `Origin/Host validation not probed: ${config.url} speaks the legacy HTTP+SSE transport (the Origin MUST is Streamable HTTP's; a probe to its message endpoint would enter the live session). No result claimed.`,
        ),
      ],
      notes: ['probe Origin/Host: not probed (legacy HTTP+SSE)'],
    };
  }
  const url = new URL(config.url);
  const auth: Record<string, string> = {
    ...config.headers,
    ...(config.bearerToken ? { authorization: `Bearer ${config.bearerToken}` } : {}),
  };
  const findings: Finding[] = [];
  const notes: string[] = [];
  const probes = [
    { rule: 'http-origin-validation', headers: { ...auth, origin: FOREIGN_ORIGIN }, what: `Origin: ${FOREIGN_ORIGIN}`, own: false },
    {
      rule: 'http-host-validation',
      headers: { ...auth, host: `${FOREIGN_HOST}${url.port ? `:${url.port}` : ''}` },
      what: `Host: ${FOREIGN_HOST}`,
      own: true,
    },
  ];
  for (const probe of probes) {
    try {
      const answer = await send(url, 'POST', probe.headers, timeoutMs, INIT_BODY);
      notes.push(`probe ${probe.what} → HTTP ${answer.status}`);
      // The finding quotes the rule as the session's own era words it.
      if (answer.status !== 403)
        findings.push(
          finding(
            probe.rule,
            `a POST with ${probe.what} got HTTP ${answer.status}, not 403: the server does not reject DNS-rebinding requests${probe.own ? " (mcpscope's own check: no spec sentence requires Host validation)" : ''}`,
            era,
          ),
        );
      if (answer.sessionId) notes.push(await closeProbeSession(url, auth, answer.sessionId, timeoutMs));
    } catch (err) {
      notes.push(`probe ${probe.what} failed: ${(err as Error).message}`);
    }
  }
  return { findings, notes };
}

/** DELETE of the session a probe opened, with the Mcp-Session-Id the server assigned. */
async function closeProbeSession(url: URL, auth: Record<string, string>, sessionId: string, timeoutMs: number): Promise<string> {
  try {
    const { status } = await send(url, 'DELETE', { ...auth, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' }, timeoutMs);
    return `probe session closed: DELETE → HTTP ${status}`;
  } catch (err) {
    return `probe session not closed: DELETE failed: ${(err as Error).message}`;
  }
}

import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Finding } from '@mcpscope/protocol';
import { PROBE_RULES } from '@mcpscope/protocol/lint';
import type { HttpSessionConfig } from '../types.js';

export const FOREIGN_ORIGIN = 'http://mcpscope-rebinding-probe.example';
const FOREIGN_HOST = 'mcpscope-rebinding-probe.example';

const INIT_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 'mcpscope-probe',
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpscope-probe', version: '0' } },
});

/** POSTs an initialize with extra headers through node:http (fetch may not set Host) and returns the status. */
function post(url: URL, headers: Record<string, string>, timeoutMs: number): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      timeout: timeoutMs,
    });
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      res.destroy(); // an SSE answer would stay open: the status is all we need
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(INIT_BODY);
  });
}

function finding(id: string, message: string): Finding {
  const rule = PROBE_RULES.find((r) => r.id === id)!;
  return { rule: rule.id, severity: rule.severity, spec: rule.spec, message };
}

/**
 * DNS-rebinding probes (2025-11-25/basic/transports#security-warning): a request with a foreign
 * Origin MUST get 403; a foreign Host should too. Returns findings, and a note per probe.
 */
export async function probeOriginAndHost(config: HttpSessionConfig, timeoutMs = 5000): Promise<{ findings: Finding[]; notes: string[] }> {
  const url = new URL(config.url);
  const auth: Record<string, string> = { ...config.headers, ...(config.bearerToken ? { authorization: `Bearer ${config.bearerToken}` } : {}) };
  const findings: Finding[] = [];
  const notes: string[] = [];
  const probes = [
    { rule: 'http-origin-validation', headers: { ...auth, origin: FOREIGN_ORIGIN }, what: `Origin: ${FOREIGN_ORIGIN}` },
    { rule: 'http-host-validation', headers: { ...auth, host: `${FOREIGN_HOST}${url.port ? `:${url.port}` : ''}` }, what: `Host: ${FOREIGN_HOST}` },
  ];
  for (const probe of probes) {
    try {
      const status = await post(url, probe.headers, timeoutMs);
      notes.push(`probe ${probe.what} → HTTP ${status}`);
      if (status !== 403) findings.push(finding(probe.rule, `a POST with ${probe.what} got HTTP ${status}, not 403: the server does not reject DNS-rebinding requests`));
    } catch (err) {
      notes.push(`probe ${probe.what} failed: ${(err as Error).message}`);
    }
  }
  return { findings, notes };
}

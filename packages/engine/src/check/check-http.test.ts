import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { idKey, messageId, type SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import { startEverything, type RunningServer } from '../../test-fixtures/servers.js';
import { lintEvents } from './lint-trace.js';
import { probeOriginAndHost } from './origin-probe.js';
import { runCheck } from './run-check.js';

let engine: Engine;
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await engine?.closeAll();
  for (const stop of stops.splice(0)) await stop();
});

const errors = (findings: Array<{ severity: string }>) => findings.filter((f) => f.severity === 'error');

/** Ids of outgoing requests before and after the transport-attempt marker. */
function idsAroundFallback(events: readonly SessionEvent[]): { before: string[]; after: string[] } {
  const at = events.findIndex((e) => e.type === 'lifecycle' && e.state === 'transport-attempt');
  const ids = (from: number, to: number) =>
    events
      .slice(from, to)
      .flatMap((e) =>
        e.type === 'frame' && e.dir === 'out' && e.msg && typeof e.msg.method === 'string' && messageId(e.msg) !== undefined
          ? [idKey(messageId(e.msg)!)]
          : [],
      );
  return at < 0 ? { before: [], after: [] } : { before: ids(0, at), after: ids(at, events.length) };
}

describe('check on an HTTP+SSE server (server-everything sse)', () => {
  it('auto falls back from Streamable HTTP to SSE with zero error findings: no duplicate-inflight-id, no Origin claim', async () => {
    const sse: RunningServer = await startEverything('sse');
    stops.push(() => sse.stop());
    engine = new Engine({ stopGraceMs: 200 });
    const { report, session } = await runCheck(engine, { transport: 'auto', url: sse.url, headers: {} });
    expect(session.info().transport).toBe('sse');
    // The retry resent ids the first attempt used: the case the linter must not call a duplicate.
    const { before, after } = idsAroundFallback(session.events());
    expect(before.length).toBeGreaterThan(0);
    expect(after.some((id) => before.includes(id))).toBe(true);
    expect(errors(report.findings)).toEqual([]);
    expect(report.findings.map((f) => f.rule)).not.toContain('duplicate-inflight-id');
    expect(report.findings.filter((f) => f.rule === 'http-probe-skipped')).toEqual([expect.objectContaining({ severity: 'info' })]);
    // The same events linted again (mcpscope lint of the trace) agree.
    const relinted = lintEvents(session.events()).flatMap((e) => (e.type === 'frame' || e.type === 'http' ? (e.findings ?? []) : []));
    expect(errors(relinted)).toEqual([]);
  }, 60_000);
});

describe('probeOriginAndHost', () => {
  it('closes each session a stateful server opened for a probe with DELETE and its Mcp-Session-Id', async () => {
    const seen: Array<{ method?: string; sid?: string | string[]; origin?: string; host?: string }> = [];
    let n = 0;
    const server = createServer((req: IncomingMessage, res) => {
      seen.push({ method: req.method, sid: req.headers['mcp-session-id'], origin: req.headers.origin, host: req.headers.host });
      req.resume();
      if (req.method === 'DELETE') return res.writeHead(200).end();
      // Validates Origin, not Host: the Host probe opens a session.
      if (req.headers.origin) return res.writeHead(403).end();
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': `probe-${++n}` }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const { findings, notes } = await probeOriginAndHost({ transport: 'http', url, headers: {} });
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['http-host-validation', 'info']]);
    expect(seen.map((s) => s.method)).toEqual(['POST', 'POST', 'DELETE']);
    expect(seen[2].sid).toBe('probe-1');
    expect(notes).toContain('probe session closed: DELETE → HTTP 200');
  });

  it('claims nothing about a legacy HTTP+SSE server and sends it nothing', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`;
    const { findings } = await probeOriginAndHost({ transport: 'auto', url, headers: {} }, 1000, 'sse');
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([['http-probe-skipped', 'info']]);
    expect(requests).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import { DEFECTS_SERVER, everythingEntry } from '../../test-fixtures/servers.js';
import { startModernHttpServer } from '../../test-fixtures/modern-http-server.js';
import { startStatefulHttpServer } from '../../test-fixtures/stateful-http-server.js';
import type { ReportedFinding } from './report.js';
import { runCheck } from './run-check.js';

let engine: Engine;
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await engine?.closeAll();
  for (const stop of stops.splice(0)) await stop();
});

const of = (findings: ReportedFinding[], rule: string) => findings.filter((f) => f.rule === rule);

describe('check finds the defects the linter judges late (a real raw server)', () => {
  it('one finding per defect, each with its count, places and the spec sentence at the severity of its keyword', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const config = { transport: 'stdio' as const, command: process.execPath, args: [DEFECTS_SERVER], env: {} };
    const { report, session } = await runCheck(engine, config, { exercise: true, timeoutMs: 5000 });
    expect(session.info().era).toBe('legacy');
    const { findings } = report;

    // notifications/message before initialize, and no logging capability: judged once the answer told it.
    const [early, ...moreEarly] = of(findings, 'capability-undeclared');
    expect(moreEarly).toEqual([]);
    expect(early).toMatchObject({
      severity: 'error',
      count: 1,
      quote: expect.stringContaining('Only use capabilities that were successfully negotiated'),
    });
    expect(early.message).toMatch(
      /^the server sent notifications\/message once \(seq \d+\) before the client could know its capabilities, and its answer does not declare logging/,
    );
    expect(early.excerpt).toMatch(/^← .*"result".*"capabilities"/);

    // The listed resource that cannot be read: a warning (SHOULD), one place.
    const [read, ...moreRead] = of(findings, 'resource-read-error-code');
    expect(moreRead).toEqual([]);
    expect(read).toMatchObject({ severity: 'warning', count: 1, spec: '2025-11-25/server/resources#error-handling' });
    expect(read.message).toBe(
      'resource "defects://broken" is listed, but reading it failed with JSON-RPC error -32000 (Resource not found), not -32002 or -32603',
    );

    // The name listed twice: one warning over both listings (one place, two seqs).
    const [unique, ...moreUnique] = of(findings, 'tool-name-unique');
    expect(moreUnique).toEqual([]);
    expect(unique).toMatchObject({ severity: 'warning', count: 2, quote: 'Tool names SHOULD be unique within a server.' });
    expect(unique.places).toHaveLength(1);
    expect(unique.places![0].seqs).toHaveLength(2);

    // Both "add" entries were called; each broken result is judged against the definition with the schema.
    const [shape] = of(findings, 'structured-content-schema');
    expect(shape).toMatchObject({ severity: 'error', count: 2 });
    expect(shape.message).toMatch(
      /^structuredContent of "add" does not match any of the outputSchemas listed under its name \(the name is ambiguous: listed 2 times, 1 with an outputSchema; checked against each\): \/sum must be number$/,
    );

    // Arguments that certainly break the schema, answered with success: the MUST of the security section.
    const [lenient, ...moreLenient] = of(findings, 'tool-invalid-arguments-accepted');
    expect(moreLenient).toEqual([]);
    expect(lenient).toMatchObject({
      severity: 'error',
      spec: '2025-11-25/server/tools#security-considerations',
      quote: 'Servers MUST: - Validate all tool inputs',
    });
    expect(lenient.message).toMatch(
      /^tool "lenient" returned success for arguments that break its inputSchema \(required "n" left out; .*must have required property 'n'/,
    );

    expect(report.counts).toMatchObject({ error: 3, warning: 2 });
    expect(report.skipped).toBeUndefined();
  }, 30_000);

  it('server-everything (a server that validates its inputs): no tool-invalid-arguments-accepted and no resource-read-error-code', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const config = { transport: 'stdio' as const, command: process.execPath, args: [everythingEntry(), 'stdio'], env: {} };
    const { report } = await runCheck(engine, config, { exercise: true, timeoutMs: 2000 });
    expect(report.findings.map((f) => f.rule)).not.toContain('tool-invalid-arguments-accepted');
    expect(report.findings.map((f) => f.rule)).not.toContain('resource-read-error-code');
    expect(report.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  }, 60_000);
});

describe('check probes an HTTP server the era of the session speaks', () => {
  it('a stateful 2025-11-25 server answering a request without Mcp-Session-Id with 500: a warning quoting the SHOULD 400', async () => {
    const server = await startStatefulHttpServer(500);
    stops.push(() => server.stop());
    engine = new Engine({ stopGraceMs: 200 });
    const { report, session } = await runCheck(engine, { transport: 'auto', url: server.url, headers: {} });
    expect(session.info().era).toBe('legacy');
    expect(server.unsessioned).toContainEqual({ method: 'ping', status: 500 });
    const [f, ...more] = of(report.findings, 'http-session-required');
    expect(more).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', spec: '2025-11-25/basic/transports#session-management', excerpt: `POST ${server.url}` });
    expect(f.message).toBe(
      'a ping POSTed without the Mcp-Session-Id the server assigned at initialization got HTTP 500, not 400 Bad Request',
    );
    // Its Origin finding quotes the 2025-11-25 page.
    expect(of(report.findings, 'http-origin-validation')[0]).toMatchObject({ spec: '2025-11-25/basic/transports#security-warning' });
  }, 30_000);

  it('the same server answering 400: no finding', async () => {
    const server = await startStatefulHttpServer(400);
    stops.push(() => server.stop());
    engine = new Engine({ stopGraceMs: 200 });
    const { report } = await runCheck(engine, { transport: 'auto', url: server.url, headers: {} });
    expect(server.unsessioned).toContainEqual({ method: 'ping', status: 400 });
    expect(of(report.findings, 'http-session-required')).toEqual([]);
    expect(report.notes).toContain('- probe a request without Mcp-Session-Id → HTTP 400');
  }, 30_000);

  it('a 2026-07-28 server without Origin validation: the finding quotes the 2026-07-28 wording, and no session probe (no sessions in that era)', async () => {
    const server = await startModernHttpServer({ tools: {} }, (req) => (req.method === 'tools/list' ? { tools: [] } : undefined));
    stops.push(() => server.stop());
    engine = new Engine({ stopGraceMs: 200 });
    const { report, session } = await runCheck(engine, { transport: 'auto', url: server.url, headers: {} });
    expect(session.info().era).toBe('modern');
    const [origin] = of(report.findings, 'http-origin-validation');
    expect(origin).toMatchObject({
      severity: 'error',
      spec: '2026-07-28/basic/transports/streamable-http#security--endpoint',
      quote: 'If the `Origin` header is present and invalid, servers MUST respond with HTTP 403 Forbidden.',
    });
    expect(report.notes?.join('\n')).not.toContain('without Mcp-Session-Id');
    expect(server.requests.filter((r) => r.method === 'ping')).toEqual([]);
  }, 30_000);
});

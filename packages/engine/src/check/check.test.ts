import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoHttpServer } from '@mcpscope/demo-server';
import { Engine } from '../session/engine.js';
import { RAW_SERVER, everythingEntry, startEverything, type RunningServer } from '../../test-fixtures/servers.js';
import { demoConfig } from '../../test-fixtures/demo.js';
import { lintTraceFile } from './lint-trace.js';
import { formatReport, hasErrors } from './report.js';
import { runCheck } from './run-check.js';

let engine: Engine;
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await engine?.closeAll();
  for (const stop of stops.splice(0)) await stop();
});

const BAD = { transport: 'stdio' as const, command: process.execPath, args: [RAW_SERVER], env: { FIXTURE_MODE: 'bad' } };
const BAD_RULES = ['stdio-non-json-stdout', 'tool-description', 'tool-name', 'pagination-cursor-loop', 'capability-undeclared'];
const rulesOf = (report: { findings: Array<{ rule: string; severity: string }> }, severity = 'error') =>
  new Set(report.findings.filter((f) => f.severity === severity).map((f) => f.rule));

describe('runCheck', () => {
  it('finds no errors on the demo server, in both eras', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    for (const era of ['modern', 'legacy'] as const) {
      const { report } = await runCheck(engine, demoConfig(era));
      expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(report.notes?.join('\n')).toMatch(/tools\/list: \d+ tools/);
    }
  });

  it('finds no errors on server-everything over stdio, calling its read-only tools', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const { report, session } = await runCheck(
      engine,
      { transport: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'], env: {} },
      { callTools: true },
    );
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    // Every frame check sent says why: the handshake, or check's own exercise.
    const reasons = new Set<string>();
    for await (const e of session.all()) if (e.type === 'frame' && e.dir === 'out') reasons.add(`${e.origin?.by}: ${e.origin?.reason}`);
    expect(reasons.has('mcpscope: check: exercise')).toBe(true);
    // The legacy handshake after the probe says what the probe got (`era fallback: …`).
    const known = (r: string) =>
      ['mcpscope: check: exercise', 'mcpscope: handshake', 'mcpscope: roots reply'].includes(r) ||
      r.startsWith('mcpscope: era fallback: server/discover answered');
    expect([...reasons].filter((r) => !known(r))).toEqual([]);
  });

  it('reports the bad fixture: non-JSON stdout, empty description, invalid name, looping cursor, undeclared list_changed', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const { report } = await runCheck(engine, BAD);
    expect(hasErrors(report)).toBe(true);
    for (const rule of BAD_RULES) expect(rulesOf(report).has(rule) || rulesOf(report, 'warning').has(rule), rule).toBe(true);
    const text = formatReport(report, 'text');
    expect(text).toContain('2025-11-25/basic/transports#stdio');
    expect(text).toMatch(/seq \d+/);
    const junit = formatReport(report, 'junit');
    expect(junit).toMatch(/<failure message=/);
    expect(JSON.parse(formatReport(report, 'json')).counts.error).toBe(report.counts.error);
  });

  it('probes HTTP servers: the demo server rejects a foreign Origin and Host, server-everything does not', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const demo = await startDemoHttpServer({ port: 0 });
    stops.push(() => demo.close());
    const good = await runCheck(engine, { transport: 'http', url: demo.url, headers: {} });
    expect(good.report.findings.filter((f) => f.rule.startsWith('http-') && f.rule.endsWith('-validation'))).toEqual([]);
    expect(good.report.notes?.join('\n')).toMatch(/Origin: .* → HTTP 403/);

    const everything: RunningServer = await startEverything('streamableHttp');
    stops.push(() => everything.stop());
    const bad = await runCheck(engine, { transport: 'http', url: everything.url, headers: {} });
    expect(rulesOf(bad.report).has('http-origin-validation')).toBe(true);
    expect(hasErrors(bad.report)).toBe(true);
  });
});

describe('lintTraceFile', () => {
  it('re-lints a recorded trace and finds the same rules', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-lint-')), 'bad.ndjson');
    await runCheck(engine, BAD, { record: file });
    await engine.closeAll();
    expect(readFileSync(file, 'utf8').split('\n')[0]).toContain('mcpscope-trace');
    const report = await lintTraceFile(file);
    for (const rule of BAD_RULES)
      expect(
        report.findings.some((f) => f.rule === rule),
        rule,
      ).toBe(true);
    const first = report.findings.find((f) => f.rule === 'tool-description')!;
    expect(first.seq).toBeGreaterThan(0);
    expect(first.excerpt).toContain('tools');
  });
});

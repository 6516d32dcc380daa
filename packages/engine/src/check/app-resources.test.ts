import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import { exampleAppConfig, hostileAppConfig, type ExampleAppServer } from '../../test-fixtures/app-servers.js';
import { decodeBase64, isAppMimeType } from './app-resources.js';
import { findingPlaces, formatReport, hasErrors, type ReportedFinding } from './report.js';
import { runCheck } from './run-check.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

/** One per broken resource: the report groups them by rule, with their places. */
const appFindings = (findings: ReportedFinding[]) => findingPlaces(findings).filter((f) => f.rule.startsWith('app-resource-'));

describe('isAppMimeType', () => {
  it('accepts text/html;profile=mcp-app without case or spaces around ";", nothing else', () => {
    for (const ok of ['text/html;profile=mcp-app', 'Text/HTML ; profile=mcp-app', ' text/html;  PROFILE=MCP-APP '])
      expect(isAppMimeType(ok), ok).toBe(true);
    for (const bad of [
      'text/html',
      'text/html;profile=mcp',
      'text/html;charset=utf-8;profile=mcp-app',
      '',
      undefined,
      42,
      ['text/html;profile=mcp-app'],
    ])
      expect(isAppMimeType(bad), String(bad)).toBe(false);
  });
});

describe('decodeBase64', () => {
  it('decodes as a browser would (padding optional, whitespace dropped) and refuses what is not base64', () => {
    expect(decodeBase64('PGh0bWw+')?.toString()).toBe('<html>');
    expect(decodeBase64('PGh0bWw')?.toString()).toBe('<html');
    expect(decodeBase64('PGh0\nbWw+\n')?.toString()).toBe('<html>');
    expect(decodeBase64('')?.length).toBe(0);
    for (const bad of ['not base64 at all!', 'PGh0b', 'PGh0bWw+=', 'PG=h0bWw+', '-_-_']) expect(decodeBase64(bad), bad).toBeUndefined();
  });
});

describe('check reads the UI resources of MCP Apps tools', () => {
  for (const name of ['server-basic-vanillajs', 'server-budget-allocator'] as ExampleAppServer[]) {
    it(`finds nothing wrong with a published example app (${name}), and says why it read`, async () => {
      engine = new Engine({ stopGraceMs: 200 });
      const { report, session } = await runCheck(engine, exampleAppConfig(name));
      expect(appFindings(report.findings)).toEqual([]);
      expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(report.notes?.join('\n')).toMatch(
        /app resource ui:\/\/\S+ \(tools? "[^"]+".*\): ok \(text\/html;profile=mcp-app, \d+ bytes of HTML\)/,
      );
      const reads = session
        .events()
        .filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'resources/read');
      const appReads = reads.filter(
        (f) => String((f.msg?.params as { uri?: unknown }).uri).startsWith('ui://') && f.origin?.reason === 'check: app resource',
      );
      expect(appReads.length).toBeGreaterThan(0);
      for (const f of appReads) expect(f.origin).toEqual({ by: 'mcpscope', reason: 'check: app resource' });
    });
  }

  for (const era of ['modern', 'legacy'] as const) {
    it(`reports every broken UI resource of the hostile fixture, each with its spec quote (${era} era)`, async () => {
      engine = new Engine({ stopGraceMs: 200 });
      const { report, session } = await runCheck(engine, { ...hostileAppConfig(), ...(era === 'legacy' ? { era } : {}) });
      expect(session.info().era).toBe(era);
      const found = appFindings(report.findings).map((f) => `${f.rule} ${f.message}`);
      const expectOne = (rule: string, text: string) =>
        expect(
          found.filter((f) => f.startsWith(rule) && f.includes(text)),
          `${rule} ${text}\n${found.join('\n')}`,
        ).toHaveLength(1);
      expectOne('app-resource-missing', 'ui://hostile/missing.html failed: JSON-RPC error');
      expectOne('app-resource-missing', 'ui://hostile/elsewhere.html answered with 1 content(s), none for that URI');
      expectOne('app-resource-mime-type', 'ui://hostile/plain.html has mimeType "text/html"');
      expectOne('app-resource-content', 'ui://hostile/no-content.html: the content has neither a text string nor a base64 blob');
      expectOne('app-resource-content', 'ui://hostile/bad-blob.html: its blob is not base64');
      expectOne('app-resource-content', 'ui://hostile/empty.html: the HTML is empty (whitespace only)');
      expectOne('app-resource-uri-scheme', 'tool "web-app" declares the UI resource "https://example.com/app.html"');
      // The good resource (a blob, "Text/HTML ; profile=mcp-app") is read once for its two tools and passes.
      expect(found.filter((f) => f.includes('good'))).toEqual([]);
      expect(found).toHaveLength(7);
      expect(report.notes?.join('\n')).toContain('app resource ui://hostile/good.html (tools "good-app", "good-app-only"): ok');
      expect(hasErrors(report)).toBe(true);
      expect(report.findings.filter((f) => f.rule.startsWith('app-resource-')).map((f) => [f.rule, f.count])).toEqual([
        ['app-resource-uri-scheme', 1],
        ['app-resource-missing', 2],
        ['app-resource-mime-type', 1],
        ['app-resource-content', 3],
      ]);
      for (const f of appFindings(report.findings)) {
        expect(f.severity).toBe('error');
        expect(f.spec).toMatch(/^ext-apps\/2026-01-26\/apps#/);
        expect(f.quote).toMatch(/MUST/);
      }
      // Findings of a read point at its answer.
      const missing = findingPlaces(report.findings).find((f) => f.rule === 'app-resource-missing' && f.message.includes('missing.html'))!;
      expect(missing.seq).toBeGreaterThan(0);
      expect(missing.excerpt).toMatch(/^← .*Resource not found/);
      const text = formatReport(report, 'text');
      expect(text).toContain('spec: "`mimeType` MUST be `text/html;profile=mcp-app` (other types reserved for future extensions)"');
    });
  }

  it('does not send resources/read to a server without the resources capability: the UI resources are missing', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const { report, session } = await runCheck(engine, hostileAppConfig('tools-only'));
    const missing = appFindings(report.findings);
    expect(missing.map((f) => f.rule)).toEqual(['app-resource-missing', 'app-resource-missing']);
    for (const f of missing) expect(f.message).toContain('the server does not declare the resources capability');
    // The control characters of the hostile URI are kept as JSON escapes in the message, not raw.
    expect(missing[1].message).toContain('\\u001b]52');
    expect(report.findings.filter((f) => f.rule === 'capability-undeclared')).toEqual([]);
    expect(session.events().some((e) => e.type === 'frame' && e.dir === 'out' && e.msg?.method === 'resources/read')).toBe(false);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverything, type RunningServer } from '../../../../packages/engine/test-fixtures/servers.js';
import { buildTestBundle, runCli, type TestBundle } from '../test-helpers.js';

const RAW_SERVER = fileURLToPath(new URL('../../../../packages/engine/test-fixtures/raw-server.mjs', import.meta.url));
const EXERCISE_SERVER = fileURLToPath(new URL('../../../../packages/engine/test-fixtures/exercise-server.mjs', import.meta.url));
const DEFECTS_SERVER = fileURLToPath(new URL('../../../../packages/engine/test-fixtures/defects-server.mjs', import.meta.url));
let bundle: TestBundle;
let dir: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-check-'));
});
afterAll(() => bundle?.cleanup());

const BAD_RULES = ['stdio-non-json-stdout', 'tool-description', 'tool-name', 'pagination-cursor-loop', 'capability-undeclared'];

describe('mcpscope check (the built bundle)', () => {
  it('exits 0 on the demo server', async () => {
    const r = await runCli(bundle.cli, ['check', '--', process.execPath, bundle.demo]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/0 error\(s\)/);
    expect(r.code).toBe(0);
  });

  it('exits 1 on the bad fixture and names each rule (json, junit to a file)', async () => {
    const r = await runCli(bundle.cli, ['check', '--format', 'json', '-e', 'FIXTURE_MODE=bad', '--', process.execPath, RAW_SERVER]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    const rules = new Set(report.findings.map((f: { rule: string }) => f.rule));
    for (const rule of BAD_RULES) expect(rules.has(rule), rule).toBe(true);
    const out = join(dir, 'check.xml');
    const j = await runCli(bundle.cli, [
      'check',
      '--format',
      'junit',
      '--output',
      out,
      '-e',
      'FIXTURE_MODE=bad',
      '--',
      process.execPath,
      RAW_SERVER,
    ]);
    expect(j.code).toBe(1);
    expect(readFileSync(out, 'utf8')).toMatch(/<testcase classname="mcpscope.stdio-non-json-stdout"[^>]*><failure/);
    expect(readFileSync(out, 'utf8')).toMatch(/<testcase classname="mcpscope.tool-description"[^>]*><system-out>warning/);
  });

  it('exits 1 for an HTTP server without Origin validation (server-everything)', async () => {
    const server: RunningServer = await startEverything('streamableHttp');
    try {
      const r = await runCli(bundle.cli, ['check', '--url', server.url]);
      expect(r.stdout).toContain('http-origin-validation');
      expect(r.stdout).toContain('2025-11-25/basic/transports#security-warning');
      expect(r.code).toBe(1);
    } finally {
      await server.stop();
    }
  });

  it('exits 0 for an HTTP+SSE server (server-everything sse): no false errors, the probe not claimed', async () => {
    const server: RunningServer = await startEverything('sse');
    try {
      const r = await runCli(bundle.cli, ['check', '--url', server.url]);
      expect(r.stdout).toMatch(/: 0 error\(s\)/);
      expect(r.stdout).toContain('http-probe-skipped');
      expect(r.code).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('--exercise calls every tool, valid and invalid, and quotes the spec sentence of each finding', async () => {
    const r = await runCli(bundle.cli, ['check', '--exercise', '--', process.execPath, EXERCISE_SERVER]);
    for (const tool of ['strict', 'shape', 'polite']) {
      expect(r.stdout).toContain(`- tool "${tool}": `);
      expect(r.stdout).toContain(`- tool "${tool}" (invalid arguments`);
    }
    expect(r.stdout).toContain('spec: "Servers MUST provide structured results that conform to this schema."');
    expect(r.stdout).toMatch(/warning +tool-invalid-arguments/);
    // The prompt that crashes the server: the crash, told once (only "lax" is a missing -32602).
    expect(r.stdout).toMatch(/error +server-exited-mid-request/);
    expect(r.stdout).toMatch(/warning +prompt-missing-argument {2}\(2025-11-25\/server\/prompts#error-handling\)\n +prompt "lax" without/);
    expect(r.code).toBe(1);
  });

  it('--exercise on a server that crashes mid-call: exit 1, the crash as an error with the step, exit code and stderr, and every later step skipped (text and JSON)', async () => {
    const r = await runCli(bundle.cli, ['check', '--exercise', '-e', 'FIXTURE_MODE=crash-on-call', '--', process.execPath, RAW_SERVER]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^error +server-exited-mid-request {2}\(2025-11-25\/basic\/index#messages\)$/m);
    expect(r.stdout).toContain(
      'the server exited with code 7 during tool "boom", its request unanswered; 7 later step(s) skipped; last stderr lines: ',
    );
    expect(r.stdout).toContain('"TypeError: boom is not a function\\u001b[2J"');
    // The server's fake line stays inside the finding's line, never a line of its own.
    expect(r.stdout).not.toMatch(/^mcpscope: all good$/m);
    expect(r.stdout).toContain(
      'skipped: 7 step(s) not run, the server had gone away (tool "boom"):\n        tool "boom" (invalid arguments: required "n" left out)\n        tool "last"\n',
    );
    expect(r.stdout).toMatch(/: 1 error\(s\), 0 warning\(s\), \d+ info, 7 step\(s\) skipped\n$/);
    const j = await runCli(bundle.cli, [
      'check',
      '--exercise',
      '--format',
      'json',
      '-e',
      'FIXTURE_MODE=crash-on-call',
      '--',
      process.execPath,
      RAW_SERVER,
    ]);
    expect(j.code).toBe(1);
    const report = JSON.parse(j.stdout);
    expect(report.serverExit).toEqual({ step: 'tool "boom"', how: 'exited with code 7', midRequest: true, crashed: true });
    expect(report.skipped).toEqual([
      'tool "boom" (invalid arguments: required "n" left out)',
      'tool "last"',
      'tool "last" (invalid arguments: required "n" left out)',
      'resources/list',
      'resources/templates/list',
      'resources/list',
      'ping',
    ]);
  });

  it('--exercise on a server that exits with code 0 on its own: exit 2 (lost the connection), no error claimed, the rest skipped', async () => {
    const r = await runCli(bundle.cli, [
      'check',
      '--exercise',
      '--format',
      'json',
      '-e',
      'FIXTURE_MODE=exit-after-call',
      '--',
      process.execPath,
      RAW_SERVER,
    ]);
    const report = JSON.parse(r.stdout);
    expect(report.counts.error).toBe(0);
    expect(report.findings.find((f: { rule: string }) => f.rule === 'server-exited')).toMatchObject({ severity: 'info' });
    expect(report.skipped).toContain('tool "last"');
    expect(r.code).toBe(2);
  });

  it('finds the defects a server shows only with the rest of the session: one finding each, with its count', async () => {
    const r = await runCli(bundle.cli, ['check', '--exercise', '--format', 'json', '--', process.execPath, DEFECTS_SERVER]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    const found = Object.fromEntries(
      report.findings.map((f: { rule: string; severity: string; count: number }) => [f.rule, `${f.severity} ×${f.count}`]),
    );
    expect(found).toMatchObject({
      'capability-undeclared': 'error ×1',
      'resource-read-error-code': 'warning ×1',
      'tool-name-unique': 'warning ×2',
      'structured-content-schema': 'error ×2',
      'tool-invalid-arguments-accepted': 'error ×1',
    });
    expect(report.findings.every((f: { quote?: string; severity: string }) => f.severity === 'info' || (f.quote ?? '').length > 0)).toBe(
      true,
    );
  });

  it('exits 2 when it cannot connect', async () => {
    const r = await runCli(bundle.cli, ['check', '-e', 'FIXTURE_MODE=exit-on-init', '--', process.execPath, RAW_SERVER]);
    expect(r.code).toBe(2);
  });
});

describe('mcpscope lint (the built bundle)', () => {
  it('lints a recorded trace: exit 1 with findings, exit 0 for a clean one, exit 2 for a non-trace', async () => {
    const bad = join(dir, 'bad.ndjson');
    await runCli(bundle.cli, ['check', '--record', bad, '-e', 'FIXTURE_MODE=bad', '--', process.execPath, RAW_SERVER]);
    const r = await runCli(bundle.cli, ['lint', bad]);
    expect(r.code).toBe(1);
    for (const rule of BAD_RULES) expect(r.stdout).toContain(rule);
    expect(r.stdout).toMatch(/seq \d+/);

    const clean = join(dir, 'clean.ndjson');
    expect((await runCli(bundle.cli, ['check', '--record', clean, '--', process.execPath, bundle.demo])).code).toBe(0);
    const ok = await runCli(bundle.cli, ['lint', '--format', 'json', clean]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).counts.error).toBe(0);

    const junk = join(dir, 'junk.txt');
    writeFileSync(junk, 'hello\n');
    const bad2 = await runCli(bundle.cli, ['lint', junk]);
    expect(bad2.code).toBe(2);
    expect(bad2.stderr).toContain('not an mcpscope trace');
    expect((await runCli(bundle.cli, ['lint', join(dir, 'missing.ndjson')])).code).toBe(2);
  });
});

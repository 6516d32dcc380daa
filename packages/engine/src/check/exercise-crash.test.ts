import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../session/engine.js';
import { RAW_SERVER } from '../../test-fixtures/servers.js';
import { formatReport } from './report.js';
import { runCheck } from './run-check.js';

let engine: Engine;
afterEach(async () => {
  await engine?.closeAll();
});

const raw = (mode: string, env: Record<string, string> = {}) => ({
  transport: 'stdio' as const,
  command: process.execPath,
  args: [RAW_SERVER],
  env: { FIXTURE_MODE: mode, ...env },
  era: 'legacy' as const,
});

describe('check --exercise on a server that exits during the exercise', () => {
  it('reports the crash as an error naming the step, the exit code and the escaped stderr tail, and lists every later step as skipped', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const { report } = await runCheck(engine, raw('crash-on-call'), { exercise: true, timeoutMs: 5000 });
    const crash = report.findings.filter((f) => f.rule === 'server-exited-mid-request');
    expect(crash).toHaveLength(1);
    expect(crash[0]).toMatchObject({
      severity: 'error',
      spec: '2025-11-25/basic/index#messages',
      quote: expect.stringContaining('MUST follow the JSON-RPC 2.0 specification'),
    });
    expect(crash[0].message).toMatch(
      /^the server exited with code 7 during tool "boom", its request unanswered; 7 later step\(s\) skipped; last stderr lines: /,
    );
    // Escaped and one line: the terminal escape is shown, the fake "all good" line stays inside the finding.
    expect(crash[0].message).toContain(
      '"TypeError: boom is not a function\\u001b[2J" | "    at call (raw-server.mjs)" | "mcpscope: all good"',
    );
    expect(crash[0].message).not.toMatch(/[\n\u001b]/);
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
    // No second finding for the same crash, and no step reported as a server that gave no answer.
    expect(report.findings.map((f) => f.rule)).not.toContain('tool-invalid-arguments');
    expect(report.counts.error).toBe(1);
    const text = formatReport(report, 'text');
    expect(text).toContain(
      'skipped: 7 step(s) not run, the server had gone away (tool "boom"):\n        tool "boom" (invalid arguments: required "n" left out)\n',
    );
    expect(text).toMatch(/: 1 error\(s\), 0 warning\(s\), \d+ info, 7 step\(s\) skipped\n$/);
    const json = JSON.parse(formatReport(report, 'json'));
    expect(json.skipped).toHaveLength(7);
    expect(json.serverExit.step).toBe('tool "boom"');
    const junit = formatReport(report, 'junit');
    expect(junit).toContain(
      '<testcase classname="mcpscope.skipped" name="tool &quot;last&quot;"><skipped message="not run: the server had gone away (tool &quot;boom&quot;)"/></testcase>',
    );
    expect(junit).toMatch(/<testcase classname="mcpscope.server-exited-mid-request"[^>]*><failure/);
  }, 30_000);

  it('names the signal that killed it', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const { report } = await runCheck(engine, raw('crash-on-call', { FIXTURE_SIGNAL: 'SIGABRT' }), { exercise: true, timeoutMs: 5000 });
    expect(report.findings.find((f) => f.rule === 'server-exited-mid-request')?.message).toMatch(
      /^the server was killed by SIGABRT during tool "boom", its request unanswered/,
    );
  }, 30_000);

  it('a server that exits with code 0 on its own: info (a server may end the session), the rest skipped', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const { report } = await runCheck(engine, raw('exit-after-call'), { exercise: true, timeoutMs: 5000 });
    const exit = report.findings.filter((f) => f.rule.startsWith('server-exited'));
    expect(exit.map((f) => [f.rule, f.severity])).toEqual([['server-exited', 'info']]);
    expect(exit[0]).toMatchObject({
      spec: '2025-11-25/basic/lifecycle#stdio',
      quote: 'The server MAY initiate shutdown by closing its output stream to the client and exiting.',
    });
    // It left right after answering "first": whether the next request was already on its way is a race.
    expect(exit[0].message).toMatch(
      /^the server exited with code 0 (between steps \(after tool "first"\)|during tool "first" \(invalid arguments: required "n" left out\), its request unanswered \(an exit it chose, not judged a crash\)); \d+ later step\(s\) skipped/,
    );
    expect(report.serverExit).toMatchObject({ crashed: false });
    expect(report.skipped).toContain('tool "last"');
    expect(report.counts.error).toBe(0);
  }, 30_000);

  it('a server that stays up: no exit finding, nothing skipped', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const { report } = await runCheck(engine, raw('crash-on-call'), { exercise: false, callTools: false, timeoutMs: 5000 });
    expect(report.findings.map((f) => f.rule).filter((r) => r.startsWith('server-exited'))).toEqual([]);
    expect(report.skipped).toBeUndefined();
    expect(report.serverExit).toBeUndefined();
  }, 30_000);
});

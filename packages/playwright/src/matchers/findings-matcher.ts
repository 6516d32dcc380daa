import type { ExpectMatcherState } from '@playwright/test';
import type { Severity } from '../types.js';
import { describeFindings, traceHint } from './describe.js';
import { sessionOf, type MatcherResult } from './receiver.js';

/**
 * `expect(mcp).toHaveNoFindings({ severity })`: no spec finding on this test's frames at
 * `severity` or worse (default `warning`: errors and warnings; `info` adds mcpscope's own
 * heuristics and limits). Fails quoting each finding, its spec sentence and its frame.
 */
export async function toHaveNoFindings(
  this: ExpectMatcherState,
  received: unknown,
  opts: { severity?: Severity } = {},
): Promise<MatcherResult> {
  const mcp = sessionOf('toHaveNoFindings', received);
  const severity = opts.severity ?? 'warning';
  const findings = await mcp.findings({ severity });
  const pass = findings.length === 0;
  const hint = this.utils.matcherHint('toHaveNoFindings', 'mcp', `{ severity: '${severity}' }`, { isNot: this.isNot });
  return {
    name: 'toHaveNoFindings',
    pass,
    actual: findings.map((f) => `${f.severity} ${f.rule} @ #${f.seq}`),
    message: () =>
      pass
        ? `${hint}\n\nExpected findings at ${severity} or worse, but this test's frames have none.`
        : `${hint}\n\n${findings.length} finding(s) at ${severity} or worse on this test's frames:\n\n${describeFindings(findings)}\n\n${traceHint(mcp.tracePath)}`,
  };
}

import type { ExpectMatcherState } from '@playwright/test';
import { checkSession } from '@mcpscope/engine';
import { ordinalsBySeq, withOrdinal, atLeast } from '../frames.js';
import { printable } from '../printable.js';
import type { CheckOptions } from '../types.js';
import { describeFindings, traceHint } from './describe.js';
import { sessionOf, type MatcherResult } from './receiver.js';

/**
 * `expect(mcp).toPassCheck({ exercise })`: the session passes `mcpscope check` — the same
 * engine check (exercise what the server declares, read MCP Apps' UI resources, probe an HTTP
 * server's Origin/Host validation) over the same session, and the same verdict: no finding of
 * severity error. The check's frames are the check's (origin `check: exercise`); the server's
 * requests on the way go to the test's handlers (`mcp.onSampling`…) or are refused.
 */
export async function toPassCheck(this: ExpectMatcherState, received: unknown, opts: CheckOptions = {}): Promise<MatcherResult> {
  const mcp = sessionOf('toPassCheck', received);
  const session = mcp.handle.session;
  const report = await checkSession(session, {
    ...(opts.exercise ? { exercise: true } : {}),
    ...(opts.callTools ? { callTools: true } : {}),
    ...(opts.timeout ? { timeoutMs: opts.timeout } : {}),
  });
  const ordinals = await ordinalsBySeq(session.all());
  const findings = report.findings.map((f) => withOrdinal(f, ordinals));
  const errors = atLeast(findings, 'error');
  const pass = errors.length === 0;
  const { error, warning, info } = report.counts;
  const counts = `${error} error(s), ${warning} warning(s), ${info} info`;
  const hint = this.utils.matcherHint('toPassCheck', 'mcp', opts.exercise ? '{ exercise: true }' : '', { isNot: this.isNot });
  const notes = (report.notes ?? []).slice(0, 30).join('\n');
  return {
    name: 'toPassCheck',
    pass,
    actual: counts,
    message: () =>
      pass
        ? `${hint}\n\nExpected mcpscope check to find errors, but it found ${counts}.`
        : `${hint}\n\nmcpscope check of ${printable(report.subject)}: ${counts}\n\n${describeFindings(errors)}\n\nWhat the check did:\n${printable(notes)}\n\n${traceHint(mcp.tracePath)}`,
  };
}

import { requestLabel, requestTarget } from '@mcpscope/protocol';
import type { ReplayReport, ReplayStep } from './replay.js';

const show = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));
const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}…` : s);

function stepLine(step: ReplayStep, i: number): string {
  const latency =
    step.liveLatencyMs !== undefined
      ? ` ${step.liveLatencyMs.toFixed(1)} ms (recorded ${step.recordedLatencyMs?.toFixed(1) ?? '?'} ms)`
      : '';
  const mark = step.outcome === 'match' ? 'ok  ' : step.outcome === 'differ' ? 'DIFF' : 'FAIL';
  const lines = [
    `${mark} ${i + 1}. ${requestLabel(step.method, requestTarget(step.method, step.params))} ${clip(JSON.stringify(step.params ?? {}), 80)}${latency}`,
  ];
  if (step.error) lines.push(`       ${step.error}`);
  for (const d of step.differences.slice(0, 20)) {
    lines.push(`       ${d.path}`, `         - recorded: ${clip(show(d.recorded))}`, `         + live:     ${clip(show(d.live))}`);
  }
  if (step.differences.length > 20) lines.push(`       … and ${step.differences.length - 20} more differences`);
  if (step.ignored.length > 0)
    lines.push(
      `       ignored as expected: ${reasonCounts(step.ignored.flatMap((d) => d.reasons))} (${step.ignored
        .slice(0, 3)
        .map((d) => d.path)
        .join(', ')}${step.ignored.length > 3 ? ', …' : ''})`,
    );
  return lines.join('\n');
}

/** "timestamp in text ×2, task id" */
function reasonCounts(reasons: string[]): string {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([r, n]) => (n > 1 ? `${r} ×${n}` : r)).join(', ');
}

/**
 * A readable diff of a replay, one line per request and the differing fields under it, and
 * what was ignored as expected to differ (with why), so a pass hides nothing.
 */
export function formatReplay(report: ReplayReport): string {
  const failed = report.steps.filter((s) => s.outcome !== 'match').length;
  const summary = report.passed
    ? `all ${report.steps.length} responses match`
    : `${failed} of ${report.steps.length} responses differ or failed`;
  const ignored = report.steps.flatMap((s) => s.ignored.flatMap((d) => d.reasons));
  const withIgnored = report.steps.filter((s) => s.ignored.length > 0).length;
  const note =
    ignored.length === 0
      ? []
      : [
          `ignored as expected to differ in ${withIgnored} response${withIgnored === 1 ? '' : 's'}: ${reasonCounts(ignored)} (--strict compares everything; --ignore adds paths)`,
        ];
  return `${[...report.steps.map(stepLine), '', summary, ...note].join('\n')}\n`;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML: one test case per replayed request, for CI dashboards. */
export function replayJUnit(report: ReplayReport, name = 'mcpscope replay'): string {
  const failures = report.steps.filter((s) => s.outcome === 'differ').length;
  const errors = report.steps.filter((s) => s.outcome === 'failed').length;
  const cases = report.steps.map((s, i) => {
    const title = xml(
      `${i + 1}. ${requestLabel(s.method, requestTarget(s.method, s.params))} ${clip(JSON.stringify(s.params ?? {}), 100)}`,
    );
    const time = ((s.liveLatencyMs ?? 0) / 1000).toFixed(3);
    if (s.outcome === 'match') return `    <testcase classname="replay" name="${title}" time="${time}"/>`;
    const detail = xml(s.error ?? s.differences.map((d) => `${d.path}: recorded ${show(d.recorded)}, live ${show(d.live)}`).join('\n'));
    const tag = s.outcome === 'failed' ? 'error' : 'failure';
    return `    <testcase classname="replay" name="${title}" time="${time}">\n      <${tag} message="${s.outcome === 'failed' ? 'request failed' : 'response differs'}">${detail}</${tag}>\n    </testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="${xml(name)}" tests="${report.steps.length}" failures="${failures}" errors="${errors}">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}

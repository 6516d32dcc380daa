import { formatDuration } from '../../lib/format';
import type { ReplayReply } from '../../lib/tracesApi';
import { DiffList } from '../../ui/DiffList';

const OUTCOME_STYLE = { match: 'text-ok', differ: 'text-warn', failed: 'text-danger' } as const;
const OUTCOME_MARK = { match: '✓', differ: '≠', failed: '✗' } as const;

/** The replay of one trace: each request's outcome with the response diff (recorded − / live +). */
export function ReplayReport({ report, traceId }: { report: ReplayReply; traceId: string }) {
  const counts = { match: 0, differ: 0, failed: 0 };
  for (const s of report.steps) counts[s.outcome]++;
  const ms = (x?: number) => (x === undefined ? '—' : formatDuration(x));
  return (
    <section className="m-2 rounded border border-line text-xs" data-testid="replay-report" data-passed={report.passed}>
      <header className={`border-b border-line px-2 py-1 font-medium ${report.passed ? 'text-ok' : 'text-danger'}`}>
        Replay of {traceId}: {report.passed ? 'passed' : 'failed'} — {counts.match} match, {counts.differ} differ, {counts.failed} failed
      </header>
      <ol>
        {report.steps.map((s, i) => (
          <li key={i} data-testid="replay-step" data-outcome={s.outcome} data-method={s.method} className="border-b border-line/50 px-2 py-1 last:border-b-0">
            <div className="flex gap-2 font-mono text-[11px]">
              <span className={OUTCOME_STYLE[s.outcome]}>{OUTCOME_MARK[s.outcome]}</span>
              <span className="flex-1">{s.method}</span>
              <span className="text-muted tabular-nums">recorded {ms(s.recordedLatencyMs)} · live {ms(s.liveLatencyMs)}</span>
            </div>
            {s.error && <div className="pl-4 text-danger">{s.error}</div>}
            {s.differences.length > 0 && <div className="mt-1 pl-4"><DiffList differences={s.differences} testId="replay-diff" /></div>}
          </li>
        ))}
      </ol>
    </section>
  );
}

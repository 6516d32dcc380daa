import { useEffect, useRef } from 'react';
import { requestLabel, requestTarget } from '@mcpscope/protocol';
import { formatDuration } from '../../lib/format';
import type { ReplayReply } from '../../lib/tracesApi';
import { DiffList } from '../../ui/DiffList';

const OUTCOME_STYLE = { match: 'text-ok', differ: 'text-warn', failed: 'text-danger' } as const;
const OUTCOME_MARK = { match: '✓', differ: '≠', failed: '✗' } as const;

interface SlotProps {
  traceName: string;
  running: boolean;
  error: Error | null;
  report: ReplayReply | null;
  onShowSession(sessionId: string): void;
}

/**
 * Under the trace whose Replay was clicked: the replay running, its failure, or its report. It
 * scrolls into view and takes the focus when it changes, so the result is where the user looks.
 */
export function ReplaySlot({ traceName, running, error, report, onShowSession }: SlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const state = running ? 'running' : error ? 'failed' : report ? 'reported' : 'none';
  useEffect(() => {
    if (state === 'none') return;
    ref.current?.scrollIntoView({ block: 'nearest' });
    if (state !== 'running') ref.current?.focus({ preventScroll: true });
  }, [state]);
  if (state === 'none') return null;
  return (
    <div ref={ref} tabIndex={-1} className="mx-2 mb-2 outline-none focus-visible:ring-1 focus-visible:ring-accent" data-testid="replay-slot" data-state={state}>
      {running && <div className="rounded border border-line px-2 py-1 text-xs text-muted">Replaying {traceName}: starting the target and sending its requests again…</div>}
      {!running && error && (
        <div className="rounded border border-danger/40 bg-danger/5 px-2 py-1 text-xs text-danger" role="alert" data-testid="replay-error">
          Replay of {traceName} failed: {error.message}
        </div>
      )}
      {!running && !error && report && <ReplayReport report={report} traceName={traceName} onShowSession={onShowSession} />}
    </div>
  );
}

/** The replay of one trace: each request's outcome with the response diff (recorded − / live +). */
export function ReplayReport({ report, traceName, onShowSession }: { report: ReplayReply; traceName: string; onShowSession(sessionId: string): void }) {
  const counts = { match: 0, differ: 0, failed: 0 };
  for (const s of report.steps) counts[s.outcome]++;
  const ms = (x?: number) => (x === undefined ? '—' : formatDuration(x));
  return (
    <section className="rounded border border-line text-xs" data-testid="replay-report" data-passed={report.passed} aria-label={`Replay of ${traceName}`}>
      <header className="flex items-center gap-2 border-b border-line px-2 py-1">
        <span className={`font-medium ${report.passed ? 'text-ok' : 'text-danger'}`}>
          Replay of {traceName}: {report.passed ? 'passed' : 'failed'} — {counts.match} match, {counts.differ} differ, {counts.failed} failed
        </span>
        <span className="flex-1" />
        <button className="text-accent hover:underline" onClick={() => onShowSession(report.sessionId)} data-testid="replay-show-session" title="The session the replay ran in: every frame it sent and received">
          Show the replay session’s frames ↗
        </button>
      </header>
      <ol>
        {report.steps.map((s, i) => (
          <li key={i} data-testid="replay-step" data-outcome={s.outcome} data-method={s.method} className="border-b border-line/50 px-2 py-1 last:border-b-0">
            <div className="flex gap-2 font-mono text-[11px]">
              <span className={OUTCOME_STYLE[s.outcome]}>{OUTCOME_MARK[s.outcome]}</span>
              <span className="min-w-0 flex-1 truncate" data-testid="replay-step-label" title={requestLabel(s.method, requestTarget(s.method, s.params))}>{requestLabel(s.method, requestTarget(s.method, s.params))}</span>
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

/** Said to screen readers as a replay starts and ends (a live region present before either). */
export function replayAnnouncement(traceName: string | undefined, running: boolean, error: Error | null, report: ReplayReply | null): string {
  if (!traceName) return '';
  if (running) return `Replaying ${traceName}…`;
  if (error) return `Replay of ${traceName} failed: ${error.message}`;
  if (!report) return '';
  const counts = { match: 0, differ: 0, failed: 0 };
  for (const s of report.steps) counts[s.outcome]++;
  return `Replay of ${traceName} ${report.passed ? 'passed' : 'failed'}: ${counts.match} match, ${counts.differ} differ, ${counts.failed} failed`;
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { requestLabel, requestTarget } from '@mcpscope/protocol';
import { applyMarks, expectedMarksStore, markExpected, marksFor } from '../../lib/expectedMarks';
import { formatDuration } from '../../lib/format';
import type { ReplayReply } from '../../lib/tracesApi';
import { useValue } from '../../lib/valueStore';
import { DiffList, IgnoredList } from '../../ui/DiffList';
import { ExpectedMarksBar } from '../../ui/ExpectedMarksBar';

const OUTCOME_STYLE = { match: 'text-ok', differ: 'text-warn', failed: 'text-danger' } as const;
const OUTCOME_MARK = { match: '✓', differ: '≠', failed: '✗' } as const;

interface SlotProps {
  traceName: string;
  /** The key the user's "expected" marks are kept under (the trace). */
  pair: string;
  running: boolean;
  error: Error | null;
  report: ReplayReply | null;
  onShowSession(sessionId: string): void;
}

/**
 * Under the trace whose Replay was clicked: the replay running, its failure, or its report. It
 * scrolls into view and takes the focus when it changes, so the result is where the user looks.
 */
export function ReplaySlot({ traceName, pair, running, error, report, onShowSession }: SlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const state = running ? 'running' : error ? 'failed' : report ? 'reported' : 'none';
  useEffect(() => {
    if (state === 'none') return;
    ref.current?.scrollIntoView({ block: 'nearest' });
    if (state !== 'running') ref.current?.focus({ preventScroll: true });
  }, [state]);
  if (state === 'none') return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="mx-2 mb-2 outline-none focus-visible:ring-1 focus-visible:ring-accent"
      data-testid="replay-slot"
      data-state={state}
    >
      {running && (
        <div className="rounded border border-line px-2 py-1 text-xs text-muted">
          Replaying {traceName}: starting the target and sending its requests again…
        </div>
      )}
      {!running && error && (
        <div className="rounded border border-danger/40 bg-danger/5 px-2 py-1 text-xs text-danger" role="alert" data-testid="replay-error">
          Replay of {traceName} failed: {error.message}
        </div>
      )}
      {!running && !error && report && <ReplayReport report={report} traceName={traceName} pair={pair} onShowSession={onShowSession} />}
    </div>
  );
}

type Step = ReplayReply['steps'][number];

/** The report's steps with the user's marks applied: a step whose only differences are marked expected matches. */
export function markedSteps(steps: readonly Step[], marks: readonly string[]) {
  return steps.map((s) => {
    const label = requestLabel(s.method, requestTarget(s.method, s.params));
    const { differences, ignored } = applyMarks(s.differences, s.ignored ?? [], marks, label);
    const outcome = s.outcome === 'differ' && differences.length === 0 ? ('match' as const) : s.outcome;
    return { ...s, label, differences, ignored, outcome };
  });
}

/**
 * The replay of one trace: each request's outcome with the response diff (recorded − / live +);
 * what was ignored as expected to differ, with why; "Expected" on a difference marks its path.
 */
export function ReplayReport({
  report,
  traceName,
  pair,
  onShowSession,
}: {
  report: ReplayReply;
  traceName: string;
  pair: string;
  onShowSession(sessionId: string): void;
}) {
  const store = useValue(expectedMarksStore);
  const [global, setGlobal] = useState(false);
  const steps = useMemo(() => markedSteps(report.steps, marksFor(store, pair)), [report.steps, store, pair]);
  const counts = { match: 0, differ: 0, failed: 0 };
  for (const s of steps) counts[s.outcome]++;
  const passed = counts.differ === 0 && counts.failed === 0;
  const withIgnored = steps.filter((s) => s.ignored.length > 0).length;
  const ms = (x?: number) => (x === undefined ? '—' : formatDuration(x));
  return (
    <section
      className="rounded border border-line text-xs"
      data-testid="replay-report"
      data-passed={passed}
      aria-label={`Replay of ${traceName}`}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-line px-2 py-1">
        <span
          className={`font-medium ${passed ? 'text-ok' : counts.failed > 0 ? 'text-danger' : 'text-warn'}`}
          data-testid="replay-summary"
        >
          Replay of {traceName}: {passed ? 'passed' : 'failed'} — {counts.match} match, {counts.differ} differ, {counts.failed} failed
        </span>
        {withIgnored > 0 && (
          <span className="text-muted" data-testid="replay-ignored-count">
            ({withIgnored} with expected differences ignored)
          </span>
        )}
        <span className="flex-1" />
        <button
          className="text-accent hover:underline"
          onClick={() => onShowSession(report.sessionId)}
          data-testid="replay-show-session"
          title="The session the replay ran in: every frame it sent and received"
        >
          Show the replay session’s frames ↗
        </button>
        <div className="w-full">
          <ExpectedMarksBar pair={pair} global={global} setGlobal={setGlobal} />
        </div>
      </header>
      <ol>
        {steps.map((s, i) => (
          <li
            key={i}
            data-testid="replay-step"
            data-outcome={s.outcome}
            data-method={s.method}
            className="border-b border-line/50 px-2 py-1 last:border-b-0"
          >
            <div className="flex gap-2 font-mono text-[11px]">
              <span className={OUTCOME_STYLE[s.outcome]}>{OUTCOME_MARK[s.outcome]}</span>
              <span className="min-w-0 flex-1 truncate" data-testid="replay-step-label" title={s.label}>
                {s.label}
              </span>
              <span className="shrink-0 text-muted tabular-nums">
                recorded {ms(s.recordedLatencyMs)} · live {ms(s.liveLatencyMs)}
              </span>
            </div>
            {s.error && <div className="pl-4 text-danger">{s.error}</div>}
            {s.differences.length > 0 && (
              <div className="mt-1 pl-4">
                <DiffList
                  differences={s.differences}
                  testId="replay-diff"
                  onMark={(path) => markExpected(global ? null : pair, s.label, path)}
                />
              </div>
            )}
            {s.ignored.length > 0 && (
              <div className="mt-0.5 pl-4">
                <IgnoredList ignored={s.ignored} testId="replay-ignored" />
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Said to screen readers as a replay starts and ends (a live region present before either). */
export function replayAnnouncement(
  traceName: string | undefined,
  running: boolean,
  error: Error | null,
  report: ReplayReply | null,
  marks: readonly string[] = [],
): string {
  if (!traceName) return '';
  if (running) return `Replaying ${traceName}…`;
  if (error) return `Replay of ${traceName} failed: ${error.message}`;
  if (!report) return '';
  const counts = { match: 0, differ: 0, failed: 0 };
  for (const s of markedSteps(report.steps, marks)) counts[s.outcome]++;
  return `Replay of ${traceName} ${counts.differ + counts.failed === 0 ? 'passed' : 'failed'}: ${counts.match} match, ${counts.differ} differ, ${counts.failed} failed`;
}

import type { ReactNode } from 'react';
import { formatClock, formatDuration } from '../lib/format';
import type { RequestRecord } from '../lib/sessionHistory';

const OUTCOME_CLS: Record<RequestRecord['outcome'], string> = { ok: 'text-ok', 'rpc-error': 'text-danger', failed: 'text-danger' };

interface Props<E extends RequestRecord> {
  /** e.g. "read", "get": "3 reads in this session". */
  noun: string;
  entries: readonly E[];
  /** What was asked (a URI, a prompt and its arguments). */
  label: (e: E) => ReactNode;
  title: (e: E) => string;
  onRerun: (e: E) => void;
  onEdit: (e: E) => void;
  onClear: () => void;
  /** Why Re-run is disabled (undefined: enabled). */
  blockedReason?: string;
  testId: string;
}

/**
 * A tab's earlier requests in this session, each with Re-run (replay: the same request again,
 * shown in the tab) and Edit (edit and replay: the request in the Composer). Tools has its own
 * list with the same two buttons.
 */
export function RequestHistoryList<E extends RequestRecord>({
  noun,
  entries,
  label,
  title,
  onRerun,
  onEdit,
  onClear,
  blockedReason,
  testId,
}: Props<E>) {
  return (
    <div className="flex max-h-[35%] min-h-[64px] shrink-0 flex-col border-t border-line" data-testid={testId}>
      <div className="flex shrink-0 items-center gap-2 bg-panel px-2 py-0.5">
        <span className="section-title px-0">History</span>
        <span className="text-[11px] text-subtle">
          {entries.length} {noun}
          {entries.length === 1 ? '' : 's'} in this session
        </span>
        <span className="flex-1" />
        {entries.length > 0 && (
          <button className="btn btn-ghost" onClick={onClear}>
            Clear
          </button>
        )}
      </div>
      <ul className="min-h-0 flex-1 overflow-auto">
        {entries.length === 0 && <li className="px-2 py-1 text-[11px] text-subtle">No {noun}s yet.</li>}
        {entries.map((e) => (
          <li
            key={e.id}
            className="flex items-center gap-2 border-b border-line/60 px-2 py-0.5 text-[11px] hover:bg-hover"
            data-testid={`${testId}-item`}
            data-outcome={e.outcome}
          >
            <span className="font-mono text-subtle tabular-nums">{formatClock(e.at)}</span>
            <span className={`shrink-0 ${OUTCOME_CLS[e.outcome]}`}>{e.outcome}</span>
            <span className="w-12 shrink-0 text-muted tabular-nums">{e.latencyMs !== undefined ? formatDuration(e.latencyMs) : ''}</span>
            <span className="min-w-0 flex-1 truncate font-mono" title={title(e)}>
              {label(e)}
            </span>
            <span className="max-w-[30%] min-w-0 truncate text-subtle" title={e.summary}>
              {e.summary}
            </span>
            <button
              className="btn"
              onClick={() => onRerun(e)}
              disabled={blockedReason !== undefined}
              title={blockedReason ?? 'Replay: the same request again'}
              data-testid={`${testId}-rerun`}
            >
              ↻ Re-run
            </button>
            <button
              className="btn"
              onClick={() => onEdit(e)}
              title="Edit and replay: open the request in the Composer, ready to edit and send"
              data-testid={`${testId}-edit`}
            >
              ✎ Edit
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

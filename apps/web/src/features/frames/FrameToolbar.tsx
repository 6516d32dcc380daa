import { forwardRef } from 'react';
import { formatCount } from '../../lib/format';
import { FrameFilterBox } from './FrameFilterBox';
import type { FrameKindFilter } from './frameFilterIndex';
import { useFilterBoxModel, type FilterBoxModel } from './useFilterBoxModel';
import type { FrameLogModel } from './useFrameLogModel';

const KINDS: FrameKindFilter[] = ['all', 'request', 'notification', 'response', 'error', 'failed', 'raw'];
const KIND_LABEL: Record<FrameKindFilter, string> = {
  all: 'All kinds',
  request: 'request',
  notification: 'notification',
  response: 'response',
  error: 'error',
  failed: 'failed pairs',
  raw: 'raw',
};

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Under the toolbar while a filter is active and older frames are on disk: what the proxy's search found. */
export function OlderMatchesNote({ older }: { older: NonNullable<FrameLogModel['older']> }) {
  const more = older.more;
  return (
    <div
      className="flex shrink-0 items-center gap-2 border-b border-line bg-panel px-2 py-0.5 text-[11px] text-muted"
      data-testid="frame-older-matches"
      data-searching={older.searching}
    >
      {older.searching ? (
        <span>Searching older frames on disk…</span>
      ) : older.failed ? (
        <span className="text-danger">Could not search the older frames on disk.</span>
      ) : (
        <span>
          {formatCount(older.count)} older match{older.count === 1 ? '' : 'es'} from disk shown above the in-memory frames
          {more !== 0 && (
            <>
              {' '}
              · truncated — {more === undefined ? 'more' : formatCount(more)} more older match{more === 1 ? '' : 'es'}
            </>
          )}
        </span>
      )}
      {!older.searching && more !== 0 && older.count > 0 && (
        <button className="text-accent hover:underline" onClick={older.loadMore} data-testid="frame-older-more">
          Load older
        </button>
      )}
    </div>
  );
}

export const FrameToolbar = forwardRef<HTMLInputElement, { m: FrameLogModel }>(function FrameToolbar({ m }, filterRef) {
  const box = useFilterBoxModel({ text: m.text, applied: m.textApplied, applyText: m.applyText });
  return (
    <>
      <div className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-line bg-panel px-2 py-1">
        <FrameFilterBox ref={filterRef} box={box} text={m.text} setText={m.setText} onEnter={m.applyTextNow} />
        <select
          className="input w-44 font-mono"
          data-testid="frame-method"
          value={m.method ?? ''}
          onChange={(e) => m.setMethod(e.target.value || null)}
          aria-label="Method"
        >
          <option value="">All methods</option>
          {m.methods.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
        <div className="flex overflow-hidden rounded border border-line" role="radiogroup" aria-label="Direction" data-testid="frame-dir">
          {(['all', 'out', 'in'] as const).map((d) => (
            <button
              key={d}
              role="radio"
              aria-checked={m.dir === d}
              className={`h-6 px-2 text-xs ${m.dir === d ? 'bg-selected text-fg' : 'bg-raised text-muted hover:bg-hover'}`}
              title={d === 'out' ? 'client → server' : d === 'in' ? 'server → client' : 'both directions'}
              onClick={() => m.setDir(d)}
            >
              {d === 'all' ? (
                'All'
              ) : d === 'out' ? (
                <>
                  <span className="text-out">→</span> out
                </>
              ) : (
                <>
                  <span className="text-in">←</span> in
                </>
              )}
            </button>
          ))}
        </div>
        <select
          className="input w-32"
          data-testid="frame-kind"
          value={m.kind}
          onChange={(e) => m.setKind(e.target.value as FrameKindFilter)}
          aria-label="Kind"
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABEL[k]}
            </option>
          ))}
        </select>
        {m.filtered && (
          <button className="btn btn-ghost text-accent" onClick={m.clearFilters}>
            Clear
          </button>
        )}
        <span className="flex-1" />
        {m.onDisk > 0 && (
          <span
            className="text-[11px] text-subtle tabular-nums"
            data-testid="frame-memory"
            title="The browser keeps the newest frames within the memory budget (--memory-budget); older ones are read back from the proxy's disk copy as you scroll."
          >
            {formatCount(m.onDisk)} older frame{m.onDisk === 1 ? '' : 's'} on disk · {mib(m.memoryBytes)} in memory
          </span>
        )}
        {m.skipped > 0 && (
          <span
            className="text-[11px] text-subtle tabular-nums"
            data-testid="frame-skipped"
            title="This tab fell further behind the server than its memory budget (a flood, or the tab was in the background): the proxy skipped the oldest waiting events and sent the newest. The skipped ones are on disk and are read back as you scroll."
          >
            {formatCount(m.skipped)} event{m.skipped === 1 ? '' : 's'} skipped while this tab was behind — on disk
          </span>
        )}
        <span className="text-[11px] text-muted tabular-nums" data-testid="frame-count" title={`${mib(m.memoryBytes)} held in memory`}>
          {m.filtered ? `${formatCount(m.count)} of ${formatCount(m.total)}` : formatCount(m.total)} frame{m.total === 1 ? '' : 's'}
        </span>
        {!m.follow && (
          <button className="btn btn-ghost" onClick={m.jumpToLatest} title="Scroll to the newest frame and keep following">
            ⤓ Follow
          </button>
        )}
      </div>
      {box.message && <FilterProblem box={box} />}
    </>
  );
});

/** Under the toolbar while the filter has a term the grammar does not know: what, and the fix. */
function FilterProblem({ box }: { box: FilterBoxModel }) {
  const first = box.diagnostics[0];
  return (
    <div
      id="frame-filter-problem"
      role="status"
      className="flex shrink-0 items-center gap-2 border-b border-line bg-danger/5 px-2 py-0.5 text-[11px] text-danger"
      data-testid="frame-filter-problem"
    >
      <span>⚠ {box.message}</span>
      {first?.suggestion !== undefined && (
        <button className="font-mono text-accent hover:underline" onClick={() => box.fix(first)} data-testid="frame-filter-fix">
          use {first.suggestion}
        </button>
      )}
      {box.more > 0 && (
        <span className="text-muted">
          and {box.more} more term{box.more === 1 ? '' : 's'} flagged
        </span>
      )}
    </div>
  );
}

import { formatCount } from '../../lib/format';
import { LOG_LEVELS, type LogLevel } from '../../lib/workbenchApi';
import { LEVEL_CLASS } from './levelStyle';
import type { NotificationsModel } from './useNotificationsModel';

/** View switch and the filters of the view shown. */
export function NotificationsToolbar({ m }: { m: NotificationsModel }) {
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-line bg-panel px-2 py-1">
      <div className="flex overflow-hidden rounded border border-line" role="tablist" aria-label="View">
        {(['all', 'logs'] as const).map((v) => (
          <button
            key={v}
            role="tab"
            aria-selected={m.view === v}
            data-testid={`notifications-view-${v}`}
            className={`h-6 px-2 text-xs ${m.view === v ? 'bg-selected text-fg' : 'bg-raised text-muted hover:bg-hover'}`}
            onClick={() => m.setView(v)}
          >
            {v === 'all' ? 'All notifications' : 'Server logs'}{' '}
            <span className="text-subtle tabular-nums">{formatCount(v === 'all' ? m.total : m.logTotal)}</span>
          </button>
        ))}
      </div>
      {m.view === 'all' ? <NotificationFilters m={m} /> : <LogFilters m={m} />}
    </div>
  );
}

function NotificationFilters({ m }: { m: NotificationsModel }) {
  return (
    <>
      <input
        className="input w-52 font-mono"
        placeholder="Text in the message"
        value={m.filter.text}
        onChange={(e) => m.setText(e.target.value)}
        data-testid="notification-filter"
        aria-label="Filter notifications by text"
      />
      <select
        className="input w-60 font-mono"
        value={m.filter.method ?? ''}
        onChange={(e) => m.setMethod(e.target.value || null)}
        data-testid="notification-method"
        aria-label="Method"
      >
        <option value="">All methods</option>
        {m.methods.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </select>
      <div
        className="flex overflow-hidden rounded border border-line"
        role="radiogroup"
        aria-label="Direction"
        data-testid="notification-dir"
      >
        {(['all', 'out', 'in'] as const).map((d) => (
          <button
            key={d}
            role="radio"
            aria-checked={m.filter.dir === d}
            className={`h-6 px-2 text-xs ${m.filter.dir === d ? 'bg-selected text-fg' : 'bg-raised text-muted hover:bg-hover'}`}
            onClick={() => m.setDir(d)}
            title={d === 'out' ? 'client → server' : d === 'in' ? 'server → client' : 'both directions'}
          >
            {d === 'all' ? 'All' : d === 'out' ? '→ out' : '← in'}
          </button>
        ))}
      </div>
      {m.filtered && (
        <button className="btn btn-ghost text-accent" onClick={m.clearFilter}>
          Clear
        </button>
      )}
      <span className="text-[11px] text-muted tabular-nums" data-testid="notification-count">
        {m.filtered ? `${formatCount(m.rows.length)} of ${formatCount(m.total)}` : formatCount(m.total)}
      </span>
    </>
  );
}

function LogFilters({ m }: { m: NotificationsModel }) {
  return (
    <>
      <label className="flex items-center gap-1 text-[11px] text-muted">
        Show
        <select
          className={`input w-28 ${LEVEL_CLASS[m.logFilter.minLevel]}`}
          value={m.logFilter.minLevel}
          onChange={(e) => m.setMinLevel(e.target.value as LogLevel)}
          data-testid="log-filter-level"
          aria-label="Minimum level shown"
        >
          {LOG_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
              {l === 'emergency' ? '' : ' +'}
            </option>
          ))}
        </select>
      </label>
      {m.loggers.length > 0 && (
        <select
          className="input w-36"
          value={m.logFilter.logger ?? ''}
          onChange={(e) => m.setLogger(e.target.value || null)}
          aria-label="Logger"
        >
          <option value="">All loggers</option>
          {m.loggers.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      )}
      <input
        className="input w-44 font-mono"
        placeholder="Text in the message"
        value={m.logFilter.text}
        onChange={(e) => m.setLogText(e.target.value)}
        aria-label="Filter log messages by text"
      />
      <span className="flex flex-wrap items-center gap-1 text-[11px]" data-testid="log-level-counts">
        {Object.entries(m.levelCounts).map(([level, n]) => (
          <span key={level} className={`rounded-sm bg-raised px-1 ${LEVEL_CLASS[level] ?? 'text-danger'}`}>
            {level} {formatCount(n ?? 0)}
          </span>
        ))}
      </span>
      <span className="text-[11px] text-muted tabular-nums">
        {m.logFiltered ? `${formatCount(m.logRows.length)} of ${formatCount(m.logTotal)}` : ''}
      </span>
    </>
  );
}

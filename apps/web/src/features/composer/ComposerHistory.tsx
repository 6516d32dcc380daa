import { formatDateTime, formatDuration, formatTime } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import type { ComposerModel } from './useComposerModel';

const OUTCOME = {
  ok: { label: 'ok', className: 'text-ok' },
  'rpc-error': { label: 'error', className: 'text-danger' },
  failed: { label: 'failed', className: 'text-danger' },
  sent: { label: 'sent', className: 'text-muted' },
} as const;

/** `sendKeys`: the chord that sends, as this platform writes it (Ctrl+Enter, ⌘+Enter). */
export function ComposerHistory({ m, sendKeys }: { m: ComposerModel; sendKeys: string }) {
  return (
    <div className="flex h-40 shrink-0 flex-col border-t border-line">
      <div className="flex items-center pr-2">
        <div className="section-title flex-1">History</div>
        {m.history.length > 0 && (
          <button className="btn btn-ghost" onClick={m.clearHistory}>
            Clear
          </button>
        )}
      </div>
      <ul className="min-h-0 flex-1 overflow-auto" data-testid="composer-history">
        {m.history.length === 0 && (
          <li className="flex">
            <EmptyState title="No messages sent from this session yet" testId="composer-history-empty">
              <p>
                Pick a template or write a JSON-RPC request above, then Send ({sendKeys}). Each message you send is kept here, with its
                outcome and latency; click one to load it again.
              </p>
            </EmptyState>
          </li>
        )}
        {m.history.map((h) => (
          <li key={`${h.at}-${h.text}`}>
            <button
              className="flex w-full items-center gap-2 px-2 py-0.5 text-left hover:bg-hover"
              onClick={() => m.loadHistory(h)}
              title={h.text}
            >
              <span className="w-16 shrink-0 text-[11px] text-subtle tabular-nums" title={formatDateTime(h.at)}>
                {formatTime(h.at)}
              </span>
              <span className="min-w-0 flex-1 truncate font-mono">
                {h.method}
                {h.notification && <span className="ml-1 text-subtle">(notification)</span>}
              </span>
              <span className={`text-[11px] ${OUTCOME[h.outcome].className}`}>{OUTCOME[h.outcome].label}</span>
              <span className="w-14 text-right text-[11px] text-subtle tabular-nums">
                {h.latencyMs !== undefined ? formatDuration(h.latencyMs) : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef } from 'react';
import { formatClock, formatCount, formatOffset } from '../../lib/format';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { CONSOLE_KINDS, useConsoleModel } from './useConsoleModel';

const ROW_HEIGHT = 20;
const LEVEL_CLASS = { info: '', warn: 'text-warn', error: 'text-danger' } as const;

/** stderr lines and lifecycle/HTTP/OAuth events of the active session, virtualized. */
export function ConsolePanel() {
  const sessionId = useValue(activeSessionStore);
  const startedAt = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId)?.createdAt ?? 0);
  const m = useConsoleModel(sessionId, startedAt);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: m.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    initialRect: { width: 1000, height: 600 },
  });

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (m.follow && el) el.scrollTop = el.scrollHeight;
  }, [m.count, m.follow]);

  if (!sessionId) {
    return (
      <EmptyState title="No session selected" testId="console-no-session">
        <p>
          Connect to a server (or start the demo) in the sidebar, or select a session: its stderr and its process, connection, HTTP and
          OAuth events appear here.
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="relative flex h-full min-h-0 flex-col">
      <div className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-line bg-panel px-2 py-1">
        <input
          className="input w-64 font-mono"
          placeholder="Search console"
          value={m.search}
          onChange={(e) => m.setSearch(e.target.value)}
          data-testid="console-search"
        />
        {CONSOLE_KINDS.map((k) => (
          <label key={k} className="flex items-center gap-1 text-[11px] text-muted">
            <input type="checkbox" checked={m.kinds.has(k)} onChange={() => m.toggleKind(k)} />
            {k} <span className="text-subtle tabular-nums">{formatCount(m.counts[k])}</span>
          </label>
        ))}
        <span className="flex-1" />
        {m.olderOnDisk && (
          <span
            className="text-[11px] text-subtle"
            data-testid="console-older-on-disk"
            title="The browser keeps the newest events within the memory budget; the whole session is in the trace (Traces tab → export)."
          >
            {m.dropped > 0 ? `${formatCount(m.dropped)} older lines` : 'older lines'} on disk · showing the {formatCount(m.total)} in memory
          </span>
        )}
        <span className="text-[11px] text-muted tabular-nums">{formatCount(m.count)} lines</span>
        <CopyButton text={m.allText} label="Copy all" testId="console-copy-all" />
      </div>
      {m.total === 0 && m.olderOnDisk ? (
        <EmptyState title="Every line is on disk" testId="console-empty">
          <p>
            This session&apos;s console lines left the browser&apos;s memory budget (a flood of frames pushes them out). The whole session
            is in its trace: Traces → export, or open it offline.
          </p>
        </EmptyState>
      ) : m.total === 0 ? (
        <EmptyState title="Nothing on stderr yet" testId="console-empty">
          <p>
            What the server writes to stderr appears here line by line, with the session's events: the process starting and exiting (with
            its exit code), connecting, each HTTP exchange of an HTTP transport, and the steps of an OAuth flow.
          </p>
        </EmptyState>
      ) : m.count === 0 ? (
        <EmptyState title="No line matches" testId="console-empty">
          <p>The search text or the kinds unchecked above hide all {formatCount(m.total)} lines.</p>
          <button className="btn mt-2" onClick={m.clearFilters} data-testid="console-clear-filters">
            Show every line
          </button>
        </EmptyState>
      ) : null}
      <div
        ref={scrollRef}
        hidden={m.count === 0}
        className="relative min-h-0 flex-1 overflow-auto font-mono text-[12px]"
        data-testid="console-list"
        onWheel={(e) => e.deltaY < 0 && m.setAtBottom(false)}
        onScroll={(e) => {
          const el = e.currentTarget;
          m.setAtBottom(el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT / 2);
        }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const e = m.at(item.index);
            if (!e) return null;
            return (
              <div
                key={item.key}
                data-testid="console-line"
                data-kind={e.kind}
                className={`absolute left-0 flex w-full items-center gap-2 px-2 hover:bg-hover ${LEVEL_CLASS[e.level]}`}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <span className="shrink-0 text-subtle tabular-nums" title={formatOffset(e.t)}>
                  {formatClock(startedAt + e.t)}
                </span>
                <span
                  className={`w-20 shrink-0 truncate text-[11px] ${e.kind === 'stderr' ? 'text-subtle' : 'text-accent'}`}
                  title={e.kind === 'stderr' ? 'stderr' : `${e.kind}: ${e.label}`}
                >
                  {e.kind === 'stderr' ? 'stderr' : e.label}
                </span>
                <span className="min-w-0 flex-1 truncate whitespace-pre" title={e.text}>
                  {e.text}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      {m.newCount > 0 && (
        <button
          className="btn btn-primary absolute bottom-3 left-1/2 h-7 -translate-x-1/2 rounded-full px-3 shadow-lg"
          onClick={m.jumpToLatest}
        >
          {formatCount(m.newCount)} new lines ↓
        </button>
      )}
    </div>
  );
}

import { formatCount } from '../../lib/format';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { CopyButton } from '../../ui/CopyButton';
import { JsonTree } from '../../ui/JsonTree';
import { ListChangesToggle } from '../../ui/ListChangesToggle';
import { LogLevelControl } from './LogLevelControl';
import { LogList } from './LogList';
import { NotificationList } from './NotificationList';
import { NotificationsEmpty } from './NotificationsEmpty';
import { EmptyState } from '../../ui/EmptyState';
import { NotificationsToolbar } from './NotificationsToolbar';
import { useLogLevelModel } from './useLogLevelModel';
import { useNotificationsModel, type NotificationsModel } from './useNotificationsModel';

/** Notifications of both directions, the server's log messages by level, and the log level. */
export function NotificationsPanel() {
  const sessionId = useValue(activeSessionStore);
  const m = useNotificationsModel(sessionId);
  const l = useLogLevelModel(sessionId);
  const startedAt = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId)?.createdAt ?? 0);
  if (!sessionId) {
    return (
      <EmptyState title="No session selected" testId="notifications-no-session">
        <p>
          Connect to a server (or start the demo) in the sidebar, or select a session: its notifications, both ways, and the server's log
          messages appear here.
        </p>
      </EmptyState>
    );
  }
  const empty = m.view === 'all' ? m.rows.length === 0 : m.logRows.length === 0;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex shrink-0 items-center gap-2 border-b border-line px-2 py-1">
        <LogLevelControl l={l} />
        <ListChangesToggle sessionId={sessionId} />
      </div>
      <NotificationsToolbar m={m} />
      {m.older && <OlderOnDiskNote m={m} />}
      <div className="flex min-h-0 flex-1">
        {empty ? (
          <NotificationsEmpty m={m} />
        ) : m.view === 'all' ? (
          <NotificationList m={m} startedAt={startedAt} />
        ) : (
          <LogList m={m} startedAt={startedAt} />
        )}
        {m.selected && <Detail m={m} />}
      </div>
    </div>
  );
}

/** Older notifications left memory: the Frames tab pages through them on disk. */
function OlderOnDiskNote({ m }: { m: NotificationsModel }) {
  const what = m.view === 'all' ? 'notifications' : 'server log messages';
  const known = m.older!.count > 0 ? `${formatCount(m.older!.count)}${m.older!.unknown ? '+' : ''} older ${what}` : `Older ${what}`;
  return (
    <div
      className="flex shrink-0 items-center gap-2 border-b border-line bg-warn/10 px-2 py-1 text-[12px]"
      data-testid="notifications-older-on-disk"
    >
      <span>
        {known} left memory (the memory budget) — they are on disk. This list shows the{' '}
        {formatCount(m.view === 'all' ? m.total : m.logTotal)} in memory.
      </span>
      <button className="btn btn-ghost text-accent" onClick={m.showOlderInFrames} data-testid="notifications-show-in-frames">
        Show all in Frames
      </button>
    </div>
  );
}

function Detail({ m }: { m: NotificationsModel }) {
  const f = m.selected!;
  return (
    <aside className="flex w-[40%] min-w-[280px] flex-col border-l border-line" data-testid="notification-detail" data-seq={f.seq}>
      <div className="flex shrink-0 items-center gap-2 border-b border-line bg-panel px-2 py-1 text-[12px]">
        <span className={f.dir === 'out' ? 'text-out' : 'text-in'}>{f.dir === 'out' ? '→ client to server' : '← server to client'}</span>
        <span className="font-mono">#{f.seq}</span>
        <span className="min-w-0 flex-1 truncate font-mono text-muted">{String(f.msg?.method ?? '')}</span>
        <CopyButton text={() => JSON.stringify(f.msg, null, 2)} label="Copy JSON" />
        <button className="btn btn-ghost" onClick={() => m.select(null)} aria-label="Close detail">
          ✕
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto p-2">
        {/* Notifications are small: open them fully. */}
        <JsonTree key={f.seq} value={f.msg} openDepth={6} />
      </div>
    </aside>
  );
}

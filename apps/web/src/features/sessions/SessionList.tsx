import type { SessionInfo } from '@mcpscope/wire';
import { formatCount } from '../../lib/format';
import { useSessionLog } from '../../lib/services';
import { useSessionListModel } from './useSessionListModel';

const STATE_DOT: Record<SessionInfo['state'], string> = {
  connecting: 'bg-warn animate-pulse',
  connected: 'bg-ok',
  failed: 'bg-danger',
  closed: 'bg-subtle',
};

export function SessionList() {
  const m = useSessionListModel();
  return (
    <div className="flex flex-col">
      <div className="section-title">Sessions {m.sessions.length > 0 && <span className="font-normal">({m.sessions.length})</span>}</div>
      {m.sessions.length === 0 && <div className="px-2 pb-2 text-[11px] text-subtle">No sessions. Connect to a server above.</div>}
      <ul role="listbox" aria-label="Sessions">
        {[...m.sessions].reverse().map((s) => (
          <SessionItem
            key={s.id}
            session={s}
            active={s.id === m.activeId}
            pending={m.pendingCount(s.id)}
            busy={m.busyId === s.id}
            onSelect={() => m.select(s.id)}
            onClose={() => m.close(s.id)}
            onForget={() => m.forget(s.id)}
          />
        ))}
      </ul>
      {m.error && <div className="px-2 py-1 text-[11px] text-danger">{m.error.message}</div>}
    </div>
  );
}

interface ItemProps {
  session: SessionInfo;
  active: boolean;
  pending: number;
  busy: boolean;
  onSelect: () => void;
  onClose: () => void;
  onForget: () => void;
}

function SessionItem({ session: s, active, pending, busy, onSelect, onClose, onForget }: ItemProps) {
  const { log } = useSessionLog(s.id);
  const live = s.state === 'connected' || s.state === 'connecting';
  return (
    <li
      role="option"
      aria-selected={active}
      data-testid="session-item"
      data-state={s.state}
      data-session-id={s.id}
      className={`group cursor-pointer border-l-2 px-2 py-1 ${active ? 'border-accent bg-selected' : 'border-transparent hover:bg-hover'}`}
      onClick={onSelect}
    >
      <div className="flex items-center gap-1.5">
        <span className={`h-2 w-2 shrink-0 rounded-full ${STATE_DOT[s.state]}`} title={s.state} />
        <span className="min-w-0 flex-1 truncate font-medium" title={s.name}>{s.name}</span>
        {pending > 0 && <span className="chip border-warn/50 text-warn" title="Server requests waiting for an answer">{pending} waiting</span>}
        {s.offline && <span className="chip border-accent/50 text-accent" data-testid="offline-badge" title="Opened from a trace: read-only">offline</span>}
        {s.era && <span className={`chip ${s.era === 'modern' ? 'text-accent' : ''}`} title={`Protocol era: ${s.era}`}>{s.era}</span>}
        <span className="chip">{s.transport}</span>
      </div>
      <div className="mt-0.5 flex items-center gap-1 pl-3.5">
        <span className="min-w-0 flex-1 truncate font-mono text-[11px] text-subtle" title={s.target}>{s.target}</span>
        <span className="text-[11px] text-subtle tabular-nums group-hover:hidden" title="frames">{log ? formatCount(log.frames.length) : 0}</span>
        <span className="hidden gap-0.5 group-hover:flex">
          {live && (
            <button className="btn h-5 px-1.5 text-[11px]" disabled={busy} title="Close the session (stops the server)" onClick={(e) => (e.stopPropagation(), onClose())}>
              Close
            </button>
          )}
          <button className="btn h-5 px-1.5 text-[11px] btn-danger" disabled={busy} title="Close and remove from the list" onClick={(e) => (e.stopPropagation(), onForget())}>
            Forget
          </button>
        </span>
      </div>
      {s.state === 'failed' && s.error && <div className="mt-0.5 truncate pl-3.5 text-[11px] text-danger" title={s.error.message}>{s.error.message}</div>}
    </li>
  );
}

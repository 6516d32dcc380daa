import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { SessionInfo } from '@mcpscope/wire';
import { formatCount } from '../../lib/format';
import type { SessionLabel } from '../../lib/sessionLabel';
import { useSessionLog } from '../../lib/services';
import { sessionNotes } from '../../lib/sessionNotes';
import { useSessionAttention } from '../../lib/useSessionAttention';
import { isLive, isRemovable } from './sessionGroups';

const STATE_DOT: Record<SessionInfo['state'], string> = {
  connecting: 'bg-warn animate-pulse',
  connected: 'bg-ok',
  failed: 'bg-danger',
  closed: 'bg-subtle',
};

interface Props {
  session: SessionInfo;
  label: SessionLabel;
  active: boolean;
  busy: boolean;
  editing: boolean;
  /** The list's one Tab stop: the item and its buttons are in the Tab order (the others by arrow keys). */
  tabStop: boolean;
  onFocus: () => void;
  onSelect: () => void;
  onClose: () => void;
  onRemove: () => void;
  onStartRename: () => void;
  onCommitRename: (text: string) => void;
  onCancelRename: () => void;
}

/**
 * One session: its label (the user's name, else the server's, with a #n when two read the same),
 * state, transport and start time; Rename, Close (live) or Remove (the others) show on hover
 * and on keyboard focus. F2 or a double-click on the name renames.
 */
export function SessionItem(p: Props) {
  const { session: s, label } = p;
  const { log } = useSessionLog(s.id);
  const attention = useSessionAttention(s.id).items;
  const tab = p.tabStop ? 0 : -1;
  const act = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      p.onSelect();
    } else if (e.key === 'F2') {
      e.preventDefault();
      p.onStartRename();
    }
  };
  return (
    <li
      role="option"
      aria-selected={p.active}
      aria-label={`${label.headline}${label.tag ? ` ${label.tag}` : ''}, ${s.transport}, ${s.offline ? 'offline' : s.state}, started ${label.started}${attention.length ? `, waiting for you: ${attention.map((a) => a.text).join(', ')}` : ''}`}
      tabIndex={p.tabStop ? 0 : -1}
      onFocus={(e) => e.target === e.currentTarget && p.onFocus()}
      data-testid="session-item"
      data-state={s.state}
      data-session-id={s.id}
      data-label={label.headline}
      className={`group cursor-pointer border-l-2 px-2 py-1 ${p.active ? 'border-accent bg-selected' : 'border-transparent bg-panel hover:bg-hover focus-within:bg-hover'}`}
      onClick={p.onSelect}
      onKeyDown={onKeyDown}
    >
      <div className="flex items-center gap-1.5">
        <span className={`h-2 w-2 shrink-0 rounded-full ${STATE_DOT[s.state]}`} title={s.state} />
        {p.editing ? (
          <NameEditor
            initial={s.named ? s.name : label.name}
            placeholder={label.name}
            onCommit={p.onCommitRename}
            onCancel={p.onCancelRename}
          />
        ) : (
          <span
            className="flex min-w-0 flex-1 items-baseline gap-1"
            title={label.title}
            data-testid="session-label"
            onDoubleClick={act(p.onStartRename)}
          >
            {/* The spaces between the parts are for copying and reading; the gap lays them out. */}
            <span className="min-w-0 truncate font-medium">{label.name}</span>
            {label.version && (
              <>
                {' '}
                <span className="shrink-0 text-[11px] text-muted" data-testid="session-version">
                  {label.version}
                </span>
              </>
            )}
            {label.tag && (
              <>
                {' '}
                <span className="shrink-0 text-[11px] text-subtle" data-testid="session-tag">
                  {label.tag}
                </span>
              </>
            )}
          </span>
        )}
        {attention.length > 0 && (
          <span
            className="chip shrink-0 animate-pulse border-warn/60 font-semibold text-warn"
            title={`Waiting for you:\n${attention.map((a) => `• ${a.text}`).join('\n')}`}
            data-testid="session-attention"
            data-count={attention.length}
          >
            {attention.length} waiting
          </span>
        )}
        {s.offline && (
          <span className="chip shrink-0 border-accent/50 text-accent" data-testid="offline-badge" title="Opened from a trace: read-only">
            offline
          </span>
        )}
        {s.replayOf !== undefined && (
          <span className="chip shrink-0" data-testid="replay-badge" title={`Replay of the trace ${s.replayOf}`}>
            replay
          </span>
        )}
        <span className="chip shrink-0" data-testid="session-transport" title={`Transport: ${s.transport}`}>
          {s.transport}
        </span>
      </div>
      <div className="relative mt-0.5 flex items-center gap-1.5 bg-inherit pl-3.5 text-[11px] text-subtle">
        <span className="shrink-0 tabular-nums" title={label.startedTitle} data-testid="session-started">
          {label.started}
        </span>
        {s.era && (
          <span
            className={`shrink-0 ${s.era === 'modern' ? 'text-accent' : ''}`}
            title={`Protocol era: ${s.era}${s.protocolVersion ? ` (${s.protocolVersion})` : ''}`}
          >
            {s.era}
          </span>
        )}
        <span className="min-w-0 flex-1 truncate font-mono" title={s.target}>
          {s.target}
        </span>
        <span className="tabular-nums" title="frames">
          {log ? formatCount(log.frames.length) : 0}
        </span>
        <span className="absolute right-0 flex gap-0.5 bg-inherit pl-1 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100">
          <button
            className="btn h-5 px-1.5 text-[11px]"
            tabIndex={tab}
            disabled={p.busy}
            title="Rename this session (F2); empty restores the automatic name"
            onClick={act(p.onStartRename)}
          >
            Rename
          </button>
          {isLive(s) && (
            <button
              className="btn h-5 px-1.5 text-[11px]"
              tabIndex={tab}
              disabled={p.busy}
              title="Close the session (stops the server); it moves to Ended"
              onClick={act(p.onClose)}
            >
              Close
            </button>
          )}
          {isRemovable(s) && (
            <button
              className="btn btn-danger h-5 px-1.5 text-[11px]"
              tabIndex={tab}
              disabled={p.busy}
              title="Remove from the list (its trace stays in Traces)"
              onClick={act(p.onRemove)}
            >
              Remove
            </button>
          )}
        </span>
      </div>
      {s.state === 'failed' && s.error && (
        <div className="mt-0.5 truncate pl-3.5 text-[11px] text-danger" title={s.error.message}>
          {s.error.message}
        </div>
      )}
      {sessionNotes(s)
        .filter((n) => n.kind !== 'era-fallback')
        .map((n) => (
          <div
            key={n.kind}
            className={`mt-0.5 truncate pl-3.5 text-[11px] ${n.tone === 'warn' ? 'text-warn' : 'text-muted'}`}
            title={n.title}
            data-testid={`session-note-${n.kind}`}
          >
            {n.kind === 'lost' ? n.title : n.text}
          </div>
        ))}
    </li>
  );
}

/** The inline rename field: Enter or leaving it saves, Escape cancels. */
function NameEditor({
  initial,
  placeholder,
  onCommit,
  onCancel,
}: {
  initial: string;
  placeholder: string;
  onCommit: (text: string) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    if (save) onCommit(ref.current?.value ?? '');
    else onCancel();
  };
  return (
    <input
      ref={ref}
      className="input h-5 flex-1 font-medium"
      data-testid="session-rename-input"
      aria-label="Session name (empty restores the automatic name)"
      defaultValue={initial}
      placeholder={placeholder}
      maxLength={80}
      spellCheck={false}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key !== 'Enter' && e.key !== 'Escape') return;
        const item = ref.current?.closest('li');
        finish(e.key === 'Enter');
        // Back to the item, as a keyboard user expects (its blur is already handled by `done`).
        item?.focus();
      }}
      onBlur={() => finish(true)}
    />
  );
}

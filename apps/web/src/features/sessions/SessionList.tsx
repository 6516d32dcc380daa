import { useRef, useState, type KeyboardEvent } from 'react';
import type { SessionGroup } from './sessionGroups';
import { SessionItem } from './SessionItem';
import { useFocusAfterRemove } from './useFocusAfterRemove';
import { useSessionListModel, type SessionListModel } from './useSessionListModel';

/**
 * The sessions, grouped: live ones on top, then ended or failed ones, replays and offline
 * traces, each group with its count (and a Clear button for the ones that can be removed).
 * Arrow keys move between sessions; Enter selects; F2 renames.
 */
export function SessionList() {
  const m = useSessionListModel();
  // One Tab stop for the whole list (the session last focused, else the selected one); arrows move.
  const [focusId, setFocusId] = useState<string | null>(null);
  const ids = m.groups.flatMap((g) => g.sessions.map((s) => s.id));
  const tabStop = [focusId, m.activeId].find((id) => id !== null && ids.includes(id)) ?? ids[0];
  const listRef = useRef<HTMLDivElement>(null);
  const willRemove = useFocusAfterRemove(listRef, ids);
  if (m.sessions.length === 0) {
    return (
      <div className="px-2 py-2 text-[11px] text-subtle" data-testid="sessions-empty">
        No sessions yet. Connect to a server below, or start the Demo server to see what mcpscope shows.
      </div>
    );
  }
  return (
    <div ref={listRef} className="flex flex-col pb-1" data-testid="session-list" onKeyDown={moveFocus}>
      {m.groups.map((g) => (
        <Group
          key={g.id}
          group={g}
          m={m}
          tabStop={tabStop}
          onFocusItem={setFocusId}
          onRemove={(id) => {
            willRemove(id);
            setFocusId(null);
            m.forget(id);
          }}
        />
      ))}
      {m.error && (
        <div className="px-2 py-1 text-[11px] text-danger" role="alert">
          {m.error.message}
        </div>
      )}
    </div>
  );
}

interface GroupProps {
  group: SessionGroup;
  m: SessionListModel;
  tabStop: string | undefined;
  onFocusItem: (id: string) => void;
  onRemove: (id: string) => void;
}

function Group({ group: g, m, tabStop, onFocusItem, onRemove }: GroupProps) {
  const headingId = `session-group-${g.id}`;
  const ids = g.sessions.map((s) => s.id);
  return (
    <section aria-labelledby={headingId} data-testid="session-group" data-group={g.id}>
      <div className="sticky top-0 z-[1] flex items-center gap-1 bg-panel pr-1">
        <h3 id={headingId} className="section-title min-w-0 flex-1 truncate" title={g.description}>
          {g.title}{' '}
          <span className="font-normal" data-testid="session-group-count">
            ({g.sessions.length})
          </span>
        </h3>
        {g.clear && (
          <button
            className="btn btn-ghost h-5 px-1.5 text-[11px] text-muted"
            data-testid="session-group-clear"
            title={g.clear.title}
            disabled={ids.some(m.isBusy)}
            onClick={() => m.clearGroup(ids)}
          >
            {g.clear.label}
          </button>
        )}
      </div>
      <ul role="listbox" aria-labelledby={headingId}>
        {g.sessions.map((s) => (
          <SessionItem
            key={s.id}
            session={s}
            label={m.labelOf(s.id)}
            active={s.id === m.activeId}
            busy={m.isBusy(s.id)}
            editing={m.editingId === s.id}
            tabStop={s.id === tabStop}
            onFocus={() => onFocusItem(s.id)}
            onSelect={() => m.select(s.id)}
            onClose={() => m.close(s.id)}
            onRemove={() => onRemove(s.id)}
            onStartRename={() => m.startRename(s.id)}
            onCommitRename={(text) => m.commitRename(s.id, text)}
            onCancelRename={m.cancelRename}
          />
        ))}
      </ul>
    </section>
  );
}

/** ArrowUp/ArrowDown (Home/End) move the focus from one session to the next, across groups. */
function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
  const target = e.target as HTMLElement;
  if (target.getAttribute('role') !== 'option' || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="option"]')];
  const i = items.indexOf(target);
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : i + (e.key === 'ArrowDown' ? 1 : -1);
  if (next < 0 || next >= items.length) return;
  e.preventDefault();
  items[next]!.focus();
}

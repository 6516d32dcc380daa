import { useEffect, useState } from 'react';
import { activeSessionStore, activeTabStore } from '../lib/uiState';
import { useValue } from '../lib/valueStore';
import { TABS, type TabDefinition } from './tabs';

/**
 * The tab strip and panels. A visited panel stays mounted (hidden) so its state — filters,
 * selection, scroll position, the composer's draft — survives switching tabs.
 * Alt+1…9 switch tabs (outside text fields).
 *
 * Session isolation (issue 11): a session's panels are keyed by its id, so all their state
 * (selections, drafts, effects, query keys) belongs to that one session and none of it is
 * carried to another; switching sessions mounts only the tab in view, for the new session.
 * A leftover selection once re-read a resource of one server on another.
 */
export function TabArea() {
  const active = useValue(activeTabStore);
  const sessionId = useValue(activeSessionStore);
  const [visited, setVisited] = useState<{ sessionId: string | null; tabs: ReadonlySet<string> }>(() => ({ sessionId, tabs: new Set([active]) }));
  if (visited.sessionId !== sessionId) setVisited({ sessionId, tabs: new Set([active, ...TABS.filter((t) => t.appWide && visited.tabs.has(t.id)).map((t) => t.id)]) });
  else if (!visited.tabs.has(active)) setVisited({ sessionId, tabs: new Set([...visited.tabs, active]) });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const n = Number(e.key) || Number(e.code.replace('Digit', ''));
      const tab = TABS[n - 1];
      if (!tab) return;
      e.preventDefault();
      activeTabStore.set(tab.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Many tabs may not fit: keep the selected one in view (after layout settles).
  useEffect(() => {
    const id = requestAnimationFrame(() => {
      const tab = document.getElementById(`tab-${active}`);
      const strip = tab?.parentElement;
      if (!tab || !strip) return;
      const t = tab.getBoundingClientRect();
      const s = strip.getBoundingClientRect();
      if (t.right > s.right) strip.scrollLeft += t.right - s.right + 8;
      else if (t.left < s.left) strip.scrollLeft -= s.left - t.left + 8;
    });
    return () => cancelAnimationFrame(id);
  }, [active]);

  return (
    <>
      <div role="tablist" className="flex h-8 min-w-0 shrink-0 items-end gap-0.5 overflow-x-auto overflow-y-hidden border-b border-line bg-panel px-1 [scrollbar-width:none]">
        {TABS.map((tab, i) => (
          <TabButton key={tab.id} tab={tab} index={i} selected={tab.id === active} />
        ))}
      </div>
      <div className="relative min-h-0 flex-1">
        {TABS.filter((t) => visited.tabs.has(t.id) && visited.sessionId === sessionId).map(({ id, component: Panel, appWide }) => (
          <div key={id} role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} className="absolute inset-0 flex flex-col" hidden={id !== active}>
            <Panel key={appWide ? 'app' : `session:${sessionId ?? ''}`} />
          </div>
        ))}
      </div>
    </>
  );
}

function TabButton({ tab, index, selected }: { tab: TabDefinition; index: number; selected: boolean }) {
  const badge = tab.useBadge?.() ?? null;
  return (
    <button
      role="tab"
      id={`tab-${tab.id}`}
      aria-selected={selected}
      aria-controls={`panel-${tab.id}`}
      data-testid={`tab-${tab.id}`}
      title={`${tab.label} (Alt+${index + 1})`}
      className={`-mb-px flex h-7 shrink-0 items-center whitespace-nowrap gap-1.5 rounded-t border border-b-0 px-3 text-xs ${selected ? 'border-line bg-surface font-medium text-fg' : 'border-transparent text-muted hover:bg-hover hover:text-fg'}`}
      onClick={() => activeTabStore.set(tab.id)}
    >
      {tab.label}
      {badge && (
        <span className="rounded-full bg-raised px-1.5 text-[10px] text-muted tabular-nums" data-testid={`tab-badge-${tab.id}`} title={typeof badge === 'string' ? undefined : badge.title}>
          {typeof badge === 'string' ? badge : badge.text}
        </span>
      )}
    </button>
  );
}

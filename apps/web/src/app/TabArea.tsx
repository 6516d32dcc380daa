import { useEffect, useState } from 'react';
import { activeTabStore } from '../lib/uiState';
import { useValue } from '../lib/valueStore';
import { TABS, type TabDefinition } from './tabs';

/**
 * The tab strip and panels. A visited panel stays mounted (hidden) so its state — filters,
 * selection, scroll position, the composer's draft — survives switching tabs.
 * Alt+1…9 switch tabs (outside text fields).
 */
export function TabArea() {
  const active = useValue(activeTabStore);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set([...visited, active]));

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
        {TABS.filter((t) => visited.has(t.id)).map(({ id, component: Panel }) => (
          <div key={id} role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} className="absolute inset-0 flex flex-col" hidden={id !== active}>
            <Panel />
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

import type { TabDefinition } from './tabs';
import { useViewNavModel, type ViewNavModel } from './useViewNavModel';
import { altChord } from './viewNav';
import { ViewIcon } from './ViewIcon';

/**
 * The views, grouped by what the user is doing (Traffic, Server, Diagnosis, Recordings), as one
 * vertical tablist between the sidebar and the content. Every view is always rendered (a test or
 * a link can click any of them); compact shows icons only, with the name in the tooltip.
 */
export function ViewNav() {
  const m = useViewNavModel();
  return (
    <nav
      aria-label="Views"
      className={`flex shrink-0 flex-col border-r border-line bg-panel ${m.compact ? 'w-11' : 'w-[124px]'}`}
      data-testid="view-nav"
      data-compact={m.compact}
    >
      <div
        role="tablist"
        aria-orientation="vertical"
        aria-label="Views"
        className="min-h-0 flex-1 overflow-y-auto pb-1 [scrollbar-width:thin]"
        onBlur={m.onBlur}
        data-testid="view-tablist"
      >
        {m.groups.map((g, gi) => (
          <div key={g.id} role="presentation" data-testid={`view-group-${g.id}`}>
            {m.compact ? (
              <div
                role="presentation"
                className={`mx-2 mb-1 border-t ${gi === 0 ? 'border-transparent' : 'mt-1 border-line'}`}
                title={g.label}
              />
            ) : (
              <div
                role="presentation"
                className="px-2.5 pt-2.5 pb-0.5 text-[10px] font-semibold tracking-wide text-subtle uppercase select-none"
              >
                {g.label}
              </div>
            )}
            {g.views.map(({ view, index }) => (
              <ViewTab key={view.id} tab={view} index={index} m={m} />
            ))}
          </div>
        ))}
      </div>
      <button
        type="button"
        className="flex h-7 shrink-0 items-center justify-center gap-1 border-t border-line text-[11px] text-subtle hover:bg-hover hover:text-fg"
        onClick={m.toggleCompact}
        aria-pressed={m.compact}
        aria-label={m.compact ? 'Show view names' : 'Show icons only'}
        title={m.compact ? 'Show view names' : 'Icons only: more room for the views'}
        data-testid="view-nav-compact"
      >
        {m.compact ? '»' : '« icons only'}
      </button>
    </nav>
  );
}

function ViewTab({ tab, index, m }: { tab: TabDefinition; index: number; m: ViewNavModel }) {
  const badge = tab.useBadge?.() ?? null;
  const selected = tab.id === m.active;
  const chord = altChord(index);
  const badgeText = badge === null ? null : typeof badge === 'string' ? badge : badge.text;
  return (
    <button
      type="button"
      role="tab"
      id={`tab-${tab.id}`}
      ref={m.ref(tab.id)}
      aria-selected={selected}
      aria-controls={`panel-${tab.id}`}
      tabIndex={m.tabIndexOf(tab.id)}
      data-testid={`tab-${tab.id}`}
      title={chord ? `${tab.label} (${chord})` : tab.label}
      className={`relative flex w-full items-center gap-1.5 text-left text-xs ${m.compact ? 'h-8 justify-center' : 'h-6 pr-1.5 pl-2.5'} ${
        selected ? 'bg-selected font-medium text-fg' : 'text-muted hover:bg-hover hover:text-fg'
      }`}
      onClick={() => m.select(tab.id)}
      onFocus={() => m.onFocus(tab.id)}
      onKeyDown={(e) => m.onKeyDown(tab.id, e)}
    >
      {selected && <span className="absolute inset-y-0 left-0 w-0.5 bg-accent" aria-hidden />}
      {m.compact ? <ViewIcon id={tab.id} /> : null}
      <span className={m.compact ? 'sr-only' : 'min-w-0 flex-1 truncate'}>{tab.label}</span>
      {badgeText !== null && (
        <span
          className={
            m.compact
              ? 'absolute top-0.5 right-0.5 max-w-[26px] truncate rounded-full bg-raised px-1 text-[9px] leading-[13px] text-muted tabular-nums'
              : 'shrink-0 rounded-full bg-raised px-1.5 text-[10px] text-muted tabular-nums'
          }
          data-testid={`tab-badge-${tab.id}`}
          title={typeof badge === 'string' ? undefined : badge?.title}
        >
          {badgeText}
        </span>
      )}
    </button>
  );
}

import { useState } from 'react';
import { Welcome } from '../features/welcome/Welcome';
import { activeSessionStore, activeTabStore } from '../lib/uiState';
import { useValue } from '../lib/valueStore';
import { TABS } from './tabs';

/**
 * The views' panels (the navigation that selects them is ViewNav). A visited panel stays
 * mounted (hidden) so its state — filters, selection, scroll position, the composer's draft —
 * survives switching views.
 *
 * Session isolation: a session's panels are keyed by its id, so all their state
 * (selections, drafts, effects, query keys) belongs to that one session and none of it is
 * carried to another; switching sessions mounts only the view in sight, for the new session.
 * A leftover selection once re-read a resource of one server on another.
 *
 * With no session at all, a session view shows the Welcome screen instead (nothing to inspect
 * yet); the app-wide views (Traces, Compare) open as usual.
 */
export function TabArea() {
  const active = useValue(activeTabStore);
  const sessionId = useValue(activeSessionStore);
  const [visited, setVisited] = useState<{ sessionId: string | null; tabs: ReadonlySet<string> }>(() => ({
    sessionId,
    tabs: new Set([active]),
  }));
  if (visited.sessionId !== sessionId)
    setVisited({ sessionId, tabs: new Set([active, ...TABS.filter((t) => t.appWide && visited.tabs.has(t.id)).map((t) => t.id)]) });
  else if (!visited.tabs.has(active)) setVisited({ sessionId, tabs: new Set([...visited.tabs, active]) });

  const activeTab = TABS.find((t) => t.id === active);
  const welcome = sessionId === null && !activeTab?.appWide;
  return (
    <div className="relative min-h-0 flex-1">
      {TABS.filter((t) => visited.tabs.has(t.id) && visited.sessionId === sessionId && (sessionId !== null || t.appWide)).map(
        ({ id, component: Panel, appWide }) => (
          <div
            key={id}
            role="tabpanel"
            id={`panel-${id}`}
            aria-labelledby={`tab-${id}`}
            className="absolute inset-0 flex flex-col"
            hidden={id !== active}
            data-focus-target={`view:${id}`}
          >
            <Panel key={appWide ? 'app' : `session:${sessionId ?? ''}`} />
          </div>
        ),
      )}
      {welcome && (
        <div
          key="welcome"
          role="tabpanel"
          id={`panel-${active}`}
          aria-labelledby={`tab-${active}`}
          className="absolute inset-0 flex flex-col overflow-auto"
          data-testid="welcome-panel"
        >
          <Welcome />
        </div>
      )}
    </div>
  );
}

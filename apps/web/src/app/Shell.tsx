import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CommandPalette } from '../features/palette/CommandPalette';
import { PaletteButton } from '../features/palette/PaletteButton';
import { ServerRequestSheet } from '../features/serverRequests/ServerRequestSheet';
import { SessionSidebar } from './SessionSidebar';
import { OAuthWaitBanner } from '../features/oauth/OAuthWaitBanner';
import { SessionErrorBanner } from '../features/status/SessionErrorBanner';
import { AppQuestionBanner } from '../features/tools/app/AppQuestionBanner';
import { StatusBar } from '../features/status/StatusBar';
import { OfflineBanner } from '../features/traces/OfflineBanner';
import { TraceDropOverlay } from '../features/traces/TraceDropOverlay';
import { DemoGuide } from '../features/welcome/DemoGuide';
import { ACTIONS } from '../lib/actionCatalogue';
import { bindAction, runAreaKeys } from '../lib/actions';
import { ServerGuide } from '../features/welcome/ServerGuide';
import { useServices } from '../lib/services';
import { useSplitWidth } from '../ui/useSplitWidth';
import { TabArea } from './TabArea';
import { TABS, VIEW_GROUPS } from './tabs';
import { ThemeToggle } from './ThemeToggle';
import { displayOrder } from './viewNav';
import { ViewNav } from './ViewNav';

const GROUP_LABEL = new Map(VIEW_GROUPS.map((g) => [g.id, g.label]));
const PALETTE_VIEWS = displayOrder(TABS, VIEW_GROUPS).map(({ id, label, group }) => ({ id, label, group: GROUP_LABEL.get(group) }));

const SIDEBAR = { key: 'mcpscope.sidebar.width', initial: 280, min: 220, max: 480 } as const;

/**
 * The devtools layout: the sidebar (sessions, connect; resizable by its right edge), then the
 * status bar over the views navigation and the view in sight, and the server-request sheet.
 */
export function Shell() {
  const { api } = useServices();
  const info = useQuery({ queryKey: ['info'], queryFn: () => api.info(), staleTime: Infinity });
  const sidebar = useSplitWidth(SIDEBAR.key, SIDEBAR.initial, SIDEBAR.min, { edge: 'right', max: SIDEBAR.max });
  useSidebarKeys(sidebar.onKeyDown);
  return (
    <div className="flex h-full min-h-0 text-fg">
      <aside
        className="relative flex shrink-0 flex-col border-r border-line bg-panel"
        style={{ width: sidebar.width }}
        data-testid="sidebar"
      >
        <header className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-2">
          <Logo />
          <span className="font-semibold tracking-tight">mcpscope</span>
          {info.data && <span className="min-w-0 truncate text-[11px] text-subtle">v{info.data.version}</span>}
          <span className="flex-1" />
          <PaletteButton />
          <ThemeToggle />
        </header>
        {info.error && !(info.error as { unauthorized?: boolean }).unauthorized && (
          <div className="border-b border-line bg-danger/5 px-2 py-1 text-[11px] text-danger" role="alert">
            {info.error.message}
          </div>
        )}
        <SessionSidebar />
        <div
          {...sidebar.handleProps}
          onKeyDown={(e) => runAreaKeys('sidebar edge', e)}
          aria-label="Resize the sidebar (arrow keys; Enter restores)"
          title="Drag to resize · double-click restores"
          className="absolute inset-y-0 -right-[3px] z-10 w-[5px] cursor-col-resize hover:bg-accent/40 focus-visible:bg-accent/60 focus-visible:outline-none"
          data-testid="sidebar-resize"
        />
      </aside>
      <main className="flex min-w-0 flex-1 flex-col">
        <StatusBar />
        <div className="flex min-h-0 flex-1">
          <ViewNav />
          <div className="flex min-w-0 flex-1 flex-col">
            <SessionErrorBanner />
            <OAuthWaitBanner />
            <AppQuestionBanner />
            <OfflineBanner />
            <DemoGuide />
            <ServerGuide />
            <TabArea />
          </div>
        </div>
        <ServerRequestSheet />
        <CommandPalette views={PALETTE_VIEWS} />
        <TraceDropOverlay />
      </main>
    </div>
  );
}

function Logo() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden className="text-accent">
      <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10.6 10.6 14.5 14.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M4.5 7h5" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/** The sidebar edge's keys (the `sidebar.resize` action): what they do is useSplitWidth's. */
function useSidebarKeys(onKeyDown: (e: { key: string; shiftKey: boolean; preventDefault(): void }) => void): void {
  const latest = useRef(onKeyDown);
  latest.current = onKeyDown;
  useEffect(() => bindAction(ACTIONS.resizeSidebar, { perform: ({ event }) => void (event && latest.current(event)) }), []);
}

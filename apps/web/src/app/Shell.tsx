import { useQuery } from '@tanstack/react-query';
import { CommandPalette } from '../features/palette/CommandPalette';
import { PaletteButton } from '../features/palette/PaletteButton';
import { ServerRequestSheet } from '../features/serverRequests/ServerRequestSheet';
import { SessionSidebar } from './SessionSidebar';
import { SessionErrorBanner } from '../features/status/SessionErrorBanner';
import { StatusBar } from '../features/status/StatusBar';
import { OfflineBanner } from '../features/traces/OfflineBanner';
import { TraceDropOverlay } from '../features/traces/TraceDropOverlay';
import { DemoGuide } from '../features/welcome/DemoGuide';
import { useServices } from '../lib/services';
import { TabArea } from './TabArea';
import { TABS } from './tabs';
import { ThemeToggle } from './ThemeToggle';

const PALETTE_VIEWS = TABS.map(({ id, label }) => ({ id, label }));

/** The devtools layout: sidebar (sessions, connect), status bar, tabs, server-request tray. */
export function Shell() {
  const { api } = useServices();
  const info = useQuery({ queryKey: ['info'], queryFn: () => api.info(), staleTime: Infinity });
  return (
    <div className="flex h-full min-h-0 text-fg">
      <aside className="flex w-[300px] shrink-0 flex-col border-r border-line bg-panel">
        <header className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-2">
          <Logo />
          <span className="font-semibold tracking-tight">mcpscope</span>
          {info.data && <span className="text-[11px] text-subtle">v{info.data.version}</span>}
          <span className="flex-1" />
          <PaletteButton />
          <ThemeToggle />
        </header>
        {info.error && !(info.error as { unauthorized?: boolean }).unauthorized && (
          <div className="border-b border-line bg-danger/5 px-2 py-1 text-[11px] text-danger" role="alert">{info.error.message}</div>
        )}
        <SessionSidebar />
      </aside>
      <main className="flex min-w-0 flex-1 flex-col">
        <StatusBar />
        <SessionErrorBanner />
        <OfflineBanner />
        <DemoGuide />
        <TabArea />
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

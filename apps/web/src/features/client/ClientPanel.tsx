import { lazy, Suspense } from 'react';

// The tab's body loads when the tab is first shown, not with the app.
const ClientPanelBody = lazy(() => import('./ClientPanelBody'));

/** The Client tab (see ClientPanelBody). */
export function ClientPanel() {
  return (
    <Suspense fallback={<div className="p-4 text-xs text-muted">Loading…</div>}>
      <ClientPanelBody />
    </Suspense>
  );
}

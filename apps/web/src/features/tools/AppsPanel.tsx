import { lazy, Suspense } from 'react';

// Shares the Tools tab's chunk (form generator, app host): loads when the view is first shown.
const AppsWorkbench = lazy(() => import('./AppsWorkbench'));

export function AppsPanel() {
  return (
    <Suspense fallback={<div className="p-3 text-xs text-muted">Loading the Apps view…</div>}>
      <AppsWorkbench />
    </Suspense>
  );
}

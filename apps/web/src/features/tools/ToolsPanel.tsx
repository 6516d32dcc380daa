import { lazy, Suspense } from 'react';

// The workbench (form generator, JSON text edits, result renderers) loads when the tab is first shown.
const ToolsWorkbench = lazy(() => import('./ToolsWorkbench'));

export function ToolsPanel() {
  return (
    <Suspense fallback={<div className="p-3 text-xs text-muted">Loading the Tools tab…</div>}>
      <ToolsWorkbench />
    </Suspense>
  );
}

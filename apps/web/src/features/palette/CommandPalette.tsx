import { lazy, Suspense } from 'react';
import { useValue } from '../../lib/valueStore';
import { overlayStore } from './paletteStore';
import { useGlobalShortcuts } from './useGlobalShortcuts';

// The overlays load on first use; the chords that open them are bound from the start.
const PaletteDialog = lazy(() => import('./PaletteDialog'));
const ShortcutsHelp = lazy(() => import('./ShortcutsHelp'));

/** Ctrl/⌘-K: jump to any view, tool, resource or prompt, or run an action. Also hosts the `?` help. */
export function CommandPalette({ views }: { views: ReadonlyArray<{ id: string; label: string }> }) {
  useGlobalShortcuts();
  const overlay = useValue(overlayStore);
  return (
    <Suspense fallback={null}>
      {overlay === 'palette' && <PaletteDialog views={views} />}
      {overlay === 'help' && <ShortcutsHelp />}
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { useValue } from '../../lib/valueStore';
import { overlayStore } from './paletteStore';
import { useBuiltinActions } from './useBuiltinActions';
import { useGlobalShortcuts } from './useGlobalShortcuts';
import type { PaletteView } from './paletteItems';

// The overlays load on first use; the chords that open them are bound from the start.
const PaletteDialog = lazy(() => import('./PaletteDialog'));
const ShortcutsHelp = lazy(() => import('./ShortcutsHelp'));

/** Ctrl/⌘-K: jump to any view, tool, resource or prompt, or run an action. Also hosts the `?` help. */
export function CommandPalette({ views }: { views: readonly PaletteView[] }) {
  useGlobalShortcuts();
  useBuiltinActions();
  const overlay = useValue(overlayStore);
  return (
    <Suspense fallback={null}>
      {overlay === 'palette' && <PaletteDialog views={views} />}
      {overlay === 'help' && <ShortcutsHelp />}
    </Suspense>
  );
}

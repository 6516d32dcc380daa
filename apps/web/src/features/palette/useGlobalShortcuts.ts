import { useEffect } from 'react';
import { bindActionShortcuts, registerShortcut } from '../../lib/shortcuts';
import type { PaletteView } from './paletteItems';
import { overlayStore } from './paletteStore';

const toggle = (overlay: 'palette' | 'help') => overlayStore.set((o) => (o === overlay ? null : overlay));

/** Listed in the help only: the shell's navigation handles these keys itself (never matched here). */
const displayOnly = { group: 'Navigation', when: () => false, run: () => undefined };

/**
 * The app-wide chords: Ctrl/⌘-K (palette), ? (help), and the action chords every tab can
 * handle (call, re-run, cancel; see registerShortcutHandler in lib/shortcuts.ts). `views`, in
 * the navigation's display order, names what Alt+1…9 open.
 */
export function useGlobalShortcuts(views: readonly PaletteView[] = []): void {
  const altViews = views.slice(0, 9).map((v, i) => `${i + 1} ${v.label}`).join(', ');
  useEffect(() => {
    const offs = [
      registerShortcut({ id: 'palette.open', keys: 'Mod+K', description: 'Command palette: go to a tool, resource, prompt, view or action', group: 'General', inInputs: true, run: () => toggle('palette') }),
      registerShortcut({ id: 'help.open', keys: '?', description: 'Show this list of shortcuts', group: 'General', run: () => toggle('help') }),
      registerShortcut({ id: 'tabs.switch', keys: 'Alt+1…9', description: altViews ? `Open a view: ${altViews}` : 'Open the n-th view of the navigation', ...displayOnly }),
      registerShortcut({ id: 'nav.move', keys: '↑ ↓ Home End', description: 'In the views navigation: move between views', ...displayOnly }),
      registerShortcut({ id: 'nav.open', keys: 'Enter / Space', description: 'In the views navigation: open the focused view', ...displayOnly }),
      registerShortcut({ id: 'sidebar.resize', keys: '← →', description: 'On the sidebar’s edge: resize it (Home/End: limits, Enter: default width)', ...displayOnly }),
      bindActionShortcuts(),
    ];
    return () => offs.forEach((off) => off());
  }, [altViews]);
}

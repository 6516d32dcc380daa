import { useEffect } from 'react';
import { bindActionShortcuts, registerShortcut } from '../../lib/shortcuts';
import { overlayStore } from './paletteStore';

const toggle = (overlay: 'palette' | 'help') => overlayStore.set((o) => (o === overlay ? null : overlay));

/**
 * The app-wide chords: Ctrl/⌘-K (palette), ? (help), and the action chords every tab can
 * handle (call, re-run, cancel; see registerShortcutHandler in lib/shortcuts.ts).
 */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const offs = [
      registerShortcut({ id: 'palette.open', keys: 'Mod+K', description: 'Command palette: go to a tool, resource, prompt, view or action', group: 'General', inInputs: true, run: () => toggle('palette') }),
      registerShortcut({ id: 'help.open', keys: '?', description: 'Show this list of shortcuts', group: 'General', run: () => toggle('help') }),
      // Display only: TabArea handles Alt+digit itself.
      registerShortcut({ id: 'tabs.switch', keys: 'Alt+1…9', description: 'Switch to the n-th tab', group: 'General', run: () => undefined }),
      bindActionShortcuts(),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}

import { useEffect } from 'react';
import { ACTIONS } from '../../lib/actionCatalogue';
import { bindAction } from '../../lib/actions';
import { dispatchShortcutAction, hasShortcutHandler, type ShortcutAction } from '../../lib/shortcuts';
import { overlayStore } from './paletteStore';

const toggle = (overlay: 'palette' | 'help') => overlayStore.set((o) => (o === overlay ? null : overlay));

/**
 * The app-wide actions with keys: Ctrl/⌘-K (palette), ? (the shortcuts) and the chords every
 * tab can handle (call, re-run, cancel; see registerShortcutHandler in lib/shortcuts.ts).
 */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const tabAction = (action: ShortcutAction) => ({
      enabled: () => hasShortcutHandler(action),
      perform: () => dispatchShortcutAction(action),
    });
    const offs = [
      bindAction(ACTIONS.openPalette, { perform: () => toggle('palette') }),
      bindAction(ACTIONS.showShortcuts, { perform: ({ source }) => (source === 'keyboard' ? toggle('help') : overlayStore.set('help')) }),
      bindAction(ACTIONS.call, tabAction('call')),
      bindAction(ACTIONS.rerun, tabAction('rerun')),
      bindAction(ACTIONS.cancel, tabAction('cancel')),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}

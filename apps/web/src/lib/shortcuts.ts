import { activeTabStore } from './uiState';

/**
 * The standard chords every tab can give a meaning to: call (Mod+Enter), re-run
 * (Mod+Shift+Enter) and cancel (Escape), the `action.*` records of lib/actionCatalogue.ts. A tab
 * registers what they do for it; the shell (features/palette) binds the three actions once and
 * dispatches to the handlers of the visible tab.
 */
export type ShortcutAction = 'call' | 'rerun' | 'cancel';

interface ActionHandler {
  action: ShortcutAction;
  tab: string;
  /** Returning false passes the key on (e.g. nothing to cancel), so Escape still reaches others. */
  fn: () => boolean | void;
}

const actionHandlers: ActionHandler[] = [];

/**
 * Gives `action` a meaning while `tab` is shown; returns the function that removes it.
 * `tab` defaults to the tab visible when registering (a panel mounts when first shown); pass it
 * explicitly from effects that may re-run while the panel is hidden. Later registrations win.
 */
export function registerShortcutHandler(action: ShortcutAction, fn: () => boolean | void, options: { tab?: string } = {}): () => void {
  const entry: ActionHandler = { action, fn, tab: options.tab ?? activeTabStore.getSnapshot() };
  actionHandlers.push(entry);
  return () => {
    const i = actionHandlers.indexOf(entry);
    if (i >= 0) actionHandlers.splice(i, 1);
  };
}

export function hasShortcutHandler(action: ShortcutAction, tab = activeTabStore.getSnapshot()): boolean {
  return actionHandlers.some((h) => h.action === action && h.tab === tab);
}

/** Runs the newest handler of `action` for `tab` that accepts it; false when none did. */
export function dispatchShortcutAction(action: ShortcutAction, tab = activeTabStore.getSnapshot()): boolean {
  for (let i = actionHandlers.length - 1; i >= 0; i--) {
    const h = actionHandlers[i];
    if (h.action === action && h.tab === tab && h.fn() !== false) return true;
  }
  return false;
}

import { activeTabStore } from './uiState';
import { createValueStore } from './valueStore';

/**
 * A registry of keyboard shortcuts, so a help overlay or a command palette can list them and
 * panels do not each invent their own window listener. A shortcut is active while registered;
 * `when()` narrows it (e.g. only while its tab is visible).
 */
export interface Shortcut {
  id: string;
  /** e.g. "Mod+Enter", "Escape", "Alt+1"; Mod = Ctrl, or ⌘ on macOS. */
  keys: string;
  description: string;
  /** Tab or area it belongs to, for grouping in a help list. */
  group?: string;
  when?: () => boolean;
  run: (e: KeyboardEvent) => void;
  /** Also fire while focus is in a text field (default: true for Mod+ and Escape chords). */
  inInputs?: boolean;
}

export const shortcutsStore = createValueStore<readonly Shortcut[]>([]);

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Whether `e` is the chord `keys` ("Mod+Shift+K", "Escape"). */
export function matchesKeys(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, keys: string, mac = isMac()): boolean {
  const parts = keys.split('+');
  const key = parts.pop()!.toLowerCase();
  const want = new Set(parts.map((p) => p.toLowerCase()));
  const ctrl = want.has('ctrl') || (!mac && want.has('mod'));
  const meta = want.has('meta') || (mac && want.has('mod'));
  // A symbol ("?", "/") is typed with whatever Shift the keyboard layout needs: Shift is not part of it.
  const symbol = key.length === 1 && !/[a-z0-9]/.test(key);
  const shiftOk = symbol ? !want.has('shift') || e.shiftKey : e.shiftKey === want.has('shift');
  return e.ctrlKey === ctrl && e.metaKey === meta && e.altKey === want.has('alt') && shiftOk && e.key.toLowerCase() === key;
}

function isTextField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.closest('input, textarea, select, [contenteditable="true"], .monaco-editor') !== null;
}

let installed = false;

function install(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('keydown', (e) => {
    if (e.defaultPrevented) return;
    for (const s of [...shortcutsStore.getSnapshot()].reverse()) {
      if (!matchesKeys(e, s.keys)) continue;
      const chord = /(^|\+)(mod|ctrl|alt)\+/i.test(s.keys) || s.keys === 'Escape';
      if (isTextField(e.target) && !(s.inInputs ?? chord)) continue;
      if (s.when && !s.when()) continue;
      e.preventDefault();
      s.run(e);
      return;
    }
  });
}

/** Registers a shortcut; returns the function that removes it. Later registrations win. */
export function registerShortcut(shortcut: Shortcut): () => void {
  install();
  shortcutsStore.set((list) => [...list.filter((s) => s.id !== shortcut.id), shortcut]);
  return () => shortcutsStore.set((list) => list.filter((s) => s !== shortcut));
}

/**
 * The standard chords every tab can give a meaning to: call (Mod+Enter), re-run
 * (Mod+Shift+Enter) and cancel (Escape). A tab registers what they do for it; the shell
 * (features/palette) binds the chords once and dispatches to the handlers of the visible tab.
 */
export type ShortcutAction = 'call' | 'rerun' | 'cancel';

export const ACTION_SHORTCUTS: Record<ShortcutAction, { keys: string; description: string }> = {
  call: { keys: 'Mod+Enter', description: 'Call / send in the active tab' },
  rerun: { keys: 'Mod+Shift+Enter', description: 'Re-run the last call in the active tab' },
  cancel: { keys: 'Escape', description: 'Cancel the running call in the active tab' },
};

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

/** Binds the action chords in the registry (idempotent by id); returns the function that unbinds them. */
export function bindActionShortcuts(): () => void {
  const offs = (Object.keys(ACTION_SHORTCUTS) as ShortcutAction[]).map((action) =>
    registerShortcut({
      id: `action.${action}`,
      keys: ACTION_SHORTCUTS[action].keys,
      description: ACTION_SHORTCUTS[action].description,
      group: 'Active tab',
      when: () => hasShortcutHandler(action),
      run: () => void dispatchShortcutAction(action),
    }),
  );
  return () => offs.forEach((off) => off());
}

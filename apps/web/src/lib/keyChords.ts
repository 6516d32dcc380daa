/** The part of a KeyboardEvent (DOM or React) a chord is matched against. */
export type KeyChord = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'> & Partial<Pick<KeyboardEvent, 'code'>>;

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Whether `e` is the chord `keys` ("Mod+Shift+K", "Escape"); Mod = Ctrl, or ⌘ on macOS. */
export function matchesKeys(e: KeyChord, keys: string, mac = isMac()): boolean {
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

/** Focus is where typing goes (a field, an editor): single keys are text there, not shortcuts. */
export function isTextField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.closest('input, textarea, select, [contenteditable="true"], .monaco-editor') !== null;
}

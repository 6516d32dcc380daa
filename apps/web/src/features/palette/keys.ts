/** "Mod+Shift+Enter" as the user's keyboard labels it: "Ctrl+Shift+Enter", or "⌘⇧↵" on macOS. */
export function formatKeys(keys: string, mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)): string {
  const parts = keys.split('+');
  if (!mac) return parts.map((p) => (p === 'Mod' ? 'Ctrl' : p)).join('+');
  const SYMBOL: Record<string, string> = { Mod: '⌘', Meta: '⌘', Ctrl: '⌃', Alt: '⌥', Shift: '⇧', Enter: '↵', Escape: 'Esc' };
  return parts.map((p) => SYMBOL[p] ?? p).join('');
}

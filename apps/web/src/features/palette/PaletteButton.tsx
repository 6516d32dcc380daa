import { formatKeys } from './keys';
import { openPalette } from './paletteStore';

/** A visible way into the command palette for people who do not know Ctrl/⌘-K yet. */
export function PaletteButton() {
  return (
    <button className="btn btn-ghost px-1.5 text-[11px] text-muted" onClick={openPalette} title="Command palette" data-testid="palette-button">
      <kbd className="font-mono">{formatKeys('Mod+K')}</kbd>
    </button>
  );
}

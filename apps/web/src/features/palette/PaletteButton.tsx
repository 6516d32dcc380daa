import { ACTIONS } from '../../lib/actionCatalogue';
import { performAction } from '../../lib/actions';
import { formatKeys } from './keys';

/** A visible way into the command palette for people who do not know Ctrl/⌘-K yet (the `palette.open` action). */
export function PaletteButton() {
  return (
    <button
      className="btn btn-ghost px-1.5 text-[11px] text-muted"
      onClick={() => performAction(ACTIONS.openPalette.id, { source: 'button' })}
      title={ACTIONS.openPalette.label}
      data-testid="palette-button"
    >
      <kbd className="font-mono">{formatKeys(ACTIONS.openPalette.keys)}</kbd>
    </button>
  );
}

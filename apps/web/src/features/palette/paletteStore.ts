import { createValueStore } from '../../lib/valueStore';

/** Which overlay of the palette feature is open: the command palette, the shortcuts help, or none. */
export type PaletteOverlay = 'palette' | 'help' | null;

export const overlayStore = createValueStore<PaletteOverlay>(null);

export const closeOverlay = () => overlayStore.set(null);

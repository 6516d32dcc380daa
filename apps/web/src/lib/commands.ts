import { createValueStore } from './valueStore';

/**
 * Actions any feature offers to the command palette ("Clear the Frames filter"…), registered
 * while the feature is mounted. The palette lists them next to its own; features stay
 * independent of each other and of the palette.
 */
export interface PaletteCommand {
  id: string;
  title: string;
  /** Extra words the fuzzy search matches, e.g. "reset query". */
  keywords?: string;
  /** A chord to show next to it, e.g. "Mod+Enter" (display only). */
  shortcut?: string;
  /** Hidden from the palette while this returns false. */
  when?: () => boolean;
  run: () => void;
}

export const commandsStore = createValueStore<readonly PaletteCommand[]>([]);

/** Registers a command; returns the function that removes it. A later one with the same id replaces it. */
export function registerCommand(command: PaletteCommand): () => void {
  commandsStore.set((list) => [...list.filter((c) => c.id !== command.id), command]);
  return () => commandsStore.set((list) => list.filter((c) => c !== command));
}

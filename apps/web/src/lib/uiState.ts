import { createValueStore } from './valueStore';

/**
 * UI state shared across features (features never import each other; they meet here):
 * the session being inspected and the tab in view.
 */
export const activeSessionStore = createValueStore<string | null>(null);
export const activeTabStore = createValueStore<string>('frames');

/** A request to show one frame, e.g. from a "view in Frames" link outside the Frames tab. */
export const frameFocusStore = createValueStore<{ sessionId: string; seq: number } | null>(null);

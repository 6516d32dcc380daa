import { createValueStore } from './valueStore';

/**
 * UI state shared across features (features never import each other; they meet here):
 * the session being inspected and the tab in view.
 */
export const activeSessionStore = createValueStore<string | null>(null);
export const activeTabStore = createValueStore<string>('frames');

/**
 * A request to show one frame, e.g. from a "view in Frames" link outside the Frames tab.
 * `index` (the frame's ordinal) lets the Frames tab page back a frame that left memory.
 */
export const frameFocusStore = createValueStore<{ sessionId: string; seq: number; index?: number } | null>(null);

/** A request to show the Frames tab with a filter (e.g. the Notifications tab's "older on disk"). */
export const frameFilterRequestStore = createValueStore<{
  sessionId: string;
  kind?: 'notification';
  method?: string | null;
  text?: string;
} | null>(null);

/**
 * A request to bring the sidebar's Connect form into view and focus its first field (the
 * Welcome screen's "Connect a server"): a counter, so asking twice focuses twice.
 */
export const connectFocusStore = createValueStore<number>(0);

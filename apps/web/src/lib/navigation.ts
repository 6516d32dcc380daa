import { activeTabStore, frameFocusStore } from './uiState';
import { createValueStore } from './valueStore';

/**
 * "Go to this tool / resource / prompt": a jump request any feature can make (the command
 * palette, a link in a result) and the owning tab consumes. `tab` is the tab id to show.
 */
export interface NavigationTarget {
  kind: 'tool' | 'resource' | 'prompt' | 'frame';
  /** For `frame`: the frame's seq as a string. */
  name: string;
}

export interface NavigationRequest {
  tab: string;
  target?: NavigationTarget;
  /** Grows with each request, so asking twice for the same target still jumps. */
  n: number;
}

export const navigationStore = createValueStore<NavigationRequest | null>(null);

let counter = 0;

/** Shows `tab` and records the target for the tab to select. */
export function navigate(tab: string, target?: NavigationTarget): void {
  navigationStore.set({ tab, target, n: ++counter });
  activeTabStore.set(tab);
}

/** Jumps to the Tools tab with `name` selected. */
export const toolsNavigation = {
  selectTool: (name: string) => navigate('tools', { kind: 'tool', name }),
};

/**
 * Jumps to the Frames tab with frame `seq` of `sessionId` selected (the Frames tab consumes
 * frameFocusStore). `index`: the frame's ordinal, so a frame that left memory is paged back.
 */
export const framesNavigation = {
  showFrame(sessionId: string, seq: number, index?: number): void {
    frameFocusStore.set(index === undefined ? { sessionId, seq } : { sessionId, seq, index });
    navigate('frames', { kind: 'frame', name: String(seq) });
  },
};

import { useEffect, useRef } from 'react';
import { activeSessionStore, activeTabStore, frameFilterRequestStore, frameFocusStore } from './uiState';
import { createValueStore, useValue } from './valueStore';

/**
 * "Go to this tool / resource / prompt": a jump request any feature can make (the command
 * palette, a link in a result) and the owning tab consumes. `tab` is the tab id to show.
 */
export interface NavigationTarget {
  kind: 'tool' | 'resource' | 'prompt' | 'frame' | 'task';
  /** For `frame`: the frame's seq as a string. */
  name: string;
}

export interface NavigationRequest {
  tab: string;
  /** The session the request is about (the active one when it was made): never applied to another. */
  sessionId: string | null;
  target?: NavigationTarget;
  /** Grows with each request, so asking twice for the same target still jumps. */
  n: number;
}

export const navigationStore = createValueStore<NavigationRequest | null>(null);

let counter = 0;

/** Shows `tab` and records the target for the tab to select. */
export function navigate(tab: string, target?: NavigationTarget): void {
  navigationStore.set({ tab, sessionId: activeSessionStore.getSnapshot(), target, n: ++counter });
  activeTabStore.set(tab);
}

/**
 * Applies, once, a jump to a `kind` target of `sessionId` and then clears it, so a panel that
 * mounts later (another session, a reload of the tab, switching back) never replays an old jump
 * — a stale "go to resource" once re-read a URI on whichever session was shown.
 */
export function useNavigationTarget(kind: NavigationTarget['kind'], sessionId: string | null, apply: (name: string) => void): void {
  const nav = useValue(navigationStore);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!nav?.target || nav.target.kind !== kind || nav.sessionId !== sessionId || sessionId === null) return;
    navigationStore.set(null);
    applyRef.current(nav.target.name);
  }, [nav, kind, sessionId]);
}

/** Jumps to the Tools tab with `name` selected. */
export const toolsNavigation = {
  selectTool: (name: string) => navigate('tools', { kind: 'tool', name }),
};

/** Jumps to the Tasks tab with task `taskId` of the active session selected. */
export const tasksNavigation = {
  showTask: (taskId: string) => navigate('tasks', { kind: 'task', name: taskId }),
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
  /** Shows the Frames tab of `sessionId` with the filter text `text` (e.g. `method:tools/call`). */
  showFiltered(sessionId: string, text: string): void {
    frameFilterRequestStore.set({ sessionId, text });
    activeTabStore.set('frames');
  },
};

/**
 * Opens a URI in the Resources tab of the active session: selected, and read (resources/read,
 * origin `resources: read`) because the user asked — a listed resource, a template's expansion
 * or a URI the server never listed alike (a resource link in a tool result, an embedded resource).
 */
export const resourcesNavigation = {
  openResource: (uri: string) => navigate('resources', { kind: 'resource', name: uri }),
};

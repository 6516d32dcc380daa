import { createValueStore } from './valueStore';

/**
 * Which server→client request the request sheet shows, and whether it is minimized. Shared so
 * that other views (the Client tab, the command palette) can bring a waiting request forward.
 */
export interface ServerRequestSheetState {
  minimized: boolean;
  /** `${sessionId}\u0000${requestId}` of the request to show; null shows the oldest. */
  selectedKey: string | null;
}

export const serverRequestSheetStore = createValueStore<ServerRequestSheetState>({ minimized: false, selectedKey: null });

export const serverRequestKey = (r: { sessionId: string; requestId: string }) => `${r.sessionId}\u0000${r.requestId}`;

/** Shows the sheet with this request selected. */
export function showServerRequest(r: { sessionId: string; requestId: string }): void {
  serverRequestSheetStore.set({ minimized: false, selectedKey: serverRequestKey(r) });
}

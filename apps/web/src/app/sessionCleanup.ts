import type { QueryClient } from '@tanstack/react-query';
import { forgetHistory } from '../features/composer/composerHistory';
import { forgetPins } from '../features/frames/pinnedFrames';
import { composerPrefillStore } from '../lib/composerPrefill';
import type { EventStore } from '../lib/eventStore';
import { navigationStore } from '../lib/navigation';
import { serverRequestKey, serverRequestSheetStore } from '../lib/serverRequestSheet';
import { frameFilterRequestStore, frameFocusStore } from '../lib/uiState';

/**
 * What the app keeps about a session outside its SessionState, dropped when the store disposes
 * the session: the query cache of its requests (every per-session query key starts with the
 * session id), what is remembered in localStorage for a reload (pins, the Composer's history)
 * and any one-shot request still naming it (a jump to a frame, a prefill, the selected server
 * request). Returns the function that stops it.
 */
export function forgetRemovedSessions(store: Pick<EventStore, 'onSessionDisposed'>, queryClient: QueryClient): () => void {
  return store.onSessionDisposed((sessionId) => {
    queryClient.removeQueries({ queryKey: [sessionId] });
    forgetPins(sessionId);
    forgetHistory(sessionId);
    if (frameFocusStore.getSnapshot()?.sessionId === sessionId) frameFocusStore.set(null);
    if (frameFilterRequestStore.getSnapshot()?.sessionId === sessionId) frameFilterRequestStore.set(null);
    if (composerPrefillStore.getSnapshot()?.sessionId === sessionId) composerPrefillStore.set(null);
    if (navigationStore.getSnapshot()?.sessionId === sessionId) navigationStore.set(null);
    const selected = serverRequestSheetStore.getSnapshot().selectedKey;
    if (selected?.startsWith(serverRequestKey({ sessionId, requestId: '' })))
      serverRequestSheetStore.set((s) => ({ ...s, selectedKey: null }));
  });
}

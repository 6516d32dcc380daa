import type { SessionEvent } from '@mcpscope/protocol';
import type { EventStore } from './eventStore';
import type { TracesApi } from './tracesApi';

export const PAGE_SIZE = 20_000;
/** A longer trace is not loaded into the browser: its views page frames from disk like a live session's. */
export const MAX_LOADED_EVENTS = 50_000;

/**
 * An offline session's /ws backlog carries only its last page. When the trace is longer but has
 * at most MAX_LOADED_EVENTS events, every event from seq 1 is fetched with GET …/events in pages
 * and the session's log is rebuilt, so every view (frames, console, timeline, tools history) sees
 * the whole trace (within the memory budget). Bigger traces, and live sessions, rely on paging
 * (lib/framePager.ts). Returns how many events were loaded, or 0 when nothing was.
 */
export async function loadOfflinePages(store: EventStore, api: Pick<TracesApi, 'events'>, sessionId: string): Promise<number> {
  const state = store.session(sessionId);
  const info = state?.pageInfo;
  const offline = state?.info?.offline === true;
  if (!offline || !info || info.firstSeq <= 1 || info.lastSeq - info.firstSeq + 1 >= info.total || info.total > MAX_LOADED_EVENTS) return 0;
  const events: SessionEvent[] = [];
  let from = 0;
  while (events.length < MAX_LOADED_EVENTS) {
    const page = await api.events(sessionId, from, PAGE_SIZE);
    if (page.length === 0) break;
    events.push(...page);
    from = page[page.length - 1].seq + 1;
    if (from > info.lastSeq || page.length < PAGE_SIZE) break;
  }
  store.replaceLog(sessionId, events);
  return events.length;
}

/** Starts loading once per session (a reconnect's repeated page info does not reload). */
export function offlinePageLoader(store: EventStore, api: Pick<TracesApi, 'events'>) {
  return (sessionId: string) => {
    if (!store.startLoad(sessionId, 'offline-pages')) return;
    // The page info is applied with the rest of its batch (the session's info too): load after it.
    queueMicrotask(() => {
      store.flush();
      loadOfflinePages(store, api, sessionId).catch((err) => {
        store.endLoad(sessionId, 'offline-pages');
        console.warn('mcpscope: could not page in the offline trace', err);
      });
    });
  };
}

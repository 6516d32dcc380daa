import { createApiClient } from '../lib/api';
import { EventStore } from '../lib/eventStore';
import { earlierFindingsLoader } from '../lib/earlierFindings';
import { offlinePageLoader } from '../lib/offlinePages';
import { createTracesApi } from '../lib/tracesApi';
import type { Services } from '../lib/services';
import { connectSocket, socketUrl, type SocketClient } from '../lib/ws';

export interface RunningApp {
  services: Services;
  socket: SocketClient;
}

/** Wires the API client, the event store and the socket for one token. */
export function startApp(token: string): RunningApp {
  const api = createApiClient({ token });
  const store = new EventStore();
  const tracesApi = createTracesApi(api);
  const loadPages = offlinePageLoader(store, tracesApi);
  const loadEarlierFindings = earlierFindingsLoader(store, tracesApi);
  // The browser keeps the same per-session memory budget as the engine (`--memory-budget`).
  api.info().then(
    (info) => info.memoryBudget && store.setMemoryBudget(info.memoryBudget),
    () => undefined, // the app shows the proxy's absence elsewhere; the default budget stays
  );
  const socket = connectSocket({
    url: socketUrl(window.location, token),
    // The backlog after `hello` includes the pending server requests, so no extra fetch is
    // needed (one would race with `server-request-done` and could resurrect an answered request).
    onMessage: (message) => {
      store.enqueue(message);
      if (message.type !== 'session-page-info') return;
      loadPages(message.sessionId);
      loadEarlierFindings(message.sessionId, message.firstFrame);
    },
    onStatus: (status, detail) => store.setSocketStatus(status, detail),
    onInvalid(error) {
      console.warn('mcpscope: dropped an invalid socket message', error);
      store.noteInvalidMessage();
    },
  });
  return { services: { api, store }, socket };
}

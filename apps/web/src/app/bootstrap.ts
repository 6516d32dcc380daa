import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, createApiClient } from '../lib/api';
import { EventStore } from '../lib/eventStore';
import { earlierFindingsLoader } from '../lib/earlierFindings';
import { offlinePageLoader } from '../lib/offlinePages';
import { createTracesApi } from '../lib/tracesApi';
import type { Services } from '../lib/services';
import { connectSocket, socketUrl, type SocketClient } from '../lib/ws';
import { forgetRemovedSessions } from './sessionCleanup';

export interface RunningApp {
  services: Services;
  socket: SocketClient;
  queryClient: QueryClient;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (n, err) => !(err instanceof ApiRequestError && err.unauthorized) && n < 2, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Wires the API client, the event store, the query cache and the socket for one token. */
export function startApp(token: string): RunningApp {
  const api = createApiClient({ token });
  const tracesApi = createTracesApi(api);
  const queryClient = createQueryClient();
  const store: EventStore = new EventStore(undefined, undefined, {
    fetchFrames: (sessionId, index, limit) => tracesApi.frames(sessionId, index, limit),
    fetchEvents: (sessionId, from, limit) => tracesApi.events(sessionId, from, limit),
    // Called while a batch is applied, after these are made.
    onPageInfo(sessionId, info) {
      loadPages(sessionId);
      loadEarlierFindings(sessionId, info.firstFrame);
    },
  });
  const loadPages = offlinePageLoader(store, tracesApi);
  const loadEarlierFindings = earlierFindingsLoader(store, tracesApi);
  forgetRemovedSessions(store, queryClient);
  // The browser keeps the same per-session memory budget as the engine (`--memory-budget`).
  api.info().then(
    (info) => info.memoryBudget && store.setMemoryBudget(info.memoryBudget),
    () => undefined, // the app shows the proxy's absence elsewhere; the default budget stays
  );
  // The backlog after `hello` includes the pending server requests, so no extra fetch is
  // needed (one would race with `server-request-done` and could resurrect an answered request).
  const socket = connectSocket({
    url: socketUrl(window.location, token),
    onMessage: store.enqueue,
    onStatus: store.setSocketStatus,
    onInvalid(error) {
      console.warn('mcpscope: dropped an invalid socket message', error);
      store.noteInvalidMessage();
    },
  });
  return { services: { api, store }, socket, queryClient };
}

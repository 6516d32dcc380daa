import { createApiClient } from '../lib/api';
import { EventStore } from '../lib/eventStore';
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
  const refreshPending = () =>
    api.listServerRequests().then(
      (requests) => store.mergePendingServerRequests(requests),
      (err: unknown) => console.warn('mcpscope: could not list pending server requests', err),
    );
  const socket = connectSocket({
    url: socketUrl(window.location, token),
    onMessage(message) {
      store.enqueue(message);
      // After a (re)connect the backlog is complete; ask for requests still waiting for an answer.
      if (message.type === 'ready') void refreshPending();
    },
    onStatus: (status, detail) => store.setSocketStatus(status, detail),
    onInvalid(error) {
      console.warn('mcpscope: dropped an invalid socket message', error);
      store.noteInvalidMessage();
    },
  });
  return { services: { api, store }, socket };
}

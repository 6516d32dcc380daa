import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from './api';
import type { EventStore, StoreSnapshot } from './eventStore';
import type { SessionLog } from './sessionLog';
import type { SessionSlot, SessionState } from './sessionState';

/** What every feature needs from the app: the API client and the event store. */
export interface Services {
  api: ApiClient;
  store: EventStore;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}

/** Reads a slice of the store; re-renders only when the selected value changes (Object.is). */
export function useStoreSelector<T>(selector: (snapshot: StoreSnapshot) => T): T {
  const { store } = useServices();
  const get = () => selector(store.getSnapshot());
  return useSyncExternalStore(store.subscribe, get, get);
}

/** Everything the store holds for a session (undefined: none, or not heard of yet); re-renders when it appears or goes. */
export function useSessionState(sessionId: string | null): SessionState | undefined {
  const { store } = useServices();
  const get = () => store.session(sessionId);
  return useSyncExternalStore(store.subscribe, get, get);
}

/** A session's log and its version; re-renders when the log grows. */
export function useSessionLog(sessionId: string | null): { log: SessionLog | undefined; version: number } {
  const { store } = useServices();
  const get = () => store.session(sessionId)?.log;
  const log = useSyncExternalStore(store.subscribe, get, get);
  const version = useSyncExternalStore(
    store.subscribe,
    () => log?.version ?? -1,
    () => log?.version ?? -1,
  );
  return { log, version };
}

/** A feature's per-session value (`slot.empty` without one, or without a session). */
export function useSessionSlot<T>(sessionId: string | null, slot: SessionSlot<T>): T {
  const { store } = useServices();
  const get = () => {
    const state = store.session(sessionId);
    return state ? state.get(slot) : slot.empty;
  };
  return useSyncExternalStore(store.subscribe, get, get);
}

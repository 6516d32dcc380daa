import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from './api';
import type { EventStore, StoreSnapshot } from './eventStore';
import type { SessionLog } from './sessionLog';

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

/** A session's log and its version; re-renders when the log grows. */
export function useSessionLog(sessionId: string | null): { log: SessionLog | undefined; version: number } {
  const { store } = useServices();
  const version = useStoreSelector((s) => (sessionId ? (s.logs.get(sessionId)?.version ?? -1) : -1));
  return { log: sessionId ? store.log(sessionId) : undefined, version };
}

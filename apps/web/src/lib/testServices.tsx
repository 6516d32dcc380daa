import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from './api';
import { EventStore } from './eventStore';
import { ServicesProvider } from './services';
import { createTracesApi } from './tracesApi';

/** A wrapper for renderHook/render: a synchronous store (its pagers read frames through the API), a fresh QueryClient and a stub API. */
export function testServices(api: Partial<ApiClient> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const fullApi = new Proxy(api, {
    get: (target, prop: string) => (target as Record<string, unknown>)[prop] ?? (() => new Promise(() => undefined)),
  }) as ApiClient;
  const traces = createTracesApi(fullApi);
  const store = new EventStore((fn) => fn(), undefined, {
    fetchFrames: (sessionId, index, limit) => traces.frames(sessionId, index, limit),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ServicesProvider services={{ api: fullApi, store }}>{children}</ServicesProvider>
    </QueryClientProvider>
  );
  return { store, queryClient, wrapper, api: fullApi };
}

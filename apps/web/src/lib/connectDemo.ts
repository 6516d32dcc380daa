import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionConfigInput } from '@mcpscope/wire';
import { connectFailureDetails } from './api';
import { useServices } from './services';
import { activeSessionStore, activeTabStore } from './uiState';

/**
 * POST /api/sessions and show the new session's frames; a failed start selects the failed
 * session (it stays listed with its stderr), whose banner and Console explain why.
 * The Connect form, the Welcome screen and the command palette all start sessions through this.
 */
export function useCreateSession(options?: () => { traceContext?: boolean; collectServerSpans?: boolean }) {
  const { api, store } = useServices();
  return useMutation({
    mutationFn: (config: SessionConfigInput) => api.createSession(config, options?.()),
    onSuccess: (session) => {
      store.upsertSession(session);
      activeSessionStore.set(session.id);
      activeTabStore.set('frames');
    },
    onError: (err) => {
      const failedId = connectFailureDetails(err)?.sessionId;
      if (failedId) activeSessionStore.set(failedId);
    },
  });
}

/** "Start the demo" from anywhere: the embedded demo server's config from GET /api/info, started as above. */
export function useConnectDemo() {
  const { api } = useServices();
  const info = useQuery({ queryKey: ['info'], queryFn: () => api.info(), staleTime: Infinity });
  const connect = useCreateSession();
  const start = () => {
    const demo = info.data?.demo;
    if (demo) connect.mutate(demo);
  };
  return {
    /** This build ships the demo server (false while /api/info is loading). */
    available: Boolean(info.data?.demo),
    pending: connect.isPending,
    error: connect.error,
    start,
  };
}

import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionInfo } from '@mcpscope/wire';
import { useServices, useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';

/** Picks the session to show when the current choice is gone: the newest one. */
export function fallbackSession(sessions: readonly SessionInfo[], activeId: string | null): string | null {
  if (activeId && sessions.some((s) => s.id === activeId)) return activeId;
  return sessions.length ? sessions[sessions.length - 1].id : null;
}

export function useSessionListModel() {
  const { api, store } = useServices();
  const sessions = useStoreSelector((s) => s.sessions);
  const pending = useStoreSelector((s) => s.pending);
  const activeId = useValue(activeSessionStore);

  useEffect(() => {
    const next = fallbackSession(sessions, activeId);
    if (next !== activeId) activeSessionStore.set(next);
  }, [sessions, activeId]);

  const close = useMutation({ mutationFn: (id: string) => api.closeSession(id) });
  const forget = useMutation({
    mutationFn: (id: string) => api.forgetSession(id),
    // The socket reports the removal too; applying it now keeps the list honest if it is down.
    onSuccess: (_r, id) => store.enqueue({ type: 'session-removed', sessionId: id }),
  });

  return {
    sessions,
    activeId,
    select: (id: string) => activeSessionStore.set(id),
    pendingCount: (id: string) => pending.filter((p) => p.sessionId === id).length,
    close: (id: string) => close.mutate(id),
    forget: (id: string) => forget.mutate(id),
    busyId: close.isPending ? close.variables : forget.isPending ? forget.variables : undefined,
    error: close.error ?? forget.error,
  };
}

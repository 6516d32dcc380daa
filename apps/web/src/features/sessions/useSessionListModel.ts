import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SessionInfo } from '@mcpscope/wire';
import { useServices, useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';

/**
 * Picks the session to show when there is no choice or the chosen one was removed: the newest.
 * A chosen id not seen yet is kept: the API can name a session (e.g. one that failed to
 * connect) a moment before the socket reports it.
 */
export function fallbackSession(sessions: readonly SessionInfo[], activeId: string | null, seen: ReadonlySet<string> = new Set()): string | null {
  if (activeId && sessions.some((s) => s.id === activeId)) return activeId;
  if (activeId && !seen.has(activeId)) return activeId;
  return sessions.length ? sessions[sessions.length - 1].id : null;
}

export function useSessionListModel() {
  const { api, store } = useServices();
  const sessions = useStoreSelector((s) => s.sessions);
  const pending = useStoreSelector((s) => s.pending);
  const activeId = useValue(activeSessionStore);

  const seen = useRef(new Set<string>());
  useEffect(() => {
    for (const s of sessions) seen.current.add(s.id);
    const next = fallbackSession(sessions, activeId, seen.current);
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

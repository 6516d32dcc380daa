import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SessionInfo } from '@mcpscope/wire';
import { useServices, useStoreSelector } from '../../lib/services';
import { sessionKind, sessionLabels } from '../../lib/sessionLabel';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { groupSessions } from './sessionGroups';

/**
 * Picks the session to show when there is no choice or the chosen one was removed: the newest
 * live one (the top of the list), else the newest. A chosen id not seen yet is kept: the API can
 * name a session (e.g. one that failed to connect) a moment before the socket reports it.
 */
export function fallbackSession(
  sessions: readonly SessionInfo[],
  activeId: string | null,
  seen: ReadonlySet<string> = new Set(),
): string | null {
  if (activeId && sessions.some((s) => s.id === activeId)) return activeId;
  if (activeId && !seen.has(activeId)) return activeId;
  const live = sessions.filter((s) => sessionKind(s) === 'live');
  const pool = live.length ? live : sessions;
  return pool.length ? pool[pool.length - 1]!.id : null;
}

/** Presenter of the session list: groups, labels, select, rename, close and remove (one or a group). */
export function useSessionListModel() {
  const { api, store } = useServices();
  const sessions = useStoreSelector((s) => s.sessions);
  const activeId = useValue(activeSessionStore);
  const [editingId, setEditingId] = useState<string | null>(null);

  const seen = useRef(new Set<string>());
  useEffect(() => {
    for (const s of sessions) seen.current.add(s.id);
    const next = fallbackSession(sessions, activeId, seen.current);
    // A removed session is remembered only while it is still the chosen one.
    for (const id of seen.current) if (id !== next && id !== activeId && !sessions.some((s) => s.id === id)) seen.current.delete(id);
    if (next !== activeId) activeSessionStore.set(next);
  }, [sessions, activeId]);

  const groups = useMemo(() => groupSessions(sessions), [sessions]);
  const labels = useMemo(() => sessionLabels(sessions), [sessions]);

  // The socket reports removals and renames too; applying the reply now keeps the list honest if it is down.
  const removed = (id: string) => store.removeSession(id);
  const close = useMutation({ mutationFn: (id: string) => api.closeSession(id) });
  const forget = useMutation({ mutationFn: (id: string) => api.forgetSession(id), onSuccess: (_r, id) => removed(id) });
  const clear = useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => api.forgetSession(id).then(() => removed(id))));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string | null }) => api.renameSession(id, name),
    onSuccess: (session) => store.upsertSession(session),
  });

  const busy = new Set<string>([
    ...(close.isPending && close.variables ? [close.variables] : []),
    ...(forget.isPending && forget.variables ? [forget.variables] : []),
    ...(clear.isPending && clear.variables ? clear.variables : []),
  ]);

  return {
    sessions,
    groups,
    labelOf: (id: string) => labels.get(id)!,
    activeId,
    select: (id: string) => activeSessionStore.set(id),
    close: (id: string) => close.mutate(id),
    forget: (id: string) => forget.mutate(id),
    /** Removes every session of a group (its heading's Clear button). */
    clearGroup: (ids: string[]) => clear.mutate(ids),
    isBusy: (id: string) => busy.has(id),
    editingId,
    startRename: (id: string) => setEditingId(id),
    cancelRename: () => setEditingId(null),
    /**
     * Saves the inline edit: a changed text names the session, an empty one restores the
     * automatic label, the unchanged label does nothing (it would pin today's automatic name).
     */
    commitRename(id: string, text: string) {
      setEditingId(null);
      const session = sessions.find((s) => s.id === id);
      if (!session) return;
      const name = text.trim();
      if (name === '') {
        if (session.named) rename.mutate({ id, name: null });
        return;
      }
      const shown = session.named ? session.name : labels.get(id)?.name;
      if (name !== shown) rename.mutate({ id, name });
    },
    error: close.error ?? forget.error ?? clear.error ?? rename.error,
  };
}

export type SessionListModel = ReturnType<typeof useSessionListModel>;

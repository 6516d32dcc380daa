import { OFFLINE_REASON, isOffline } from '../../lib/capabilities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { useStoreSelector } from '../../lib/services';
import { useNewFrames } from '../../lib/useNewFrames';
import { useWorkbenchApi } from '../../lib/workbenchApi';
import { newRow, sameRoots, validateRoots, type Root, type RootRow } from './roots';

export interface ListChangedNotice {
  seq: number;
  /** Date.now() when the frame was seen. */
  at: number;
}

/**
 * Presenter of the roots editor (spec client/roots). Saving PUTs the list; on a 2025-11-25
 * session the engine then sends `notifications/roots/list_changed` (the client declares
 * `roots.listChanged`), which is shown as proof. 2026-07-28 removed that notification: the
 * server gets the new list at its next `roots/list` input request.
 */
export function useRootsModel(sessionId: string | null) {
  const wb = useWorkbenchApi();
  const queryClient = useQueryClient();
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const queryKey = [sessionId, 'client/roots'];
  // An opened trace has no roots to read (the proxy answers 409): no request, not even a failed one.
  const saved = useQuery({ queryKey, enabled: sessionId !== null && !isOffline(session), queryFn: () => wb.getRoots(sessionId!) });
  const [draft, setDraft] = useState<{ sessionId: string | null; rows: RootRow[] | null }>({ sessionId, rows: null });
  const savedRows = useMemo(() => (saved.data ?? []).map((r) => newRow(r)), [saved.data]);
  const rows = draft.sessionId === sessionId && draft.rows ? draft.rows : savedRows;
  const edit = (next: RootRow[]) => setDraft({ sessionId, rows: next });
  const { roots, errors } = validateRoots(rows);
  const dirty = !sameRoots(roots, saved.data ?? []);
  const [saveStartedAt, setSaveStartedAt] = useState<number | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [notice, setNotice] = useState<ListChangedNotice | null>(null);

  useNewFrames(sessionId, (f: FrameEvent) => {
    if (f.dir === 'out' && f.msg?.method === 'notifications/roots/list_changed') setNotice({ seq: f.seq, at: Date.now() });
  });

  const save = useMutation({
    mutationFn: (list: Root[]) => wb.putRoots(sessionId!, list, 'client: roots'),
    onMutate: () => {
      setNotice(null);
      setSaveStartedAt(Date.now());
    },
    onSuccess: (_r, list) => {
      queryClient.setQueryData(queryKey, list);
      setDraft({ sessionId, rows: null });
      setSavedAt(Date.now());
    },
  });

  return {
    session,
    rows,
    errors,
    dirty,
    loading: saved.isLoading,
    loadError: saved.error,
    add: () => edit([...rows, newRow({ uri: 'file:///' })]),
    remove: (id: number) => edit(rows.filter((r) => r.id !== id)),
    update: (id: number, patch: Partial<Pick<RootRow, 'uri' | 'name'>>) => edit(rows.map((r) => (r.id === id ? { ...r, ...patch } : r))),
    reset: () => setDraft({ sessionId, rows: null }),
    canSave: sessionId !== null && !isOffline(session) && Object.keys(errors).length === 0 && dirty && !save.isPending,
    /** A trace's roots cannot change. */
    blockedReason: isOffline(session) ? OFFLINE_REASON : undefined,
    save: () => {
      if (Object.keys(errors).length === 0) save.mutate(roots);
    },
    saving: save.isPending,
    saveError: save.error,
    savedAt,
    /** The list_changed frame that followed the last save, if any. */
    notice: saveStartedAt !== null && notice && notice.at >= saveStartedAt ? notice : null,
    modern: session?.era === 'modern',
    connected: session?.state === 'connected',
  };
}

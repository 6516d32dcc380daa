import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isOffline } from '../../lib/capabilities';
import { useServices, useStoreSelector } from '../../lib/services';
import type { SessionConfigInput } from '@mcpscope/wire';
import { saveBlob, useTracesApi, useTracesFollowNames, type ExportFormat, type ReplayReply, type TraceSummary } from '../../lib/tracesApi';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { expectedMarksStore, marksFor, pairKey } from '../../lib/expectedMarks';
import { exportFileName } from './traceFiles';
import { useTraceUpload } from './useTraceUpload';

/**
 * A replay keeps the user's "expected" marks under the trace and the target it runs (its
 * command line or URL, as a session's `target` reads): the same key Compare uses for that trace
 * against a session of that server, so a mark made in one applies in the other.
 */
export function replayPair(traceId: string, config: SessionConfigInput): string {
  const target = config.transport === 'stdio' ? [config.command, ...(config.args ?? [])].join(' ') : config.url;
  return pairKey(`trace:${traceId}`, `session:${target}`);
}

/**
 * Presenter of the Traces tab: the saved traces, upload (file picker or drop), download,
 * opening one as an offline session, replaying one against its server, and exporting the
 * active session.
 */
export function useTracesModel() {
  const api = useTracesApi();
  const { store } = useServices();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['traces'], queryFn: () => api.list() });
  useTracesFollowNames();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['traces'] });
  const expectedMarks = useValue(expectedMarksStore);

  const upload = useTraceUpload(api, refresh);

  const open = useMutation({
    mutationFn: (id: string) => api.open(id),
    onSuccess: (session) => {
      store.upsertSession(session);
      activeSessionStore.set(session.id);
      activeTabStore.set('frames');
    },
  });

  // Replay asks first: the dialog shows the exact target (prefilled from the trace, editable);
  // nothing is sent before the user confirms it.
  const [replayAsk, setReplayAsk] = useState<TraceSummary | null>(null);
  const [replay, setReplay] = useState<{ traceId: string; report: ReplayReply; pair: string } | null>(null);
  const replayRun = useMutation({
    // The user's "expected" marks for this trace go with it: the engine reports them as ignored.
    mutationFn: async ({ traceId, config }: { traceId: string; config: SessionConfigInput }) => {
      const pair = replayPair(traceId, config);
      const ignore = marksFor(expectedMarksStore.getSnapshot(), pair);
      return { traceId, pair, report: await api.replay(traceId, { config, ...(ignore.length ? { ignore } : {}) }) };
    },
    onMutate: () => setReplay(null),
    onSuccess: setReplay,
    onSettled: refresh, // the replay's own session was recorded: a new trace
  });

  const activeId = useValue(activeSessionStore);
  const active = useStoreSelector((s) => s.sessions.find((x) => x.id === activeId));
  const [exportError, setExportError] = useState<Error | null>(null);

  return {
    traces: list.data ?? [],
    loading: list.isLoading,
    listError: list.error as Error | null,
    refresh,
    ...upload,
    download: async (id: string) => saveBlob(await api.download(id), `${id}.ndjson`),
    open: (id: string) => open.mutate(id),
    opening: open.isPending ? open.variables : null,
    openError: open.error as Error | null,
    /** Opens the confirmation dialog for this trace (runs nothing). */
    replay: (trace: TraceSummary) => setReplayAsk(trace),
    replayAsk,
    cancelReplay: () => setReplayAsk(null),
    /** Runs the replay against the target the user confirmed in the dialog. */
    confirmReplay: (traceId: string, config: SessionConfigInput) => {
      setReplayAsk(null);
      replayRun.mutate({ traceId, config });
    },
    replaying: replayRun.isPending ? (replayRun.variables?.traceId ?? null) : null,
    /** The trace of the latest replay (running, failed or reported): its report is shown under it. */
    replayTraceId: replayRun.variables?.traceId ?? null,
    replayError: replayRun.error as Error | null,
    replayReport: replay,
    /** The user's "expected" marks of the latest replay (its trace and target). */
    replayMarks: replay ? marksFor(expectedMarks, replay.pair) : [],
    /** Shows the session a replay ran in (its frames). */
    showReplaySession: (sessionId: string) => {
      activeSessionStore.set(sessionId);
      activeTabStore.set('frames');
    },
    active,
    activeOffline: isOffline(active),
    /** HAR holds HTTP exchanges: a stdio session has none. */
    harReason: active && active.transport === 'stdio' ? 'HAR needs an HTTP transport; this session is stdio' : undefined,
    exportSession: async (format: ExportFormat) => {
      if (!active) return;
      setExportError(null);
      try {
        saveBlob(await api.exportSession(active.id, format), exportFileName(active, format));
      } catch (err) {
        setExportError(err as Error);
      }
    },
    exportError,
  };
}
export type TracesModel = ReturnType<typeof useTracesModel>;

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isOffline } from '../../lib/capabilities';
import { useServices, useStoreSelector } from '../../lib/services';
import { saveBlob, useTracesApi, type ExportFormat, type ReplayReply } from '../../lib/tracesApi';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { exportFileName } from './traceFiles';

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
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['traces'] });

  const [uploadWarnings, setUploadWarnings] = useState<string[]>([]);
  const upload = useMutation({
    mutationFn: async (files: readonly File[]) => {
      const warnings: string[] = [];
      for (const file of files) {
        const reply = await api.upload(file);
        warnings.push(...reply.warnings.map((w) => `${file.name}: ${w}`));
      }
      return warnings;
    },
    onSuccess: (warnings) => setUploadWarnings(warnings),
    onSettled: refresh,
  });

  const open = useMutation({
    mutationFn: (id: string) => api.open(id),
    onSuccess: (session) => {
      store.upsertSession(session);
      activeSessionStore.set(session.id);
      activeTabStore.set('frames');
    },
  });

  const [replay, setReplay] = useState<{ traceId: string; report: ReplayReply } | null>(null);
  const replayRun = useMutation({
    mutationFn: async (traceId: string) => ({ traceId, report: await api.replay(traceId) }),
    onMutate: () => setReplay(null),
    onSuccess: setReplay,
  });

  const activeId = useValue(activeSessionStore);
  const active = useStoreSelector((s) => s.sessions.find((x) => x.id === activeId));
  const [exportError, setExportError] = useState<Error | null>(null);

  return {
    traces: list.data ?? [],
    loading: list.isLoading,
    listError: list.error as Error | null,
    refresh,
    upload: (files: readonly File[]) => files.length > 0 && upload.mutate(files),
    uploading: upload.isPending,
    uploadError: upload.error as Error | null,
    uploadWarnings,
    download: async (id: string) => saveBlob(await api.download(id), `${id}.ndjson`),
    open: (id: string) => open.mutate(id),
    opening: open.isPending ? open.variables : null,
    openError: open.error as Error | null,
    replay: (id: string) => replayRun.mutate(id),
    replaying: replayRun.isPending ? replayRun.variables : null,
    replayError: replayRun.error as Error | null,
    replayReport: replay,
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

import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../../lib/services';
import type { TracesApi, TraceSummary } from '../../lib/tracesApi';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { createValueStore } from '../../lib/valueStore';
import { useValue } from '../../lib/valueStore';

/** Files dropped on the page outside the Traces view's drop zone, for the Traces view to upload. */
export const droppedTraceFilesStore = createValueStore<readonly File[] | null>(null);

/** What one upload of several files came to: each file is uploaded on its own, a failure stops none of the others. */
export interface UploadOutcome {
  /** Uploaded and opened as an offline session (`sessionId`), or uploaded but not opened (`openError`). */
  uploaded: Array<{ file: string; trace: TraceSummary; sessionId?: string; openError?: string }>;
  /** Files the proxy refused, with its reason. */
  failed: Array<{ file: string; reason: string }>;
  /** What reading the uploaded traces noticed (a cut last line…). */
  warnings: string[];
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Uploads trace files (picker or drop) and opens each uploaded one offline, as Open in the list
 * does; the view switches to the first one's frames. When a file fails, the Traces view stays
 * in sight to say which and why: the other files are uploaded (and opened) all the same, and a
 * trace that uploaded but did not open is still in the list.
 */
export function useTraceUpload(api: TracesApi, refresh: () => void) {
  const { store } = useServices();
  const upload = useMutation({
    mutationFn: async (files: readonly File[]): Promise<UploadOutcome> => {
      const out: UploadOutcome = { uploaded: [], failed: [], warnings: [] };
      for (const file of files) {
        try {
          const reply = await api.upload(file);
          out.warnings.push(...reply.warnings.map((w) => `${file.name}: ${w}`));
          out.uploaded.push({ file: file.name, trace: reply.trace });
        } catch (err) {
          out.failed.push({ file: file.name, reason: reasonOf(err) });
        }
      }
      for (const u of out.uploaded) {
        try {
          const session = await api.open(u.trace.id);
          store.upsertSession(session);
          u.sessionId = session.id;
        } catch (err) {
          u.openError = reasonOf(err);
        }
      }
      return out;
    },
    onSuccess: (out) => {
      const first = out.uploaded.find((u) => u.sessionId !== undefined);
      if (!first?.sessionId) return;
      activeSessionStore.set(first.sessionId);
      if (out.failed.length === 0 && out.uploaded.every((u) => u.openError === undefined)) activeTabStore.set('frames');
    },
    onSettled: refresh,
  });

  // A drop anywhere on the page (TraceDropOverlay) lands here.
  const dropped = useValue(droppedTraceFilesStore);
  useEffect(() => {
    if (!dropped) return;
    droppedTraceFilesStore.set(null);
    if (dropped.length > 0) upload.mutate(dropped);
  }, [dropped]); // once per drop: `upload` is a new object every render

  const outcome = upload.data;
  return {
    upload: (files: readonly File[]) => files.length > 0 && upload.mutate(files),
    uploading: upload.isPending,
    /** Files refused, and traces uploaded that did not open: each with its reason. */
    uploadProblems: outcome
      ? [
          ...outcome.failed.map((f) => `Could not upload ${f.file}: ${f.reason}`),
          ...outcome.uploaded
            .filter((u) => u.openError)
            .map((u) => `Uploaded ${u.file} (it is in the list below) but could not open it: ${u.openError}`),
        ]
      : [],
    /** When files failed: the ones that did upload, opened in the sessions list. */
    uploadOpened: outcome && outcome.failed.length > 0 ? outcome.uploaded.filter((u) => u.sessionId).map((u) => u.file) : [],
    uploadWarnings: outcome?.warnings ?? [],
  };
}

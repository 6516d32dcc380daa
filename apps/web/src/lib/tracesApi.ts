import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import {
  ReplayReportSchema,
  SessionInfoSchema,
  TraceDiffSchema,
  TraceListSchema,
  TraceUploadReplySchema,
  type CompareBody,
  type ReplayReportWire,
  type SessionConfigInput,
  type TraceDiffWire,
  type TraceSummary,
  type TraceUploadReply,
} from '@mcpscope/wire';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import type { ApiClient } from './api';
import { useServices, useStoreSelector } from './services';

/**
 * Client of the trace routes (wire: traces.ts): saved traces, offline sessions,
 * compare, export, replay and event pages. Replies are parsed with the wire schemas.
 */
export type { TraceSummary };
export type CompareReply = TraceDiffWire;
export type MatchedPair = TraceDiffWire['matched'][number];
export type Difference = MatchedPair['differences'][number];
export type Exchange = TraceDiffWire['onlyLeft'][number];
export type ReplayReply = ReplayReportWire;
export type CompareSource = CompareBody['left'];

const EventSchema = z.looseObject({ type: z.string(), seq: z.number(), t: z.number(), sessionId: z.string() });
const EventPageSchema = z.union([z.looseObject({ events: z.array(EventSchema) }).transform((r) => r.events), z.array(EventSchema)]);

// Frame pages (wire FramesReply / FrameSearchReply); parsed here with the frame envelope checked,
// which the wire schemas leave to the client.
const FrameSchema = z.looseObject({
  type: z.literal('frame'),
  seq: z.number(),
  t: z.number(),
  sessionId: z.string(),
  dir: z.enum(['in', 'out']),
  size: z.number(),
});
const FramePageSchema = z.object({ frames: z.array(FrameSchema), total: z.number() });
const FrameSearchSchema = z.object({
  matches: z.array(z.object({ index: z.number(), frame: FrameSchema })),
  truncated: z.boolean(),
  total: z.number().optional(),
});

export interface FrameSearchQuery {
  filter?: string;
  method?: string;
  /** Only frames with an ordinal below this. */
  before?: number;
  limit: number;
}
export interface FrameSearchReply {
  matches: Array<{ index: number; frame: FrameEvent }>;
  /** More (older) frames matched than `limit`. */
  truncated: boolean;
  /** How many frames matched in all, when the proxy says. */
  total?: number;
}

export type ExportFormat = 'ndjson' | 'json' | 'har' | 'otlp';

export function createTracesApi(api: Pick<ApiClient, 'call' | 'raw'>) {
  const enc = encodeURIComponent;
  return {
    list: async (): Promise<TraceSummary[]> => (await api.call('GET', '/api/traces', TraceListSchema)).traces,
    download: (id: string): Promise<Blob> => api.raw('GET', `/api/traces/${enc(id)}`).then((r) => r.blob()),
    upload: async (ndjson: Blob | string): Promise<TraceUploadReply> => {
      const res = await api.raw('POST', '/api/traces', { body: ndjson, contentType: 'application/x-ndjson' });
      return TraceUploadReplySchema.parse(await res.json());
    },
    open: async (id: string) => (await api.call('POST', `/api/traces/${enc(id)}/open`, z.object({ session: SessionInfoSchema }))).session,
    /** `config`: the target the user confirmed (never taken from the trace by the proxy). */
    replay: (id: string, body: { config: SessionConfigInput; ignore?: string[]; defaults?: boolean }): Promise<ReplayReply> =>
      api.call('POST', `/api/traces/${enc(id)}/replay`, ReplayReportSchema, body),
    compare: (body: CompareBody): Promise<CompareReply> => api.call('POST', '/api/compare', TraceDiffSchema, body),
    exportSession: (sessionId: string, format: ExportFormat): Promise<Blob> =>
      api.raw('GET', `/api/sessions/${enc(sessionId)}/export?format=${format}`).then((r) => r.blob()),
    /** Events of a session from `from` (inclusive), at most `limit`, in seq order. */
    events: async (sessionId: string, from: number, limit: number): Promise<SessionEvent[]> =>
      (await api.call(
        'GET',
        `/api/sessions/${enc(sessionId)}/events?from=${from}&limit=${limit}`,
        EventPageSchema,
      )) as unknown as SessionEvent[],
    /** Frames by ordinal (the k-th frame of the session), from memory or disk. */
    frames: async (sessionId: string, index: number, limit: number): Promise<{ frames: FrameEvent[]; total: number }> =>
      (await api.call('GET', `/api/sessions/${enc(sessionId)}/frames?index=${index}&limit=${limit}`, FramePageSchema)) as unknown as {
        frames: FrameEvent[];
        total: number;
      },
    /** Frames matching the filter grammar (and/or an exact method), oldest first. */
    searchFrames: async (sessionId: string, q: FrameSearchQuery): Promise<FrameSearchReply> => {
      const params = new URLSearchParams({ limit: String(q.limit) });
      if (q.filter) params.set('filter', q.filter);
      if (q.method) params.set('method', q.method);
      if (q.before !== undefined) params.set('before', String(q.before));
      return (await api.call(
        'GET',
        `/api/sessions/${enc(sessionId)}/frames/search?${params}`,
        FrameSearchSchema,
      )) as unknown as FrameSearchReply;
    },
  };
}
export type TracesApi = ReturnType<typeof createTracesApi>;

export function useTracesApi(): TracesApi {
  const { api } = useServices();
  return useMemo(() => createTracesApi(api), [api]);
}

/**
 * The traces listing (query ['traces']) reads again when a session's name changes (a rename,
 * the server saying its name): a recording is named as its session is.
 */
export function useTracesFollowNames(): void {
  const queryClient = useQueryClient();
  const names = useStoreSelector((s) =>
    s.sessions.map((x) => `${x.id}\u0000${x.name}\u0000${x.named ? 1 : 0}\u0000${JSON.stringify(x.serverInfo ?? null)}`).join('\u0001'),
  );
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['traces'] });
  }, [names, queryClient]);
}

/** Saves a blob under `name` through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

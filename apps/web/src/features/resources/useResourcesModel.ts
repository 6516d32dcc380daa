import { sendBlockedReason } from '../../lib/capabilities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useServices, useSessionSlot, useStoreSelector } from '../../lib/services';
import { useNavigationTarget } from '../../lib/navigation';
import { useFeature } from '../../lib/useFeature';
import { useInvalidateOnNotification } from '../../lib/useInvalidateOnNotification';
import { useNewFrames } from '../../lib/useNewFrames';
import { usePagedList } from '../../lib/usePagedList';
import { useWorkbenchApi } from '../../lib/workbenchApi';
import { editInComposer } from '../../lib/composerPrefill';
import { failureSummary } from '../../lib/sessionHistory';
import { readHistory, readSummary, type ReadRecord } from './readHistory';
import { ResourceUpdateTracker } from './resourceUpdates';
import { ReadResultSchema, ResourceSchema, ResourceTemplateSchema, type ReadResult } from './schemas';

export type ResourceSelection = { kind: 'resource'; uri: string } | { kind: 'template'; uriTemplate: string } | null;

interface ReadOutcome {
  result: ReadResult;
  /** Updates of the URI counted when the result arrived: later ones make it stale. */
  countAtRead: number;
  at: number;
}

/** Presenter of the Resources tab: lists, selection, read, subscriptions and update counts. */
export function useResourcesModel(sessionId: string | null) {
  const wb = useWorkbenchApi();
  const { store } = useServices();
  const queryClient = useQueryClient();
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const feature = useFeature(sessionId, 'resources');
  const subscribeFeature = useFeature(sessionId, 'resources.subscribe');
  const completions = useFeature(sessionId, 'completions');
  const connected = session?.state === 'connected';
  // A debugger may try what the server did not declare, but only when asked to.
  const [forced, setForced] = useState(false);
  const listEnabled = connected && (feature.declared || forced);

  const resources = usePagedList(sessionId, 'resources/list', 'resources', ResourceSchema, listEnabled, 'resources: list');
  const templates = usePagedList(
    sessionId,
    'resources/templates/list',
    'resourceTemplates',
    ResourceTemplateSchema,
    listEnabled,
    'resources: list templates',
  );
  useInvalidateOnNotification(sessionId, 'notifications/resources/list_changed', 'resources/list');
  useInvalidateOnNotification(sessionId, 'notifications/resources/list_changed', 'resources/templates/list');

  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<ResourceSelection>(null);
  const [readUri, setReadUri] = useState<string | null>(null);

  // Update counts over the whole session (the backlog included).
  const tracker = useMemo(() => new ResourceUpdateTracker(), [sessionId]); // a new tracker per session
  const [updatesVersion, setUpdatesVersion] = useState(0);
  useNewFrames(sessionId, (frame) => tracker.observe(frame) && setUpdatesVersion(tracker.version), true);

  const read = useQuery({
    queryKey: [sessionId, 'resources/read', readUri],
    enabled: sessionId !== null && readUri !== null && connected,
    staleTime: Infinity,
    queryFn: async (): Promise<ReadOutcome> => {
      const uri = readUri!;
      const started = Date.now();
      const record = (r: Pick<ReadRecord, 'outcome' | 'summary'>) =>
        readHistory.record(store, sessionId!, { id: readHistory.nextId(), uri, at: Date.now(), latencyMs: Date.now() - started, ...r });
      try {
        const raw = await wb.result(sessionId!, 'resources/read', { uri }, 'resources: read');
        const parsed = ReadResultSchema.safeParse(raw);
        if (!parsed.success)
          throw new Error(`The result of resources/read does not match the spec: ${parsed.error.issues[0]?.message ?? ''}`);
        record({ outcome: 'ok', summary: readSummary(parsed.data) });
        return { result: parsed.data, countAtRead: tracker.get(uri)?.count ?? 0, at: Date.now() };
      } catch (err) {
        record(failureSummary(err));
        throw err;
      }
    },
  });

  // The proxy reports the session's subscriptions; the local set covers an older proxy.
  const sessionSubs = session?.subscriptions;
  const [localSubs, setLocalSubs] = useState<ReadonlySet<string>>(new Set());
  const subscribed = useMemo(() => (sessionSubs ? new Set(sessionSubs) : localSubs), [sessionSubs, localSubs]);
  const subscription = useMutation({
    mutationFn: async ({ uri, on }: { uri: string; on: boolean }) =>
      on ? wb.subscribe(sessionId!, uri, 'resources: subscribe') : wb.unsubscribe(sessionId!, uri, 'resources: unsubscribe'),
    onSuccess: (_r, { uri, on }) =>
      setLocalSubs((prev) => {
        const next = new Set(prev);
        if (on) next.add(uri);
        else next.delete(uri);
        return next;
      }),
  });

  /** Selects `uri` and reads it afresh (an earlier result of it is not reused): the user asked. */
  const openAndRead = (uri: string) => {
    setSelection({ kind: 'resource', uri });
    if (uri === readUri) void read.refetch();
    else {
      queryClient.removeQueries({ queryKey: [sessionId, 'resources/read', uri], exact: true });
      setReadUri(uri);
    }
  };

  // "Open in Resources" from elsewhere (a resource link or embedded resource in a result, the
  // command palette): listed or not (a template's expansion, an unlisted URI), it is read by URI.
  useNavigationTarget('resource', sessionId, openAndRead);

  const history = useSessionSlot(sessionId, readHistory.slot);
  const q = search.trim().toLowerCase();
  const match = (...fields: Array<string | undefined>) => !q || fields.some((f) => f?.toLowerCase().includes(q));
  return {
    sessionId,
    session,
    connected,
    /** Why nothing (read, subscribe, ↻) can be sent now, e.g. a trace. */
    blockedReason: sendBlockedReason(session),
    feature,
    subscribeFeature,
    completions,
    forced,
    forceList: () => setForced(true),
    resources,
    templates,
    visibleResources: resources.items.filter((r) => match(r.uri, r.name, r.title, r.description)),
    visibleTemplates: templates.items.filter((t) => match(t.uriTemplate, t.name, t.title, t.description)),
    search,
    setSearch,
    selection,
    select(next: ResourceSelection) {
      setSelection(next);
      setReadUri(next?.kind === 'resource' ? next.uri : null);
    },
    readUri,
    /** Reads `uri` (again, when it is the one on screen). */
    readNow(uri: string) {
      if (uri === readUri) void read.refetch();
      else setReadUri(uri);
    },
    read,
    updatesVersion,
    updateOf: (uri: string) => tracker.get(uri),
    /** Updates that arrived after the read on screen. */
    staleSince(uri: string): number {
      const u = tracker.get(uri);
      if (!u || uri !== readUri || !read.data) return 0;
      return Math.max(0, u.count - read.data.countAtRead);
    },
    /** Reads of this session, newest first. */
    history,
    /** Replay: select the URI and read it again (an earlier result of it is not reused). */
    rerun: (entry: ReadRecord) => openAndRead(entry.uri),
    /** Edit and replay: the resources/read in the Composer. */
    editInComposer: (entry: ReadRecord) =>
      sessionId && editInComposer(sessionId, { method: 'resources/read', params: { uri: entry.uri } }, false, 'Resources history'),
    clearHistory: () => sessionId && readHistory.clear(store, sessionId),
    /** `uri` is known not to be in resources/list (every page listed): a link's or a template's URI, read by itself. */
    isUnlisted: (uri: string) =>
      resources.pages > 0 && !resources.hasMore && !resources.error && !resources.items.some((r) => r.uri === uri),
    isSubscribed: (uri: string) => subscribed.has(uri),
    toggleSubscription: (uri: string) => subscription.mutate({ uri, on: !subscribed.has(uri) }),
    subscription,
  };
}

export type ResourcesModel = ReturnType<typeof useResourcesModel>;

import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SpanNode } from '@mcpscope/protocol';
import type { ServerSpansReply } from '@mcpscope/wire';
import { framesNavigation } from '../../lib/navigation';
import { createOtelApi } from '../../lib/otelApi';
import { useServices, useSessionLog, useStoreSelector } from '../../lib/services';

export interface RequestSpans {
  requestSeq: number;
  /** The request's method and target, e.g. `tools/call echo` (from its frame when it is in memory). */
  label: string;
  nodes: readonly SpanNode[];
}

function requestLabel(msg: Record<string, unknown> | undefined): string {
  const method = typeof msg?.method === 'string' ? msg.method : 'request';
  const params = msg?.params as { name?: unknown } | undefined;
  return typeof params?.name === 'string' && (method === 'tools/call' || method === 'prompts/get') ? `${method} ${params.name}` : method;
}

/**
 * Presenter of the Spans view: the session's trace and switches, the server spans grouped by the
 * request they belong to, and the ones that belong to none.
 */
export function useSpansModel(sessionId: string | null) {
  const { api, store } = useServices();
  const otel = useMemo(() => createOtelApi(api), [api]);
  const { log, version } = useSessionLog(sessionId);
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const live = session?.state === 'connected';
  const traceContext = useMutation({
    mutationFn: (on: boolean) => otel.setTraceContext(sessionId!, on),
    onSuccess: (info) => store.upsertSession(info),
  });
  const collect = useMutation<ServerSpansReply>({ mutationFn: () => otel.collectServerSpans(sessionId!) });
  const spanVersion = log?.spans.version ?? 0;
  const groups = useMemo((): RequestSpans[] => {
    if (!log) return [];
    return log.spans.requestsWithSpans().map((requestSeq) => ({
      requestSeq,
      label: requestLabel(log.frameBySeq(requestSeq)?.msg),
      nodes: log.spans.underRequest(requestSeq),
    }));
  }, [log, spanVersion, version]); // the log changes in place: `spanVersion`, `version` say when
  const loose = useMemo(() => log?.spans.unmatched() ?? [], [log, spanVersion]); // the log changes in place: `spanVersion` says when
  return {
    sessionId,
    session,
    live,
    otel: session?.otel,
    total: log?.spans.size ?? 0,
    groups,
    loose,
    setTraceContext: (on: boolean) => traceContext.mutate(on),
    traceContextPending: traceContext.isPending,
    traceContextError: traceContext.error,
    collect: () => collect.mutate(),
    collectPending: collect.isPending,
    collectReply: collect.data,
    collectError: collect.error,
    openRequest: (seq: number) => sessionId && framesNavigation.showFrame(sessionId, seq),
  };
}

export type SpansModel = ReturnType<typeof useSpansModel>;

import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { AnswerServerRequestBody, PendingServerRequest, SessionInfo } from '@mcpscope/wire';
import { serverRequestKey, serverRequestSheetStore } from '../../lib/serverRequestSheet';
import { useServices, useSessionLog, useStoreSelector } from '../../lib/services';
import { activeSessionStore, activeTabStore, frameFocusStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { requestWords } from '../../lib/attention';
import { sessionLabels } from '../../lib/sessionLabel';
import { findRequestOrigin, type RequestOrigin } from './correlate';

export const requestKey = serverRequestKey;

export type AnswerFn = (body: AnswerServerRequestBody) => void;

/**
 * Presenter of the server-request sheet: the queue of server→client requests of the active
 * session (oldest first), which one is shown, where each came from, and the answer mutation.
 * The server is blocked until it is answered, so the sheet shows as soon as one arrives.
 */
export function useServerRequestQueue() {
  const { api, store } = useServices();
  const activeId = useValue(activeSessionStore);
  const all = useStoreSelector((s) => s.pending);
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === activeId));
  const pending = useMemo(() => all.filter((r) => r.sessionId === activeId), [all, activeId]);
  const elsewhere = all.filter((r) => r.sessionId !== activeId);
  // Sessions not in view that wait for an answer, named as the session list names them.
  const sessions = useStoreSelector((s) => s.sessions);
  const labels = useMemo(() => sessionLabels(sessions), [sessions]);
  const elsewhereIds = [...new Set(elsewhere.map((r) => r.sessionId))];
  const elsewhereName = elsewhereIds[0] ? (labels.get(elsewhereIds[0])?.short ?? 'another session') : '';
  const elsewhereText =
    elsewhere.length === 0
      ? ''
      : elsewhereIds.length === 1
        ? `${elsewhereName} is waiting for your answer: ${elsewhere.length === 1 ? requestWords(elsewhere[0]!) : `${elsewhere.length} requests`}`
        : `${elsewhereIds.length} sessions are waiting for your answers (${elsewhere.length} requests)`;
  const { selectedKey, minimized } = useValue(serverRequestSheetStore);
  // A request that was not there before brings the sheet back, even if it was minimized.
  const seen = useRef(new Set<string>());
  useEffect(() => {
    const keys = all.map(requestKey);
    const fresh = keys.some((k) => !seen.current.has(k));
    seen.current = new Set(keys);
    if (fresh) serverRequestSheetStore.set((s) => (s.minimized ? { ...s, minimized: false } : s));
  }, [all]);
  const current = pending.find((r) => requestKey(r) === selectedKey) ?? pending[0];

  const { log, version } = useSessionLog(activeId);
  const origins = useMemo(() => {
    const map = new Map<string, RequestOrigin | null>();
    for (const r of pending) map.set(requestKey(r), findRequestOrigin(log, r));
    return map;
    // `version` changes when frames arrive: the input_required frame may land after the request.
  }, [pending, log, version]);

  const mutation = useMutation({
    mutationFn: ({ request, body }: { request: PendingServerRequest; body: AnswerServerRequestBody }) =>
      api.answerServerRequest(request.sessionId, request.requestId, body, `server requests: answer ${request.method}`),
    // The socket confirms with server-request-done; apply it now so the dialog closes at once.
    onSuccess: (_r, { request }) => store.answeredServerRequest(request.sessionId, request.requestId),
  });

  return {
    session: session as SessionInfo | undefined,
    pending,
    current,
    elsewhere,
    /** One line naming the session(s) not in view that wait, and for what. */
    elsewhereText,
    elsewhereName,
    elsewhereSessions: elsewhereIds.length,
    minimized,
    setMinimized: (value: boolean) => serverRequestSheetStore.set((s) => ({ ...s, minimized: value })),
    select: (r: PendingServerRequest) => serverRequestSheetStore.set({ minimized: false, selectedKey: requestKey(r) }),
    originOf: (r: PendingServerRequest) => origins.get(requestKey(r)) ?? null,
    answerFor:
      (request: PendingServerRequest): AnswerFn =>
      (body) =>
        mutation.mutate({ request, body }),
    answering: mutation.isPending ? mutation.variables?.request : undefined,
    answerError: mutation.error,
    /** Shows the session whose request waits, with the sheet open on it. */
    showSession: (sessionId: string) => {
      serverRequestSheetStore.set((s) => ({ ...s, minimized: false }));
      activeSessionStore.set(sessionId);
    },
    /** Shows a frame in the Frames tab. */
    viewFrame(seq: number) {
      if (!activeId) return;
      frameFocusStore.set({ sessionId: activeId, seq });
      activeTabStore.set('frames');
    },
  };
}

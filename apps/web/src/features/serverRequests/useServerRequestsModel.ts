import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnswerServerRequestBody, PendingServerRequest } from '@mcpscope/wire';
import { useServices, useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { defaultResult, parseErrorAnswer, parseResult } from './answerTemplates';

const keyOf = (r: PendingServerRequest) => `${r.sessionId}\u0000${r.requestId}`;

/** Presenter of the tray of server→client requests waiting for the user's answer. */
export function useServerRequestsModel() {
  const { api, store } = useServices();
  const activeId = useValue(activeSessionStore);
  const all = useStoreSelector((s) => s.pending);
  const pending = all.filter((r) => r.sessionId === activeId);
  const elsewhere = all.length - pending.length;
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, { mode: 'result' | 'error'; result: string; code: string; message: string; data: string }>>({});
  const [localError, setLocalError] = useState<string | null>(null);

  const open = pending.find((r) => keyOf(r) === openKey) ?? pending[0];
  const draft = open
    ? (drafts[keyOf(open)] ?? { mode: 'result' as const, result: JSON.stringify(defaultResult(open.method, open.params), null, 2), code: '-32603', message: 'Declined by the user', data: '' })
    : undefined;

  const answer = useMutation({
    mutationFn: ({ request, body }: { request: PendingServerRequest; body: AnswerServerRequestBody }) =>
      api.answerServerRequest(request.sessionId, request.requestId, body),
    // The socket confirms with server-request-done; apply it now so the tray does not linger.
    onSuccess: (_r, { request }) => store.enqueue({ type: 'server-request-done', sessionId: request.sessionId, requestId: request.requestId }),
  });

  return {
    pending,
    elsewhere,
    open,
    draft,
    select: (r: PendingServerRequest) => setOpenKey(keyOf(r)),
    updateDraft(patch: Partial<NonNullable<typeof draft>>) {
      if (!open || !draft) return;
      setDrafts((d) => ({ ...d, [keyOf(open)]: { ...draft, ...patch } }));
      setLocalError(null);
    },
    localError,
    pendingAnswer: answer.isPending,
    answerError: answer.error,
    /** Validates the draft, then answers; nothing is sent when the draft is invalid. */
    submit(): boolean {
      if (!open || !draft) return false;
      const parsed = draft.mode === 'result' ? parseResult(draft.result) : parseErrorAnswer(draft.code, draft.message, draft.data);
      if (!parsed.ok) {
        setLocalError(parsed.error);
        return false;
      }
      answer.mutate({ request: open, body: parsed.body });
      return true;
    },
  };
}

export type ServerRequestsModel = ReturnType<typeof useServerRequestsModel>;

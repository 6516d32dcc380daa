import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SendMessageBody, SendMessageReply } from '@mcpscope/wire';
import type { OriginReason } from '../../lib/api';
import { OFFLINE_REASON, isOffline } from '../../lib/capabilities';
import { useComposerPrefill } from '../../lib/composerPrefill';
import { useServices, useStoreSelector } from '../../lib/services';
import { registerShortcutHandler } from '../../lib/shortcuts';
import { useValue } from '../../lib/valueStore';
import { addHistory, clearHistory, historyOf, historyStore, type HistoryEntry } from './composerHistory';
import { parseDraft } from './parseDraft';
import { TEMPLATES, templateText } from './templates';

const COMPOSER_TAB = 'composer';

interface Sent {
  sessionId: string;
  body: SendMessageBody;
  text: string;
  origin: OriginReason;
}

/** Presenter of the raw JSON-RPC composer: draft, validation, send, response, history. */
export function useComposerModel(sessionId: string | null) {
  const { api } = useServices();
  const state = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId)?.state);
  const offline = useStoreSelector((s) => isOffline(s.sessions.find((x) => x.id === sessionId)));
  const [text, setText] = useState(() => templateText(TEMPLATES[1]));
  const [notification, setNotification] = useState(false);
  const [timeoutSec, setTimeoutSec] = useState(60);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Loaded by "Edit and replay" (a frame, a history entry): what it was, until another draft replaces it.
  const [prefill, setPrefill] = useState<{ source: string; n: number } | null>(null);
  useComposerPrefill(sessionId, (p) => {
    setText(p.text);
    setNotification(p.notification);
    setSubmitError(null);
    setPrefill({ source: p.source, n: p.n });
  });
  const history = historyOf(useValue(historyStore), sessionId);
  const validation = useMemo(() => parseDraft(text, notification), [text, notification]);

  const send = useMutation<SendMessageReply, Error, Sent>({
    mutationFn: ({ sessionId: id, body, origin }) => api.sendMessage(id, body, origin),
    onSettled: (reply, err, sent) => {
      const rpcError = reply?.response && 'error' in reply.response;
      addHistory(sent.sessionId, {
        at: Date.now(),
        method: sent.body.message.method,
        text: sent.text,
        notification: sent.body.notification ?? false,
        outcome: err ? 'failed' : sent.body.notification ? 'sent' : rpcError ? 'rpc-error' : 'ok',
        latencyMs: reply?.latencyMs,
      });
    },
  });

  const canSend = sessionId !== null && state === 'connected' && !send.isPending;

  /** Validates, then sends. Invalid JSON is reported and never sent. */
  const submit = (): boolean => {
    if (!sessionId) return (setSubmitError('No session selected'), false);
    if (offline) return (setSubmitError(`Disabled: ${OFFLINE_REASON}`), false);
    if (state !== 'connected') return (setSubmitError(`The session is ${state ?? 'gone'}; connect first`), false);
    const draft = parseDraft(text, notification, timeoutSec > 0 ? Math.round(timeoutSec * 1000) : undefined);
    if (!draft.ok) return (setSubmitError(draft.error), false);
    setSubmitError(null);
    send.mutate({ sessionId, body: draft.body, text, origin: prefill ? `composer: edit of ${prefill.source}` : 'composer: send' });
    return true;
  };
  // Ctrl/⌘-Enter sends wherever the focus is in the Composer view (the Send button, the history,
  // the view's tab), not only in the editor, which binds the key itself (MonacoJsonEditor). The
  // shell dispatches the chord to the view in sight; this session's panel registers while mounted.
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;
  useEffect(() => registerShortcutHandler('call', () => void latestSubmit.current(), { tab: COMPOSER_TAB }), []);

  return {
    text,
    setText: (t: string) => {
      setText(t);
      setSubmitError(null);
    },
    notification,
    setNotification,
    timeoutSec,
    setTimeoutSec,
    /** Live check of the draft, shown under the editor. */
    validation,
    submitError,
    canSend,
    sessionState: state,
    offline,
    submit,
    pending: send.isPending,
    sent: send.variables,
    reply: send.data,
    error: send.error,
    /** The draft came from "Edit and replay" (`source`, e.g. `frame #12`); `n` changes with each. */
    prefill,
    templates: TEMPLATES,
    applyTemplate(method: string) {
      const t = TEMPLATES.find((x) => x.method === method);
      if (!t) return;
      setText(templateText(t));
      setNotification(t.notification ?? false);
      setSubmitError(null);
      setPrefill(null);
    },
    history,
    loadHistory(entry: HistoryEntry) {
      setText(entry.text);
      setNotification(entry.notification);
      setSubmitError(null);
      setPrefill(null);
    },
    clearHistory: () => sessionId !== null && clearHistory(sessionId),
  };
}

export type ComposerModel = ReturnType<typeof useComposerModel>;

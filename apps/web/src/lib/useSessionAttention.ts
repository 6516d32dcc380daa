import { useMemo } from 'react';
import { appQuestionsStore } from './appQuestions';
import { attentionOf, oauthWait, type AttentionItem, type OAuthWait } from './attention';
import { useSessionLog, useStoreSelector } from './services';
import { useValue } from './valueStore';

/** What session `sessionId` waits for from the user (server requests, an authorization, an app's question). */
export function useSessionAttention(sessionId: string | null): { items: AttentionItem[]; oauth: OAuthWait | undefined } {
  const all = useStoreSelector((s) => s.pending);
  const questions = useValue(appQuestionsStore);
  const { log } = useSessionLog(sessionId);
  const stepCount = log?.oauth.length ?? 0;
  const oauth = useMemo(() => (log && stepCount > 0 ? oauthWait(log.oauth.toArray()) : undefined), [log, stepCount]);
  const items = useMemo(
    () =>
      attentionOf(
        all.filter((r) => r.sessionId === sessionId),
        oauth,
        questions.filter((q) => q.sessionId === sessionId),
      ),
    [all, oauth, questions, sessionId],
  );
  return { items, oauth };
}

import { appQuestionsStore } from '../../../lib/appQuestions';
import { activeSessionStore, activeTabStore } from '../../../lib/uiState';
import { useValue } from '../../../lib/valueStore';

/**
 * An MCP App of the session in view asks to open a link while the user is in another view: the
 * question reaches them here, above the view (the app's own dialog is in its hidden panel).
 */
export function AppQuestionBanner() {
  const sessionId = useValue(activeSessionStore);
  const tab = useValue(activeTabStore);
  const questions = useValue(appQuestionsStore).filter((q) => q.sessionId === sessionId && q.tab !== tab);
  if (questions.length === 0) return null;
  return (
    <>
      {questions.map((q) => (
        <div
          key={q.key}
          className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-warn/50 bg-warn/10 px-2 py-1 text-[12px]"
          role="alert"
          data-testid="app-question-banner"
        >
          <span className="font-semibold">An app wants to open a link</span>
          <code className="max-w-[30%] min-w-0 truncate text-muted" title={q.uri}>
            {q.uri}
          </code>
          <code className="min-w-0 flex-1 truncate text-fg" title={q.url} data-testid="app-question-url">
            {q.url}
          </code>
          <button type="button" className="btn h-6" onClick={() => q.answer(false)} data-testid="app-question-deny">
            Deny
          </button>
          <button
            type="button"
            className="btn btn-primary h-6"
            onClick={() => q.answer(true)}
            data-testid="app-question-allow"
            title="Opens in a new tab, without access to mcpscope (noopener, noreferrer)"
          >
            Open link
          </button>
        </div>
      ))}
    </>
  );
}

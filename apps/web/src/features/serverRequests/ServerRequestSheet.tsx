import { lazy, Suspense } from 'react';
import { displayRequestId } from './answerTemplates';
import { requestKey, useServerRequestQueue } from './useServerRequestQueue';

// The dialogs (sampling, elicitation, raw) load with the first request, not with the app.
const ServerRequestBody = lazy(() => import('./ServerRequestBody'));

/**
 * The side sheet for server→client requests of the active session (sampling, elicitation,
 * anything else). It opens as soon as one arrives — the server is blocked until it gets an
 * answer — and queues several. Non-modal: the frames stay readable next to it. Escape
 * minimizes it to a pill; it never answers for the user.
 */
export function ServerRequestSheet() {
  const m = useServerRequestQueue();
  const others = m.elsewhere.length;
  if (m.pending.length === 0) {
    if (others === 0) return null;
    return (
      <div
        className="pointer-events-auto fixed right-3 bottom-3 z-40 flex max-w-[min(560px,60vw)] items-center gap-2 rounded border-2 border-warn bg-panel px-2 py-1 text-[12px] text-warn shadow-lg"
        role="status"
        data-testid="server-request-elsewhere"
      >
        <span className="h-2 w-2 shrink-0 animate-pulse rounded-full bg-warn" aria-hidden />
        <span className="min-w-0 truncate" title={m.elsewhereText}>
          {m.elsewhereText}
        </span>
        <button
          className="btn h-5 shrink-0"
          onClick={() => m.showSession(m.elsewhere[0].sessionId)}
          data-testid="server-request-elsewhere-show"
        >
          Show
        </button>
      </div>
    );
  }
  const title = m.pending.length === 1 ? 'The server is waiting for your answer' : `The server is waiting for ${m.pending.length} answers`;
  if (m.minimized) {
    return (
      <button
        className="fixed right-3 bottom-3 z-40 flex items-center gap-2 rounded border-2 border-warn bg-panel px-3 py-1.5 text-xs font-semibold text-warn shadow-lg"
        onClick={() => m.setMinimized(false)}
        data-testid="server-request-pill"
      >
        <span className="h-2 w-2 animate-pulse rounded-full bg-warn" aria-hidden />
        {title} — show
      </button>
    );
  }
  return (
    <aside
      className="fixed top-0 right-0 bottom-0 z-40 flex w-[min(640px,62vw)] flex-col border-l-2 border-warn bg-surface shadow-2xl"
      role="dialog"
      aria-modal="false"
      aria-label={title}
      data-testid="server-request-sheet"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          m.setMinimized(true);
        }
      }}
    >
      <header className="flex shrink-0 items-center gap-2 border-b border-line bg-panel px-2 py-1">
        <span className="h-2 w-2 animate-pulse rounded-full bg-warn" aria-hidden />
        <h2 className="text-xs font-semibold text-warn" role="status">
          {title}
        </h2>
        {others > 0 && (
          <button
            className="min-w-0 truncate text-[11px] text-muted hover:underline"
            onClick={() => m.showSession(m.elsewhere[0].sessionId)}
            title={m.elsewhereText}
          >
            +{others} in {m.elsewhereSessions === 1 ? m.elsewhereName : `${m.elsewhereSessions} other sessions`}
          </button>
        )}
        <span className="flex-1" />
        <button
          className="btn btn-ghost"
          onClick={() => m.setMinimized(true)}
          title="Minimize (Escape); the request keeps waiting"
          aria-label="Minimize"
        >
          —
        </button>
      </header>
      {m.pending.length > 1 && (
        <nav className="flex shrink-0 gap-1 overflow-x-auto border-b border-line px-2 py-1" aria-label="Queued server requests">
          {m.pending.map((r) => (
            <button
              key={requestKey(r)}
              className={`chip cursor-pointer ${r === m.current ? 'border-warn text-fg' : ''}`}
              onClick={() => m.select(r)}
              data-testid="server-request-item"
              data-method={r.method}
              aria-current={r === m.current}
            >
              {r.method}{' '}
              <span className="ml-1 text-subtle">
                {r.inputKey !== undefined ? JSON.stringify(r.inputKey) : `id ${displayRequestId(r.requestId)}`}
              </span>
            </button>
          ))}
        </nav>
      )}
      {m.answerError && (
        <div className="shrink-0 bg-danger/10 px-2 py-1 text-[11px] text-danger" role="alert">
          The answer was not delivered: {m.answerError.message}
        </div>
      )}
      {/* Every queued request stays mounted, so a half-written reply survives switching between them. */}
      <Suspense fallback={<div className="p-2 text-xs text-muted">Loading…</div>}>
        {m.pending.map((r) => (
          <div key={requestKey(r)} className="flex min-h-0 flex-1 flex-col" hidden={r !== m.current}>
            <ServerRequestBody
              request={r}
              session={m.session}
              origin={m.originOf(r)}
              answer={m.answerFor(r)}
              busy={m.answering === r}
              viewFrame={m.viewFrame}
            />
          </div>
        ))}
      </Suspense>
    </aside>
  );
}

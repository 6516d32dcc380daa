import { useState } from 'react';
import { JsonTree } from '../../ui/JsonTree';
import { displayRequestId } from './answerTemplates';
import { useServerRequestsModel } from './useServerRequestsModel';

/**
 * Non-modal tray for server→client requests (sampling, elicitation, roots, ping…) of the
 * active session. The server is blocked until it gets an answer, so the tray stays visible.
 */
export function ServerRequestTray() {
  const m = useServerRequestsModel();
  const [collapsed, setCollapsed] = useState(false);
  if (m.pending.length === 0) {
    if (m.elsewhere === 0) return null;
    return <div className="shrink-0 border-t border-warn/50 bg-warn/10 px-2 py-1 text-[11px] text-warn">{m.elsewhere} server request{m.elsewhere === 1 ? '' : 's'} waiting in other sessions</div>;
  }
  const { open, draft } = m;
  return (
    <div className="flex max-h-[45%] shrink-0 flex-col border-t-2 border-warn bg-panel" data-testid="server-request-tray" role="region" aria-label="Server requests">
      <div className="flex shrink-0 items-center gap-2 px-2 py-1">
        <span className="flex items-center gap-1.5 font-semibold text-warn">
          <span className="h-2 w-2 animate-pulse rounded-full bg-warn" aria-hidden />
          The server is waiting for {m.pending.length === 1 ? 'an answer' : `${m.pending.length} answers`}
        </span>
        <div className="flex min-w-0 flex-1 gap-1 overflow-x-auto">
          {m.pending.map((r) => (
            <button key={r.requestId} className={`chip ${r === open ? 'border-warn text-fg' : ''}`} onClick={() => (m.select(r), setCollapsed(false))} data-testid="server-request-item" data-method={r.method}>
              {r.method} <span className="ml-1 text-subtle">id {displayRequestId(r.requestId)}</span>
            </button>
          ))}
        </div>
        {m.elsewhere > 0 && <span className="text-[11px] text-muted">+{m.elsewhere} in other sessions</span>}
        <button className="btn btn-ghost" onClick={() => setCollapsed((c) => !c)}>{collapsed ? 'Show' : 'Hide'}</button>
      </div>
      {!collapsed && open && draft && (
        <div className="grid min-h-0 flex-1 grid-cols-2 gap-2 overflow-hidden px-2 pb-2">
          <div className="min-h-0 overflow-auto rounded border border-line bg-surface p-1.5">
            <div className="mb-1 text-[11px] font-semibold text-muted">{open.method} — params</div>
            <JsonTree value={open.params ?? {}} openDepth={3} />
          </div>
          <div className="flex min-h-0 flex-col gap-1">
            <div className="flex items-center gap-2 text-[11px]">
              {(['result', 'error'] as const).map((mode) => (
                <label key={mode} className="flex items-center gap-1">
                  <input type="radio" checked={draft.mode === mode} onChange={() => m.updateDraft({ mode })} /> {mode === 'result' ? 'Result' : 'Error'}
                </label>
              ))}
            </div>
            {draft.mode === 'result' ? (
              <textarea className="input min-h-24 flex-1 resize-none py-1 font-mono" spellCheck={false} value={draft.result} onChange={(e) => m.updateDraft({ result: e.target.value })} data-testid="server-request-result" aria-label="Result JSON" />
            ) : (
              <div className="flex flex-1 flex-col gap-1">
                <div className="flex gap-1">
                  <input className="input w-24 font-mono" value={draft.code} onChange={(e) => m.updateDraft({ code: e.target.value })} aria-label="Error code" />
                  <input className="input font-mono" value={draft.message} onChange={(e) => m.updateDraft({ message: e.target.value })} aria-label="Error message" />
                </div>
                <textarea className="input min-h-12 flex-1 resize-none py-1 font-mono" placeholder="data (optional JSON)" value={draft.data} onChange={(e) => m.updateDraft({ data: e.target.value })} aria-label="Error data" />
              </div>
            )}
            <div className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-[11px] text-danger" role="alert">{m.localError ?? m.answerError?.message}</span>
              <button className="btn btn-primary" onClick={() => m.submit()} disabled={m.pendingAnswer} data-testid="server-request-answer">
                {m.pendingAnswer ? 'Sending…' : draft.mode === 'result' ? 'Send result' : 'Send error'}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

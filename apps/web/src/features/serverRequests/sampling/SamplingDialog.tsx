import type { PendingServerRequest, SessionInfo } from '@mcpscope/wire';
import { JsonEditor } from '../../../ui/JsonEditor';
import type { AnswerFn } from '../useServerRequestQueue';
import { SamplingRequestView } from './SamplingRequestView';
import { STOP_REASONS } from './samplingReply';
import { useSamplingModel } from './useSamplingModel';

interface Props {
  request: PendingServerRequest;
  session: SessionInfo | undefined;
  answer: AnswerFn;
  busy: boolean;
}

/** Human-in-the-loop review of `sampling/createMessage`: the request above, the reply below. */
export function SamplingDialog({ request, session, answer, busy }: Props) {
  const m = useSamplingModel(request, session, answer);
  const { draft } = m;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="sampling-dialog">
      <div className="min-h-0 flex-1 overflow-auto p-2">
        <SamplingRequestView view={m.view} />
      </div>
      <form
        className="flex shrink-0 flex-col gap-1.5 border-t border-line bg-panel p-2"
        aria-label="Reply"
        onSubmit={(e) => {
          e.preventDefault();
          m.approve();
        }}
      >
        <div className="flex items-end gap-2">
          <h3 className="mr-auto text-[11px] font-semibold text-muted">Your reply (CreateMessageResult)</h3>
          <label className="text-[11px]">
            <span className="label">role</span>
            <select className="input w-24" value={draft.role} onChange={(e) => m.update({ role: e.target.value as 'assistant' | 'user' })}>
              <option value="assistant">assistant</option>
              <option value="user">user</option>
            </select>
          </label>
          <label className="text-[11px]">
            <span className="label">model</span>
            <input
              className="input w-40 font-mono"
              value={draft.model}
              onChange={(e) => m.update({ model: e.target.value })}
              data-testid="sampling-reply-model"
            />
          </label>
          <label className="text-[11px]">
            <span className="label">stopReason</span>
            <input
              className="input w-28 font-mono"
              list="sampling-stop-reasons"
              value={draft.stopReason}
              onChange={(e) => m.update({ stopReason: e.target.value })}
              placeholder="(none)"
            />
            <datalist id="sampling-stop-reasons">
              {STOP_REASONS.map((r) => (
                <option key={r} value={r} />
              ))}
            </datalist>
          </label>
        </div>
        <div className="flex items-center gap-2 text-[11px]">
          <span className="text-muted">content</span>
          {(['text', 'json'] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-1">
              <input type="radio" name={`mode-${request.requestId}`} checked={draft.mode === mode} onChange={() => m.setMode(mode)} />
              {mode === 'text' ? 'Text' : 'JSON (image, audio, tool_use, several blocks)'}
            </label>
          ))}
        </div>
        {draft.mode === 'text' ? (
          <textarea
            className="input h-24 resize-y py-1"
            value={draft.text}
            placeholder="Write the model's answer…"
            onChange={(e) => m.update({ text: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                m.approve();
              }
            }}
            data-testid="sampling-reply-text"
            aria-label="Reply text"
          />
        ) : (
          <div className="h-40 overflow-hidden rounded border border-line">
            <JsonEditor
              value={draft.json}
              onChange={(json) => m.update({ json })}
              onSubmit={() => m.approve()}
              ariaLabel="Reply content JSON"
              testId="sampling-reply-json"
              modelPath={`inmemory://mcpscope/sampling-${encodeURIComponent(request.sessionId + request.requestId)}.json`}
            />
          </div>
        )}
        {(m.errors.length > 0 || m.warnings.length > 0) && (
          <ul className="text-[11px]" role="alert" data-testid="sampling-validation">
            {m.errors.map((e) => (
              <li key={e} className="text-danger">
                ✕ {e}
              </li>
            ))}
            {m.warnings.map((w) => (
              <li key={w} className="text-warn">
                ⚠ {w}
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center gap-2">
          <span className="text-[11px] text-subtle">Reject answers with JSON-RPC error -1 “User rejected sampling request”.</span>
          <span className="flex-1" />
          <button type="button" className="btn btn-danger" onClick={m.reject} disabled={busy} data-testid="sampling-reject">
            Reject
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy}
            data-testid="sampling-approve"
            title="Send this reply (Ctrl/⌘+Enter)"
          >
            {busy ? 'Sending…' : 'Approve and send'}
          </button>
        </div>
      </form>
    </div>
  );
}

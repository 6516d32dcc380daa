import type { PendingServerRequest } from '@mcpscope/wire';
import { JsonTree } from '../../../ui/JsonTree';
import type { AnswerFn } from '../useServerRequestQueue';
import { ElicitFieldInput } from './ElicitFieldInput';
import { ElicitationUrlView } from './ElicitationUrlView';
import { useElicitationModel } from './useElicitationModel';
import { ownValue } from './elicitSchema';

interface Props {
  request: PendingServerRequest;
  serverName: string;
  answer: AnswerFn;
  busy: boolean;
}

/** `elicitation/create` in form or URL mode, answered with accept, decline or cancel. */
export function ElicitationDialog({ request, serverName, answer, busy }: Props) {
  const m = useElicitationModel(request, answer);
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="elicitation-dialog" data-mode={m.mode}>
      <div className="min-h-0 flex-1 overflow-auto p-2">
        <p className="mb-2 text-[11px] text-muted">
          <span className="font-semibold text-fg">{serverName}</span> asks
          {m.mode === 'url' ? ' you to open a link' : ' for the information below'}:
        </p>
        <blockquote className="mb-3 border-l-2 border-accent pl-2 text-sm whitespace-pre-wrap" data-testid="elicitation-message">
          {m.message || <span className="text-subtle">(no message)</span>}
        </blockquote>
        {m.mode === 'url' ? (
          <ElicitationUrlView m={m} />
        ) : (
          <form
            className="flex flex-col gap-2.5"
            aria-label="Requested information"
            onSubmit={(e) => {
              e.preventDefault();
              m.accept();
            }}
          >
            {m.schemaProblems.length > 0 && (
              <ul className="rounded border border-warn/50 bg-warn/10 px-2 py-1 text-[11px] text-warn">
                {m.schemaProblems.map((p) => (
                  <li key={p}>⚠ {p}</li>
                ))}
              </ul>
            )}
            {m.fields.length === 0 && <p className="text-xs text-muted">The schema asks for no fields; Accept sends an empty object.</p>}
            {m.fields.map((f) => (
              <ElicitFieldInput
                key={f.name}
                field={f}
                value={ownValue(m.values, f.name)}
                error={ownValue(m.errors, f.name)}
                onChange={(v) => m.setValue(f.name, v)}
              />
            ))}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
            <details className="text-[11px]">
              <summary className="cursor-pointer text-muted">What Accept sends</summary>
              <JsonTree value={m.preview} openDepth={3} />
            </details>
          </form>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2 border-t border-line bg-panel p-2">
        <span className="min-w-0 flex-1 truncate text-[11px] text-danger" role="status">
          {m.mode === 'form' && Object.keys(m.errors).length > 0 ? `${Object.keys(m.errors).length} field(s) need attention` : ''}
        </span>
        <button
          className="btn"
          onClick={m.cancel}
          disabled={busy}
          data-testid="elicitation-cancel"
          title="Dismiss without choosing (action: cancel)"
        >
          Cancel
        </button>
        <button
          className="btn btn-danger"
          onClick={m.decline}
          disabled={busy}
          data-testid="elicitation-decline"
          title="Refuse explicitly (action: decline)"
        >
          Decline
        </button>
        <button
          className="btn btn-primary"
          onClick={() => m.accept()}
          disabled={busy}
          data-testid="elicitation-accept"
          title="Send (action: accept)"
        >
          {busy ? 'Sending…' : m.mode === 'url' ? (m.opened ? 'Done — accept' : 'Accept') : 'Accept and send'}
        </button>
      </div>
    </div>
  );
}

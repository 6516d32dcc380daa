import { formatDuration } from '../../lib/format';
import { ApiRequestError } from '../../lib/api';
import { JsonView } from '../../ui/JsonView';
import type { ComposerModel } from './useComposerModel';

export function ComposerResponse({ m }: { m: ComposerModel }) {
  const response = m.reply?.response;
  const rpcError =
    response && typeof response.error === 'object' && response.error !== null
      ? (response.error as { code?: number; message?: string })
      : undefined;
  return (
    <div
      className="flex h-full min-h-0 flex-col"
      data-testid="composer-response"
      data-state={m.pending ? 'pending' : m.error ? 'failed' : rpcError ? 'rpc-error' : response ? 'ok' : m.reply ? 'sent' : 'idle'}
    >
      <div className="flex shrink-0 items-center gap-2 border-b border-line bg-panel px-2 py-1.5">
        <span className="font-semibold">Response</span>
        {m.sent && <span className="truncate font-mono text-[11px] text-muted">{m.sent.body.message.method}</span>}
        <span className="flex-1" />
        {m.reply?.latencyMs !== undefined && (
          <span className="chip" data-testid="composer-latency">
            {formatDuration(m.reply.latencyMs)}
          </span>
        )}
        {rpcError && <span className="chip border-danger/50 text-danger">error {rpcError.code}</span>}
      </div>
      {m.pending && <div className="p-3 text-muted">Waiting for the response…</div>}
      {!m.pending && m.error && (
        <div className="m-2 rounded border border-danger/40 bg-danger/5 p-2" role="alert">
          <div className="font-semibold text-danger">Not sent or no answer</div>
          <div className="mt-0.5">{m.error.message}</div>
          {m.error instanceof ApiRequestError && (
            <div className="mt-1 font-mono text-[11px] text-muted">
              {m.error.code}
              {m.error.status ? ` · HTTP ${m.error.status}` : ''}
            </div>
          )}
        </div>
      )}
      {!m.pending && !m.error && rpcError && (
        <div className="mx-2 mt-2 rounded border border-danger/40 bg-danger/5 p-2 text-danger">
          JSON-RPC error {rpcError.code}: {rpcError.message}
        </div>
      )}
      {!m.pending && !m.error && response && (
        <JsonView key={JSON.stringify(m.sent?.text)} value={response} copyTestId="composer-response-copy" />
      )}
      {!m.pending && !m.error && m.reply && !response && <div className="p-3 text-muted">Notification sent. No response is expected.</div>}
      {!m.pending && !m.error && !m.reply && (
        <div className="p-3 text-muted">
          Pick a template or write any JSON-RPC request, then press Send. The exchange also appears in the Frames tab.
        </div>
      )}
    </div>
  );
}

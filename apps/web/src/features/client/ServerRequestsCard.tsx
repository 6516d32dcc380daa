import type { PendingServerRequest } from '@mcpscope/wire';
import { formatClock, formatDuration } from '../../lib/format';
import { showServerRequest } from '../../lib/serverRequestSheet';
import { activeTabStore, frameFocusStore } from '../../lib/uiState';
import type { ClientRequestEntry } from './clientRequestLog';

/** Requests waiting for the user now, and every request the server made of the client so far. */
export function ServerRequestsCard({
  sessionId,
  pending,
  history,
}: {
  sessionId: string | null;
  pending: readonly PendingServerRequest[];
  history: readonly ClientRequestEntry[];
}) {
  const showFrame = (seq: number) => {
    if (!sessionId) return;
    frameFocusStore.set({ sessionId, seq });
    activeTabStore.set('frames');
  };
  const asked = history.filter((e) => e.method !== 'ping');
  return (
    <div className="flex flex-col gap-1.5">
      {pending.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label="Waiting for an answer">
          {pending.map((r) => (
            <li key={r.requestId} className="flex items-center gap-2 rounded border border-warn/60 bg-warn/10 px-2 py-1 text-xs">
              <span className="h-2 w-2 animate-pulse rounded-full bg-warn" aria-hidden />
              <span className="font-mono">{r.method}</span>
              <span className="text-muted">since {formatClock(r.receivedAt)}</span>
              <span className="flex-1" />
              <button className="btn h-5" onClick={() => showServerRequest(r)}>
                Answer…
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="text-xs text-subtle" data-testid="server-requests-empty">
          {asked.length === 0
            ? 'No request from the server yet. A server asks its client for an LLM completion (sampling), for your input (elicitation) or for its roots, usually in the middle of a tool call; sampling and elicitation open a dialog here for you to answer.'
            : 'Nothing is waiting. Sampling and elicitation requests open a dialog as soon as they arrive.'}
        </div>
      )}
      {asked.length > 0 && (
        <table className="w-full text-left text-[11px]" aria-label="Server requests so far">
          <thead className="text-muted">
            <tr>
              <th className="font-medium">method</th>
              <th className="font-medium">via</th>
              <th className="font-medium">answer</th>
              <th className="font-medium">time</th>
            </tr>
          </thead>
          <tbody>
            {asked
              .slice(-50)
              .reverse()
              .map((e) => (
                <tr key={`${e.seq}-${e.id}`} className="border-t border-line" data-testid="client-request-row" data-method={e.method}>
                  <td className="font-mono">
                    <button className="hover:underline" onClick={() => showFrame(e.seq)} title={`frame #${e.seq}`}>
                      {e.method}
                    </button>
                  </td>
                  <td className="text-muted">{e.via === 'request' ? `request id ${e.id}` : `input_required “${e.id}”`}</td>
                  <td className="max-w-64 truncate" title={e.answer}>
                    {e.answer ?? <span className="text-warn">waiting</span>}
                  </td>
                  <td className="font-mono text-muted">{e.answerT !== undefined ? formatDuration(e.answerT - e.t) : '—'}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

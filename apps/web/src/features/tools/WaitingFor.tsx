import { openPendingAuthorization } from '../../lib/oauthPopup';
import { useServices, useStoreSelector } from '../../lib/services';
import { showServerRequest } from '../../lib/serverRequestSheet';
import { useSessionAttention } from '../../lib/useSessionAttention';

/**
 * While a call runs: what it waits for, when that is the user (a step-up authorization, the
 * server's question), with the way to answer; else "the server's result". A call held by a
 * step-up used to read "Waiting for the result… no progress reported yet" until it timed out.
 */
export function WaitingFor({ sessionId }: { sessionId: string }) {
  const { api } = useServices();
  const { items, oauth } = useSessionAttention(sessionId);
  const request = useStoreSelector((s) => s.pending.find((r) => r.sessionId === sessionId));
  if (oauth) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-accent" data-testid="tool-waiting-for" data-for="oauth">
        <span>
          Waiting for your authorization{oauth.stepUp ? ': the server needs more scope' : ''}
          {oauth.requiredScope ? ` (${oauth.requiredScope})` : ''}. The call goes on once you approve it.
        </span>
        {oauth.stage === 'browser' && (
          <button
            type="button"
            className="btn btn-primary h-6"
            onClick={() => void openPendingAuthorization(api, sessionId)}
            data-testid="tool-waiting-open"
          >
            Open the authorization page
          </button>
        )}
      </div>
    );
  }
  if (request) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-warn" data-testid="tool-waiting-for" data-for="server-request">
        <span>Waiting for your answer: the server sent {items.find((i) => i.kind === 'server-request')?.text ?? 'a request'}.</span>
        <button type="button" className="btn h-6" onClick={() => showServerRequest(request)} data-testid="tool-waiting-answer">
          Answer it
        </button>
      </div>
    );
  }
  return (
    <span data-testid="tool-waiting-for" data-for="result">
      Waiting for the result…
    </span>
  );
}

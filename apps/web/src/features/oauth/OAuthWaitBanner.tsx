import type { OAuthWait } from '../../lib/attention';
import { navigate } from '../../lib/navigation';
import { openPendingAuthorization } from '../../lib/oauthPopup';
import { useServices } from '../../lib/services';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { useSessionAttention } from '../../lib/useSessionAttention';
import { useValue } from '../../lib/valueStore';

/** "asks for mcp:read mcp:write; the token holds mcp:read": granted versus requested, in words. */
export function scopeSentence(w: OAuthWait): string {
  const parts: string[] = [];
  if (w.requiredScope) parts.push(`the server asked for ${w.requiredScope}`);
  if (w.requestedScope) parts.push(`mcpscope asks for ${w.requestedScope}`);
  parts.push(w.grantedScope ? `the token holds ${w.grantedScope}` : w.stepUp ? 'the token’s scope is not known' : 'no token yet');
  return parts.join('; ');
}

/**
 * An authorization of the session in view waits for the user (a step-up during a call, or the
 * first one): said above every view but the OAuth tab (which has its own), with the scopes
 * granted and requested, and the page to open (or the Guided step to continue).
 */
export function OAuthWaitBanner() {
  const { api } = useServices();
  const sessionId = useValue(activeSessionStore);
  const tab = useValue(activeTabStore);
  const { oauth } = useSessionAttention(sessionId);
  if (!sessionId || !oauth || tab === 'oauth') return null;
  const title = oauth.stepUp ? 'The server needs more scope: a step-up authorization waits for you' : 'An authorization waits for you';
  return (
    <div
      className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-accent/50 bg-accent/10 px-2 py-1 text-[12px]"
      role="alert"
      data-testid="oauth-wait-banner"
      data-stage={oauth.stage}
    >
      <span className="font-semibold">{title}</span>
      <span className="min-w-0 text-muted" data-testid="oauth-wait-scopes">
        {scopeSentence(oauth)}.
      </span>
      <span className="flex-1" />
      {oauth.stage === 'browser' ? (
        <button
          type="button"
          className="btn btn-primary h-6"
          data-testid="oauth-wait-open"
          onClick={() => void openPendingAuthorization(api, sessionId)}
        >
          Open the authorization page
        </button>
      ) : (
        <button type="button" className="btn btn-primary h-6" data-testid="oauth-wait-continue" onClick={() => navigate('oauth')}>
          Continue in the OAuth tab
        </button>
      )}
      {oauth.stage === 'browser' && (
        <button type="button" className="btn h-6" onClick={() => navigate('oauth')} data-testid="oauth-wait-details">
          Details
        </button>
      )}
    </div>
  );
}

import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { ConnectErrorView } from '../../ui/ConnectErrorView';
import { navigate } from '../../lib/navigation';
import { challengeOf } from '../../lib/wwwAuthenticate';

/**
 * Why the selected session failed, above the tabs: the one place a connect failure is shown
 * in full, whether the connect came from the form or from the command line.
 */
export function SessionErrorBanner() {
  const activeId = useValue(activeSessionStore);
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === activeId));
  if (session?.state !== 'failed' || !session.error) return null;
  return (
    <div className="max-h-[40%] shrink-0 overflow-auto border-b border-line p-2">
      <ConnectErrorView
        title={`Could not connect to ${session.name}`}
        message={session.error.message}
        codes={[session.error.code]}
        failure={session.error}
      />
      {session.error.httpStatus === 401 && challengeOf(session.error.httpHeaders) ? (
        <div className="mt-1 flex items-center gap-2 text-[11px]" data-testid="oauth-needed">
          <span>The server needs OAuth authorization (WWW-Authenticate: {challengeOf(session.error.httpHeaders)?.scheme}).</span>
          <button type="button" className="btn btn-primary" onClick={() => navigate('oauth')} data-testid="oauth-open-tab">
            Authorize…
          </button>
        </div>
      ) : (
        <div className="mt-1 text-[11px] text-muted" data-testid="connect-error-next">
          {nextStep(session.transport)}
        </div>
      )}
    </div>
  );
}

/**
 * Where to look next, for the transport that failed: a stdio server prints to stderr (the
 * Console has it); an HTTP server prints nothing to mcpscope, so the Console has the HTTP
 * exchanges and the server's own log is where it runs.
 */
export function nextStep(transport: 'stdio' | 'http' | 'sse'): string {
  if (transport === 'stdio')
    return 'The Console tab has everything the server printed on stderr. Fix the server, then connect again from the sidebar.';
  return 'The Console tab lists each HTTP request mcpscope made and its status; what the server itself logged is where it runs. Check the URL and that the server is up, then connect again from the sidebar.';
}

import { useState } from 'react';
import { formatDateTime, formatRelative } from '../../lib/format';
import { activeSessionStore } from '../../lib/uiState';
import { EmptyState } from '../../ui/EmptyState';
import { useValue } from '../../lib/valueStore';
import { GuidedPause } from './GuidedPause';
import { OAuthRunList } from './OAuthRunList';
import { DpopKeyChip, DpopToggle } from './DpopProof';
import { useOAuthModel, type AuthMethod, type OAuthInputs, type OAuthModel } from './useOAuthModel';

const METHODS: AuthMethod[] = ['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt'];
const FIELDS: Array<[keyof OAuthInputs, string, string]> = [
  ['scope', 'Scopes', 'from the challenge / metadata'],
  ['clientId', 'Client id', 'Dynamic Client Registration'],
  ['clientSecret', 'Client secret', 'none (public client)'],
  ['redirectUrl', 'Redirect URI', "mcpscope's /oauth/callback"],
  ['resource', 'Resource (RFC 8707)', 'the MCP server URL'],
];

/** OAuth 2.1 for the active HTTP session: the 401 explained, Quick and Guided flows, every step, token status. */
export function OAuthPanel() {
  const sessionId = useValue(activeSessionStore);
  const m = useOAuthModel(sessionId);
  const [mode, setMode] = useState<'quick' | 'guided'>('quick');
  if (!sessionId || !m.session) {
    return (
      <EmptyState title="No session selected" testId="oauth-empty">
        <p>
          Connect to a remote server by URL in the sidebar: when it answers 401, this tab explains the challenge and runs the OAuth 2.1
          flow, step by step.
        </p>
      </EmptyState>
    );
  }
  if (!m.isHttp) return <OAuthNotApplicable />;
  const s = m.status;
  // A Guided step-up pauses on its own (a 403 during a call): show it whichever mode is selected.
  const g = s?.guided;
  const guidedWaits =
    mode === 'quick' &&
    !!g &&
    (['client', 'authorization', 'waiting', 'token'].includes(g.stage) || (g.stage === 'failed' && Object.hasOwn(g.summary, 'stepUp')));
  return (
    <div className="h-full min-h-0 overflow-auto p-2 text-[12px]" data-testid="oauth-panel">
      <Challenge m={m} />
      {s?.pendingAuthorizationUrl && (
        <div className="mb-2 rounded border border-accent/50 bg-accent/10 p-2" data-testid="oauth-pending">
          An authorization is waiting for you in the browser.{' '}
          <button type="button" className="btn" data-testid="oauth-open-pending" onClick={() => m.openPending(s.pendingAuthorizationUrl!)}>
            Open the authorization page
          </button>
        </div>
      )}
      <Status m={m} />
      <DpopToggle on={m.dpop} set={m.setDpop} disabled={m.busy || m.dpopHeld} />
      <div className="mb-2 flex items-center gap-1">
        <button type="button" className={`btn ${mode === 'quick' ? 'btn-primary' : ''}`} onClick={() => setMode('quick')}>
          Quick
        </button>
        <button
          type="button"
          className={`btn ${mode === 'guided' ? 'btn-primary' : ''}`}
          onClick={() => setMode('guided')}
          data-testid="oauth-guided"
        >
          Guided
        </button>
      </div>
      {mode === 'quick' ? (
        <>
          <div className="mb-2 flex items-center gap-2">
            <button type="button" className="btn btn-primary" disabled={m.busy} onClick={() => void m.quick()} data-testid="oauth-quick">
              Authorize (Quick)
            </button>
            <span className="text-muted">Opens the authorization page, comes back and connects.</span>
          </div>
          {guidedWaits && <GuidedPause key={g!.stage} m={m} state={g!} />}
        </>
      ) : (
        <>
          <Inputs m={m} />
          {s?.guided && <GuidedPause key={s.guided.stage} m={m} state={s.guided} />}
        </>
      )}
      {m.error && (
        <div className="mb-2 rounded border border-danger/40 bg-danger/5 p-2 text-danger" role="alert" data-testid="oauth-error">
          {m.error}
        </div>
      )}
      <h3 className="mt-3 mb-1 font-semibold">
        Steps ({m.steps.length}
        {m.steps.length > 0 ? `, by run` : ''})
      </h3>
      {m.steps.length === 0 && (
        <p className="text-muted" data-testid="oauth-steps-empty">
          No OAuth step yet. {s?.enabled || m.challenge ? '' : 'This server has not asked for authorization (no 401). '}
          Authorize (Quick or Guided) runs the flow: discovery, client registration, the authorization page and the token exchange, each
          HTTP exchange listed here with what the spec expects.
        </p>
      )}
      <OAuthRunList steps={m.steps} />
    </div>
  );
}

/** A stdio session: OAuth is for HTTP servers; how to connect to one with it. */
function OAuthNotApplicable() {
  return (
    <EmptyState title="OAuth applies to remote (HTTP) servers" testId="oauth-empty">
      <p>
        This session runs over stdio: a stdio server takes its credentials from its environment, and the spec's authorization applies to
        HTTP only.
      </p>
      <p className="mt-2">
        To inspect a server behind OAuth, connect by URL: in the sidebar pick Streamable HTTP (or auto-detect) and give its URL. When it
        answers 401, this tab explains the challenge and runs the OAuth 2.1 flow, Quick or Guided (a pause before each step). From a
        terminal:
      </p>
      <code className="mt-1 block rounded border border-line bg-panel px-2 py-1 font-mono text-[12px] text-fg select-all">
        npx mcpscope --url https://example.com/mcp --oauth
      </code>
    </EmptyState>
  );
}

function Challenge({ m }: { m: OAuthModel }) {
  const c = m.challenge;
  const failed = m.session?.state === 'failed' && m.session.error?.httpStatus === 401;
  if ((!c && !failed) || (m.status?.authorized && !m.status.pendingAuthorizationUrl && m.session?.state === 'connected')) return null;
  return (
    <div className="mb-2 rounded border border-warn/50 bg-warn/10 p-2" data-testid="oauth-challenge">
      <div className="font-semibold">{failed ? 'The server needs authorization (HTTP 401)' : 'The server asked for authorization'}</div>
      <p className="mt-1 text-muted">
        It answered with <code>WWW-Authenticate: {c?.scheme ?? 'Bearer'}</code>. mcpscope can run the OAuth 2.1 flow the spec describes and
        connect with the token.
      </p>
      <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-2 font-mono text-[11px]">
        {c?.resourceMetadata && (
          <>
            <dt className="text-muted">resource_metadata</dt>
            <dd className="break-all" data-testid="oauth-challenge-metadata">
              {c.resourceMetadata}
            </dd>
          </>
        )}
        {c?.scope && (
          <>
            <dt className="text-muted">scope</dt>
            <dd>{c.scope}</dd>
          </>
        )}
        {c?.error && (
          <>
            <dt className="text-muted">error</dt>
            <dd>
              {c.error}
              {c.errorDescription ? ` — ${c.errorDescription}` : ''}
            </dd>
          </>
        )}
      </dl>
      <button type="button" className="btn btn-primary mt-2" disabled={m.busy} onClick={() => void m.quick()} data-testid="oauth-authorize">
        Authorize
      </button>
    </div>
  );
}

function Status({ m }: { m: OAuthModel }) {
  const s = m.status;
  if (!s?.enabled) return null;
  const expires = s.expiresAt ? `${formatDateTime(s.expiresAt)} (${formatRelative(s.expiresAt)})` : undefined;
  return (
    <div
      className="mb-2 flex flex-wrap items-center gap-2 rounded border border-line p-2"
      data-testid="oauth-status"
      data-authorized={s.authorized}
    >
      <span className={`chip ${s.authorized ? 'text-ok' : 'text-muted'}`}>{s.authorized ? 'authorized' : 'not authorized'}</span>
      {s.scope && (
        <span>
          scopes <code data-testid="oauth-status-scope">{s.scope}</code>
        </span>
      )}
      {expires && <span data-testid="oauth-status-expires">expires {expires}</span>}
      <span>{s.hasRefreshToken ? 'refresh token available' : 'no refresh token'}</span>
      {s.issuer && <span className="text-muted">issuer {s.issuer}</span>}
      {s.clientId && <span className="text-muted">client {s.clientId}</span>}
      <DpopKeyChip dpop={s.dpop} />
      <span className="flex-1" />
      {s.authorized && (
        <button type="button" className="btn" onClick={() => void m.signOut()} data-testid="oauth-signout">
          Sign out (revoke)
        </button>
      )}
    </div>
  );
}

function Inputs({ m }: { m: OAuthModel }) {
  return (
    <form
      className="mb-2 grid grid-cols-[max-content_1fr] items-center gap-x-2 gap-y-1 rounded border border-line p-2"
      onSubmit={(e) => {
        e.preventDefault();
        void m.guided();
      }}
      data-testid="oauth-inputs"
    >
      {FIELDS.map(([key, label, placeholder]) => (
        <label key={key} className="contents">
          <span className="text-muted">{label}</span>
          <input
            className="input"
            value={m.inputs[key]}
            placeholder={placeholder}
            type={key === 'clientSecret' ? 'password' : 'text'}
            onChange={(e) => m.setInput(key, e.target.value)}
            data-testid={key === 'scope' ? 'oauth-scope-input' : `oauth-input-${key}`}
          />
        </label>
      ))}
      <label className="contents">
        <span className="text-muted">Client auth method</span>
        <select
          className="input"
          value={m.inputs.authMethod}
          onChange={(e) => m.setInput('authMethod', e.target.value as AuthMethod | '')}
          data-testid="oauth-input-authMethod"
        >
          <option value="">from the server metadata</option>
          {METHODS.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </select>
      </label>
      <span />
      <div>
        <button type="submit" className="btn btn-primary" disabled={m.busy} data-testid="oauth-guided-start">
          Start guided authorization
        </button>{' '}
        <span className="text-muted">Discovery runs, then it pauses before each step so you can change its inputs.</span>
      </div>
    </form>
  );
}

import { OAuthRunner, type HttpSessionConfig, type OAuthConfig, type Session } from '@mcpscope/engine';
import type { OAuthConfigInput, OAuthStatus } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import type { PendingAuthorizations } from './pending.js';

/** How long a connect may wait for the user to authorize in the browser. */
export const OAUTH_CONNECT_TIMEOUT_MS = 10 * 60_000;

function httpConfig(session: Session): HttpSessionConfig {
  const c = session.config;
  if (c.transport === 'stdio')
    throw new ProxyError('MCPSCOPE_ERR_OAUTH_UNSUPPORTED', 'OAuth applies to HTTP sessions, not to stdio servers');
  return c;
}

/**
 * The session's OAuthRunner, driven by the web UI (`pending.agent`). New inputs (the Guided
 * view's scopes, client, redirect URI, auth method) replace the runner: they start a new client.
 */
export function ensureRunner(session: Session, pending: PendingAuthorizations, input?: OAuthConfigInput): OAuthRunner {
  const c = httpConfig(session);
  if (session.oauth && !input) return session.oauth;
  const config: OAuthConfig = { ...c.oauth, ...input, redirectUrl: input?.redirectUrl ?? c.oauth?.redirectUrl ?? pending.redirectUrl() };
  c.oauth = config;
  session.oauth = new OAuthRunner({
    serverUrl: c.url,
    config,
    userAgent: pending.agent,
    emit: (step, detail) => session.log.add({ type: 'oauth', step, detail }),
  });
  return session.oauth;
}

export function statusOf(session: Session): OAuthStatus {
  const c = session.config;
  const s = session.oauth?.status();
  return {
    enabled: !!session.oauth,
    authorized: s?.authorized ?? false,
    hasRefreshToken: s?.hasRefreshToken ?? false,
    ...(s?.issuer ? { issuer: s.issuer } : {}),
    ...(s?.scope ? { scope: s.scope } : {}),
    ...(s?.expiresAt ? { expiresAt: s.expiresAt } : {}),
    ...(s?.clientId ? { clientId: s.clientId } : {}),
    ...(s?.dpop ? { dpop: s.dpop } : {}),
    ...(s?.pendingAuthorizationUrl ? { pendingAuthorizationUrl: s.pendingAuthorizationUrl } : {}),
    ...(c.transport !== 'stdio' && c.oauth?.redirectUrl ? { redirectUrl: c.oauth.redirectUrl } : {}),
    ...(s?.guided ? { guided: s.guided as OAuthStatus['guided'] } : {}),
  };
}

/** Resolves when the runner hands an authorization URL to the user agent. */
export function authorizationRequested(session: Session): { promise: Promise<void>; stop(): void } {
  let stop = () => {};
  const promise = new Promise<void>((resolve) => {
    stop = session.log.subscribe((e) => {
      if (e.type === 'oauth' && e.step === 'authorization-request') resolve();
    });
  });
  return { promise, stop };
}

/**
 * Starts (or joins) an authorization and answers as soon as the browser has something to open,
 * or the authorization finished without one (stored or refreshed tokens, client_credentials).
 * Once authorized, a session that failed (the 401) connects again with the token.
 */
export async function startAuthorization(
  session: Session,
  pending: PendingAuthorizations,
  opts: { config?: OAuthConfigInput; scope?: string; force?: boolean },
): Promise<string | undefined> {
  const runner = ensureRunner(session, pending, opts.config);
  const already = runner.status().pendingAuthorizationUrl;
  if (already) return already;
  const requested = authorizationRequested(session);
  const challenge = opts.scope || runner.status().authorized ? undefined : failedChallenge(session);
  // After a failed connect, start where the server left off: its 401's resource_metadata and scope.
  const authorizing = challenge ? runner.onUnauthorized(challenge) : runner.authorize({ scope: opts.scope, force: opts.force });
  const done = authorizing.then(() => reconnectIfFailed(session, pending));
  done.catch((err: unknown) => session.log.add({ type: 'oauth', step: 'error', detail: { message: (err as Error).message } }));
  try {
    await Promise.race([requested.promise, done]);
  } catch (err) {
    throw new ProxyError('MCPSCOPE_ERR_OAUTH_FAILED', (err as Error).message, { message: (err as Error).message });
  } finally {
    requested.stop();
  }
  return runner.status().pendingAuthorizationUrl;
}

/** The 401 of a failed connect, rebuilt so the runner reads its WWW-Authenticate as on a live 401. */
export function failedChallenge(session: Session): Response | undefined {
  const error = session.info().error;
  if (session.info().state !== 'failed' || error?.httpStatus !== 401) return undefined;
  const header = Object.entries(error.httpHeaders ?? {}).find(([k]) => k.toLowerCase() === 'www-authenticate')?.[1];
  return header ? new Response(null, { status: 401, headers: { 'www-authenticate': header } }) : undefined;
}

/** Once authorized, a session that failed (the 401) connects again with the token. */
export async function reconnectIfFailed(session: Session, pending: PendingAuthorizations): Promise<void> {
  if (session.info().state !== 'failed') return;
  await session.connect({ oauthUserAgent: pending.agent, connectTimeoutMs: OAUTH_CONNECT_TIMEOUT_MS }).catch(() => undefined);
}

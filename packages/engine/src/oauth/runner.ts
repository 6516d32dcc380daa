import {
  auth,
  IssuerMismatchError,
  discoverOAuthServerInfo,
  extractWWWAuthenticateParams,
  computeScopeUnion,
  type AuthProvider,
  type FetchLike,
} from '@modelcontextprotocol/client';
import { createOAuthFetch, redactDetail, type OAuthEmit } from './oauth-fetch.js';
import { McpscopeOAuthProvider } from './provider.js';
import { GuidedFlow } from './guided.js';
import { revokeTokens } from './revocation.js';
import { captureRegistrations, ensureRegisteredScope } from './registration-update.js';
import { DpopKey } from './dpop.js';
import { dpopResourceFetch, dpopTokenFetch, lazyKey } from './dpop-fetch.js';
import { authorizeWorkload } from './wif.js';
import type { GuidedState } from './guided-types.js';
import type { CallbackParams, OAuthConfig, OAuthStatus, UserAgent } from './types.js';
import { checkAuthorizationUrl } from './authorization-url.js';

export interface OAuthRunnerOptions {
  serverUrl: string;
  config: OAuthConfig;
  /** Drives the browser (or not) through the authorization endpoint. */
  userAgent?: UserAgent;
  /** Receives every step, already redacted. */
  emit: OAuthEmit;
  fetch?: FetchLike;
}

/** Refresh this long before the access token expires. */
const EXPIRY_SKEW_MS = 30_000;

/**
 * One MCP server's OAuth 2.1 client (2025-11-25/basic/authorization): discovery, client
 * identity, PKCE, resource indicators, state and iss checks, refresh, step-up and revocation,
 * built on the SDK's `auth()` and helpers. Every HTTP exchange is an `oauth` event.
 */
export class OAuthRunner {
  readonly provider: McpscopeOAuthProvider;
  private readonly serverUrl: URL;
  private readonly fetchFn: FetchLike;
  private readonly emit: OAuthEmit;
  private scope?: string;
  private resourceMetadataUrl?: URL;
  private running?: Promise<void>;
  /** The Guided authorization in progress or last finished (one per runner). */
  guided?: GuidedFlow;
  /** Set when the server publishes protected resource metadata (RFC 9728). */
  private sawResourceMetadata = false;
  /** The 2025-03-26 fallback's metadata names another issuer; accepted once, reported as a finding. */
  private skipIssuer = false;
  /** RFC 9449: the runner's DPoP key (made on first use), when the config asks for DPoP. */
  private readonly dpopKey?: () => Promise<DpopKey>;
  private dpopInfo?: { alg: string; thumbprint: string };

  constructor(private readonly options: OAuthRunnerOptions) {
    this.serverUrl = new URL(options.serverUrl);
    this.emit = (step, detail) => {
      if (step === 'protected-resource-metadata' && (detail.response as { status?: number } | undefined)?.status === 200)
        this.sawResourceMetadata = true;
      options.emit(step, redactDetail(detail));
    };
    this.provider = new McpscopeOAuthProvider(
      options.config,
      options.serverUrl,
      options.config.redirectUrl ?? 'http://127.0.0.1/oauth/callback',
    );
    const provider = this.provider;
    const dpop = options.config.dpop;
    if (dpop) {
      this.dpopKey = lazyKey(async () => DpopKey.create(dpop).then((k) => ((this.dpopInfo = { alg: k.alg, thumbprint: k.thumbprint }), k)));
      // Made now, so the status names the key before its first proof (a bad --dpop-key fails at the first token request).
      void this.dpopKey().catch(() => undefined);
    }
    const recorded = captureRegistrations(createOAuthFetch(options.fetch ?? fetch, this.serverUrl, this.emit), (doc) =>
      provider.noteRegistration(doc),
    );
    // DPoP proofs go on outside the recording fetch: each attempt is an event with its proof.
    this.fetchFn = this.dpopKey ? dpopTokenFetch(recorded, this.dpopKey, this.emit) : recorded;
    this.provider.fetchFn = this.fetchFn;
    this.scope = options.config.scope;
  }

  status(): OAuthStatus {
    const t = this.provider.currentTokens();
    return {
      authorized: !!t?.access_token,
      issuer: this.provider.issuer,
      scope: t?.scope,
      expiresAt: t?.expires_at,
      hasRefreshToken: !!t?.refresh_token,
      clientId: this.provider.clientId(),
      ...(this.dpopInfo ? { dpop: this.dpopInfo } : {}),
      pendingAuthorizationUrl: this.provider.pendingUrl?.href,
      ...(this.guided ? { guided: this.guided.state() } : {}),
    };
  }

  /**
   * Starts a Guided authorization: discovery runs now, then the flow pauses before each step
   * until `guided.next(inputs)`. A new start replaces an unfinished one.
   */
  async startGuided(stepUp?: { requiredScope?: string }): Promise<GuidedState> {
    this.guided?.cancel();
    const runner = this;
    const flow = new GuidedFlow({
      serverUrl: this.serverUrl,
      config: this.options.config,
      provider: this.provider,
      fetchFn: this.fetchFn,
      emit: this.emit,
      userAgent: this.options.userAgent,
      get scope() {
        return runner.scope;
      },
      set scope(v) {
        runner.scope = v;
      },
      resourceMetadataUrl: this.resourceMetadataUrl,
      discover: () => this.discover(),
      ...(stepUp ? { stepUp } : {}),
    });
    this.guided = flow;
    return flow.start();
  }

  /** RFC 9728 then RFC 8414 / OIDC discovery, with the 2025-03-26 issuer fallback of `run`. */
  private async discover() {
    const opts = { fetchFn: this.fetchFn, resourceMetadataUrl: this.resourceMetadataUrl, skipIssuerMetadataValidation: this.skipIssuer };
    return discoverOAuthServerInfo(this.serverUrl, opts).catch((err: unknown) => {
      if (!this.acceptLegacyIssuer(err)) throw err;
      return discoverOAuthServerInfo(this.serverUrl, { ...opts, skipIssuerMetadataValidation: true });
    });
  }

  /** Runs (or joins) one authorization. `force` skips the refresh branch: a refresh cannot widen scope. */
  authorize(opts: { scope?: string; force?: boolean } = {}): Promise<void> {
    return (this.running ??= this.run(opts).finally(() => (this.running = undefined)));
  }

  private async run({ scope, force }: { scope?: string; force?: boolean }): Promise<void> {
    if (scope) this.scope = computeScopeUnion(this.scope, scope);
    this.emit('start', {
      serverUrl: this.serverUrl.href,
      scope: this.scope,
      grant: this.options.config.grant ?? 'authorization_code',
      force: !!force,
    });
    // SEP-1933 workload identity: one jwt-bearer request, its error surfaced as is (wif.ts).
    if (this.options.config.grant === 'jwt-bearer') {
      await authorizeWorkload({
        serverUrl: this.serverUrl,
        provider: this.provider,
        fetchFn: this.fetchFn,
        scope: this.scope,
        discover: () => this.discover(),
      });
      return this.authorized();
    }
    // A client held to its registered scope cannot ask for more: widen its registration first.
    await ensureRegisteredScope({
      provider: this.provider,
      config: this.options.config,
      fetchFn: this.fetchFn,
      emit: this.emit,
      scope: this.scope,
      announceKept: !!force,
      discover: () => this.discover(),
    });
    const base = {
      serverUrl: this.serverUrl,
      scope: this.scope,
      resourceMetadataUrl: this.resourceMetadataUrl,
      fetchFn: this.fetchFn,
      skipIssuerMetadataValidation: this.skipIssuer,
    };
    let result = await auth(this.provider, { ...base, forceReauthorization: force }).catch((err: unknown) => {
      if (!this.acceptLegacyIssuer(err)) throw err;
      base.skipIssuerMetadataValidation = true;
      return auth(this.provider, { ...base, forceReauthorization: force });
    });
    if (result === 'REDIRECT') {
      const url = this.provider.pendingUrl!;
      checkAuthorizationUrl(url);
      const expectedState = url.searchParams.get('state') ?? undefined;
      this.emit('authorization-request', { url: url.href, params: Object.fromEntries(url.searchParams) });
      if (!this.options.userAgent) throw new Error('Authorization needs a browser but no user agent is configured');
      const params = await this.options.userAgent(url, this.provider.redirect ?? '');
      this.provider.pendingUrl = undefined;
      this.emit('authorization-response', { params: { ...params } });
      result = await this.finish(params, expectedState, base);
    }
    if (result !== 'AUTHORIZED') throw new Error('Authorization did not complete');
    this.authorized();
  }

  private authorized(): void {
    const t = this.provider.currentTokens();
    this.emit('authorized', {
      issuer: this.provider.issuer,
      scope: t?.scope,
      tokenType: t?.token_type,
      expiresIn: t?.expires_in,
      refreshToken: !!t?.refresh_token,
      ...(this.dpopInfo ? { dpop: this.dpopInfo } : {}),
    });
  }

  /**
   * A 2025-03-26 server without protected resource metadata serves its authorization server
   * metadata from its own origin, where the `issuer` may name a path (…/oauth): RFC 8414 §3.3's
   * echo check fails although nothing was mixed up. Accept it only in that fallback, and only
   * for the metadata check (never for RFC 9207 `iss`), and say so as a finding.
   */
  private acceptLegacyIssuer(err: unknown): boolean {
    if (!(err instanceof IssuerMismatchError) || err.kind !== 'metadata' || this.sawResourceMetadata || this.skipIssuer) return false;
    this.skipIssuer = true;
    this.emit('issuer-mismatch', {
      expected: err.expected,
      received: err.received,
      findings: [
        {
          rule: 'oauth-issuer-mismatch',
          severity: 'warning',
          message: `The authorization server metadata names issuer ${JSON.stringify(err.received)}, not ${JSON.stringify(err.expected)}; accepted because the server has no protected resource metadata (2025-03-26 fallback)`,
          spec: 'RFC 8414 §3.3',
        },
      ],
    });
    return true;
  }

  private async finish(params: CallbackParams, expectedState: string | undefined, base: Parameters<typeof auth>[1]) {
    if (params.error)
      throw new Error(`Authorization server answered ${params.error}${params.error_description ? `: ${params.error_description}` : ''}`);
    // RFC 6749 §10.12 / OAuth 2.1 §7.11: the state must be the one this client sent.
    if (!params.state || params.state !== expectedState) {
      this.emit('state-mismatch', {
        findings: [
          {
            rule: 'oauth-state-mismatch',
            severity: 'error',
            message: 'The callback state does not match the request (CSRF)',
            spec: 'RFC 6749 §4.1.2',
            quote:
              'REQUIRED if the "state" parameter was present in the client authorization request. The exact value received from the client.',
          },
        ],
      });
      throw new Error('OAuth state mismatch: the callback does not belong to this authorization');
    }
    if (!params.code) throw new Error('The authorization response has no code');
    // The SDK checks RFC 9207 `iss` against the recorded issuer before redeeming the code.
    return auth(this.provider, { ...base, authorizationCode: params.code, iss: params.iss });
  }

  /** The access token, refreshed first when it is about to expire. */
  async token(): Promise<string | undefined> {
    const t = this.provider.currentTokens();
    if (t?.expires_at && t.refresh_token && t.expires_at - EXPIRY_SKEW_MS < Date.now()) {
      this.emit('token-expiring', { expiresAt: t.expires_at });
      await this.authorize().catch(() => undefined);
    }
    return this.provider.currentTokens()?.access_token;
  }

  /** 401 from the MCP server: refresh if possible, else authorize anew. */
  async onUnauthorized(response: Response): Promise<void> {
    this.acceptChallenge(response);
    // SEP-2352: a 401 may mean the server moved to another authorization server; discover anew
    // (the SDK then drops the client and tokens stamped with the old issuer and registers again).
    if (!this.running) this.provider.invalidateCredentials('discovery');
    await this.authorize();
  }

  /** Reads a 401's WWW-Authenticate: where the resource metadata is, and the scope to ask for. */
  acceptChallenge(response: Response): void {
    const params = extractWWWAuthenticateParams(response);
    this.emit('unauthorized', {
      status: response.status,
      wwwAuthenticate: response.headers.get('www-authenticate'),
      params: { ...params, resourceMetadataUrl: params.resourceMetadataUrl?.href },
    });
    if (params.resourceMetadataUrl) this.resourceMetadataUrl = params.resourceMetadataUrl;
    if (params.scope && !this.scope) this.scope = params.scope;
  }

  /** 403 insufficient_scope: a fresh authorization for the union of scopes, never a refresh. */
  async stepUp(response: Response): Promise<void> {
    const params = extractWWWAuthenticateParams(response);
    const union = computeScopeUnion(this.scope, this.provider.currentTokens()?.scope, params.scope);
    this.emit('step-up', {
      status: response.status,
      wwwAuthenticate: response.headers.get('www-authenticate'),
      requiredScope: params.scope,
      scope: union,
    });
    if (params.resourceMetadataUrl) this.resourceMetadataUrl = params.resourceMetadataUrl;
    // RFC 6749 §6: a refresh cannot widen scope; the server said the token lacks scope, so always
    // ask anew, even when the token's own `scope` claims to cover the union (servers may omit it).
    if (this.guided?.state().stage === 'authorized' && this.options.userAgent) return this.guidedStepUp(union, params.scope);
    await this.authorize({ scope: union, force: true });
  }

  /**
   * A session authorized with the Guided flow steps up with it too: discovery, then a pause
   * before the client step that says whether the registration must change and why; the request
   * waits until the flow is authorized (or fails).
   */
  private guidedStepUp(scope: string | undefined, requiredScope: string | undefined): Promise<void> {
    return (this.running ??= (async () => {
      this.scope = scope;
      await this.startGuided({ requiredScope });
      const end = await this.guided!.finished;
      if (end.stage !== 'authorized') throw new Error(end.error ?? 'The guided step-up did not complete');
    })().finally(() => (this.running = undefined)));
  }

  /** RFC 7009 revocation of the refresh and access tokens, then forget them. */
  async signOut(): Promise<void> {
    const endpoint = await revokeTokens(this.provider, this.fetchFn, await this.discover());
    this.provider.forget();
    this.emit('signed-out', { revoked: !!endpoint });
  }

  /** The SDK transport's auth seam: token() before each request, onUnauthorized() on 401. */
  authProvider(): AuthProvider {
    return { token: () => this.token(), onUnauthorized: (ctx) => this.onUnauthorized(ctx.response) };
  }

  /**
   * Wraps the MCP transport's fetch: a 403 `insufficient_scope` triggers step-up and one retry
   * with the new token (the SDK only steps up for a full OAuthClientProvider).
   */
  stepUpFetch(inner: FetchLike): FetchLike {
    // RFC 9449 §7.1: a DPoP-bound token goes out with the DPoP scheme and a proof, retries too.
    const send = this.dpopKey ? dpopResourceFetch(inner, this.dpopKey, () => this.provider.currentTokens(), this.emit) : inner;
    return async (input, init) => {
      const res = await send(input, init);
      if (res.status !== 403 || extractWWWAuthenticateParams(res).error !== 'insufficient_scope') return res;
      await this.stepUp(res);
      const headers = new Headers(init?.headers);
      const token = await this.token();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return send(input, { ...init, headers });
    };
  }
}

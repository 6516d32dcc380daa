import {
  createPrivateKeyJwtAuth,
  type OAuthClientInformationContext,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthDiscoveryState,
  type OAuthClientProvider,
  type OAuthTokens,
  type FetchLike,
} from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import { TokenFileStore, type StoredCredentials } from './token-store.js';
import { crossAppTokenRequest, JWT_BEARER } from './cross-app.js';
import { workloadTokenRequest } from './wif.js';
import { withRegistration, type RegistrationDoc } from './registration-plan.js';
import type { OAuthConfig } from './types.js';

type Tokens = OAuthTokens & { expires_at?: number; issuer?: string };

/**
 * The engine's OAuthClientProvider for the SDK's `auth()`: in-memory state for one session,
 * optionally mirrored to a 0600 token file keyed by issuer and resource. It never navigates
 * by itself; `redirectToAuthorization` records the URL and the runner drives the user agent.
 */
export class McpscopeOAuthProvider implements OAuthClientProvider {
  private client?: OAuthClientInformationMixed;
  private current?: Tokens;
  private verifier?: string;
  private lastState?: string;
  private discovery?: OAuthDiscoveryState;
  pendingUrl?: URL;
  issuer?: string;
  private readonly store?: TokenFileStore;

  constructor(
    private readonly config: OAuthConfig,
    private readonly resource: string,
    /** The redirect URI (the Guided view may change it before the authorization request). */
    public redirect: string | undefined,
  ) {
    if (config.tokenFile) this.store = new TokenFileStore(config.tokenFile);
    if (config.clientId) {
      this.client = { client_id: config.clientId, ...(config.clientSecret ? { client_secret: config.clientSecret } : {}) };
    }
  }

  /** The runner's OAuth fetch (the cross-app IdP exchange goes through it). */
  fetchFn?: FetchLike;
  private at: { authorizationServer?: string; resource?: string } = {};

  /** Machine grants (client_credentials, cross-app access, workload identity) have no browser leg. */
  private get machine(): boolean {
    return this.config.grant === 'client_credentials' || this.config.grant === 'cross-app-access' || this.config.grant === 'jwt-bearer';
  }

  get redirectUrl(): string | undefined {
    return this.machine ? undefined : this.redirect;
  }

  saveAuthorizationServerUrl(url: string): void {
    this.at.authorizationServer = url;
  }

  saveResourceUrl(url: string): void {
    this.at.resource = url;
  }

  /** A user-chosen RFC 8707 resource replaces the SDK's choice (the Guided view's input). */
  get validateResourceURL(): OAuthClientProvider['validateResourceURL'] {
    const resource = this.config.resource;
    return resource ? async () => new URL(resource) : undefined;
  }

  get clientMetadataUrl(): string | undefined {
    return this.config.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const machine = this.machine;
    return {
      client_name: this.config.clientName ?? 'mcpscope',
      redirect_uris: machine || !this.redirect ? [] : [this.redirect],
      grant_types: machine
        ? [this.config.grant === 'client_credentials' ? 'client_credentials' : JWT_BEARER]
        : ['authorization_code', 'refresh_token'],
      response_types: machine ? [] : ['code'],
      token_endpoint_auth_method: this.config.authMethod ?? (this.config.clientSecret ? 'client_secret_basic' : 'none'),
      ...(this.config.applicationType ? { application_type: this.config.applicationType } : {}),
      ...(this.config.scope ? { scope: this.config.scope } : {}),
    };
  }

  state(): string {
    return (this.lastState = randomBytes(24).toString('base64url'));
  }

  expectedState(): string | undefined {
    return this.lastState;
  }

  private key(issuer: string | undefined): string | undefined {
    return issuer ? TokenFileStore.key(issuer, this.resource) : undefined;
  }

  private async persisted(ctx?: OAuthClientInformationContext): Promise<StoredCredentials | undefined> {
    const key = this.key(ctx?.issuer ?? this.issuer);
    return key && this.store ? this.store.get(key) : undefined;
  }

  private async persist(ctx?: OAuthClientInformationContext): Promise<void> {
    const key = this.key(ctx?.issuer ?? this.issuer);
    if (key && this.store) await this.store.set(key, { tokens: this.current, client: this.config.clientId ? undefined : this.client });
  }

  /**
   * SEP-2352: client information carries the issuer it belongs to. A pre-registered client is
   * bound to the first authorization server it is used with; the SDK then refuses to send its
   * credentials to another one.
   */
  async clientInformation(ctx?: OAuthClientInformationContext): Promise<OAuthClientInformationMixed | undefined> {
    if (ctx?.issuer) this.issuer = ctx.issuer;
    this.client ??= (await this.persisted(ctx))?.client;
    if (this.client && ctx?.issuer && (this.client as { issuer?: string }).issuer === undefined)
      this.client = { ...this.client, issuer: ctx.issuer };
    return this.client;
  }

  /** Sets the client identity the Guided flow chose (pre-registered, CIMD or registered). */
  useClient(info: OAuthClientInformationMixed): void {
    this.client = info;
  }

  clientInfo(): OAuthClientInformationMixed | undefined {
    return this.client;
  }

  /** The server's whole answer to the last registration (RFC 7592 fields the SDK's schema drops). */
  private registration?: RegistrationDoc;

  noteRegistration(doc: RegistrationDoc): void {
    this.registration = doc;
  }

  async saveClientInformation(info: OAuthClientInformationMixed, ctx?: OAuthClientInformationContext): Promise<void> {
    this.client = withRegistration(info, this.registration);
    await this.persist(ctx);
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<Tokens | undefined> {
    if (ctx?.issuer) this.issuer = ctx.issuer;
    if (!this.current && ctx?.issuer) this.current = (await this.persisted(ctx))?.tokens;
    // Tokens persisted before the issuer stamp existed belong to the issuer they were keyed by.
    if (this.current && ctx?.issuer && this.current.issuer === undefined) this.current = { ...this.current, issuer: ctx.issuer };
    return this.current;
  }

  async saveTokens(tokens: OAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    if (ctx?.issuer) this.issuer = ctx.issuer;
    const expires_at = tokens.expires_in !== undefined ? Date.now() + tokens.expires_in * 1000 : undefined;
    this.current = { ...tokens, expires_at };
    await this.persist(ctx);
  }

  async loadPersisted(issuer: string): Promise<Tokens | undefined> {
    this.issuer = issuer;
    const saved = await this.persisted({ issuer });
    if (saved?.client && !this.client) this.client = saved.client;
    return (this.current ??= saved?.tokens);
  }

  /** SEP-2352: the authorization server recorded at redirect time, checked on the callback leg. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  redirectToAuthorization(url: URL): void {
    this.pendingUrl = url;
  }

  saveCodeVerifier(v: string): void {
    this.verifier = v;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No PKCE code verifier: the authorization was not started here');
    return this.verifier;
  }

  get addClientAuthentication(): OAuthClientProvider['addClientAuthentication'] {
    const method = this.config.authMethod;
    const id = this.config.clientId ?? this.client?.client_id;
    if (method === 'private_key_jwt' && this.config.privateKeyJwk && id) {
      return createPrivateKeyJwtAuth({
        issuer: id,
        subject: id,
        privateKey: this.config.privateKeyJwk,
        alg: String(this.config.privateKeyJwk.alg ?? 'RS256'),
      });
    }
    if (method === 'client_secret_post' || method === 'client_secret_basic' || method === 'none') {
      return (headers, params) => {
        const client = this.client;
        if (!client) return;
        if (method === 'client_secret_basic' && client.client_secret) {
          headers.set(
            'Authorization',
            `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`,
          );
          return;
        }
        params.set('client_id', client.client_id);
        if (method === 'client_secret_post' && client.client_secret) params.set('client_secret', client.client_secret);
      };
    }
    return undefined;
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    if (this.config.grant === 'cross-app-access') return crossAppTokenRequest(this.config, this.at, scope, this.fetchFn);
    if (this.config.grant === 'jwt-bearer') return workloadTokenRequest(this.config, scope);
    if (this.config.grant !== 'client_credentials') return undefined;
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) params.set('scope', scope);
    return params;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.current = undefined;
    if ((scope === 'all' || scope === 'client') && !this.config.clientId) this.client = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  forget(): void {
    this.current = undefined;
    void this.persist();
  }

  currentTokens(): Tokens | undefined {
    return this.current;
  }

  clientId(): string | undefined {
    return this.client?.client_id;
  }
}

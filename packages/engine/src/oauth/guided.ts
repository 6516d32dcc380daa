import {
  exchangeAuthorization,
  registerClient,
  resolveClientMetadata,
  selectClientAuthMethod,
  selectResourceURL,
  startAuthorization,
  validateAuthorizationResponseIssuer,
  type OAuthServerInfo,
} from '@modelcontextprotocol/client';
import { GUIDED_EDITABLE, GUIDED_NEXT, type GuidedInputs, type GuidedStage, type GuidedState } from './guided-types.js';
import { keepRegisteredClient, planStepUp, STEP_UP_EDITABLE, stepUpNext } from './guided-step-up.js';
import type { GuidedHost } from './guided-host.js';
import { checkAuthorizationUrl } from './authorization-url.js';

/**
 * Guided mode: the authorization one step at a time on the SDK's lower-level helpers
 * (discoverOAuthServerInfo, registerClient, startAuthorization, exchangeAuthorization). After
 * each step it pauses; `next(inputs)` applies the user's edits to the next step and runs it.
 * The tokens land in the runner's provider, so refresh and step-up work as after Quick.
 */
export class GuidedFlow {
  private stage: GuidedStage = 'running';
  private info?: OAuthServerInfo;
  private inputs: GuidedInputs = {};
  private summary: Record<string, unknown> = {};
  private authorizationUrl?: string;
  private callback?: { code: string; iss?: string; verifier: string; redirect: string };
  private error?: string;
  private clientNext?: string;
  cancelled = false;
  private settle!: (state: GuidedState) => void;
  /** Resolves when the flow is authorized, failed or replaced. */
  readonly finished = new Promise<GuidedState>((resolve) => (this.settle = resolve));

  /** A newer Guided authorization replaces this one: whoever waits for it (a step-up) stops waiting. */
  cancel(): void {
    this.cancelled = true;
    this.settle({ ...this.state(), stage: 'failed', error: 'This guided authorization was replaced by a newer one' });
  }

  constructor(private readonly host: GuidedHost) {}

  state(): GuidedState {
    const pause = this.stage === 'client' || this.stage === 'authorization' || this.stage === 'token' ? this.stage : undefined;
    const { clientSecret: _secret, ...inputs } = this.inputs;
    return {
      stage: this.stage,
      ...(pause ? { next: (pause === 'client' && this.clientNext) || GUIDED_NEXT[pause] } : {}),
      inputs,
      editable: pause ? this.editable(pause) : [],
      summary: this.summary,
      ...(this.authorizationUrl && this.stage === 'waiting' ? { authorizationUrl: this.authorizationUrl } : {}),
      ...(this.error ? { error: this.error } : {}),
    };
  }

  private editable(pause: 'client' | 'authorization' | 'token'): Array<keyof GuidedInputs> {
    return pause === 'client' && this.host.stepUp ? STEP_UP_EDITABLE : GUIDED_EDITABLE[pause];
  }

  /** Step 1: protected resource metadata and authorization server metadata; pauses before the client identity. */
  async start(): Promise<GuidedState> {
    return this.step(async () => {
      const h = this.host;
      h.emit('start', {
        serverUrl: h.serverUrl.href,
        scope: h.scope,
        grant: 'authorization_code',
        mode: 'guided',
        ...(h.stepUp ? { stepUp: true } : {}),
      });
      const info = (this.info = await h.discover());
      const as = info.authorizationServerMetadata;
      const prm = info.resourceMetadata;
      h.provider.saveDiscoveryState({
        authorizationServerUrl: info.authorizationServerUrl,
        resourceMetadataUrl: h.resourceMetadataUrl?.href,
        resourceMetadata: prm,
        authorizationServerMetadata: as,
      });
      const selected = await selectResourceURL(h.serverUrl, h.provider, prm);
      const resource = selected && prm && !h.config.resource ? prm.resource : selected?.href;
      const c = h.config;
      this.inputs = {
        scope: h.scope ?? prm?.scopes_supported?.join(' ') ?? c.scope,
        resource,
        clientId: c.clientId,
        clientSecret: c.clientSecret,
        clientMetadataUrl: c.clientMetadataUrl,
        applicationType: c.applicationType,
        authMethod: c.authMethod,
      };
      this.summary.discovery = {
        resourceMetadata: prm
          ? { resource: prm.resource, authorization_servers: prm.authorization_servers, scopes_supported: prm.scopes_supported }
          : 'none (2025-03-26 fallback: the server origin is the authorization server)',
        authorizationServer: info.authorizationServerUrl,
        issuer: as?.issuer,
        endpoints: {
          authorization: as?.authorization_endpoint,
          token: as?.token_endpoint,
          registration: as?.registration_endpoint,
          revocation: (as as { revocation_endpoint?: string } | undefined)?.revocation_endpoint,
        },
        pkce: as?.code_challenge_methods_supported,
        tokenEndpointAuthMethods: as?.token_endpoint_auth_methods_supported,
        clientIdMetadataDocumentSupported: as?.client_id_metadata_document_supported === true,
        issParameterSupported: as?.authorization_response_iss_parameter_supported === true,
      };
      if (h.stepUp) {
        const plan = planStepUp(h, this.inputs.scope);
        this.clientNext = stepUpNext(plan);
        this.summary.stepUp = {
          requiredScope: h.stepUp.requiredScope,
          scope: this.inputs.scope,
          registration: plan
            ? { path: plan.path, why: plan.why, registeredScope: plan.registeredScope }
            : 'pre-registered or CIMD client: kept',
        };
      }
      return 'client';
    });
  }

  /** Applies the edits and runs the step after the current pause. */
  async next(edits: GuidedInputs = {}): Promise<GuidedState> {
    const at = this.stage;
    if (at !== 'client' && at !== 'authorization' && at !== 'token')
      throw new Error(`The guided authorization is not paused (stage: ${at})`);
    for (const key of this.editable(at)) {
      if (key in edits) (this.inputs as Record<string, unknown>)[key] = (edits as Record<string, unknown>)[key] || undefined;
    }
    this.apply();
    return this.step(() => (at === 'client' ? this.client() : at === 'authorization' ? this.authorize() : this.exchange()));
  }

  /** Edited inputs become the runner's config, so refresh and step-up keep them. */
  private apply(): void {
    const { config, provider } = this.host;
    const i = this.inputs;
    Object.assign(config, {
      scope: i.scope,
      resource: i.resource,
      authMethod: i.authMethod,
      applicationType: i.applicationType,
      clientMetadataUrl: i.clientMetadataUrl,
    });
    if (i.redirectUrl) provider.redirect = config.redirectUrl = i.redirectUrl;
    this.host.scope = i.scope;
  }

  private async step(run: () => Promise<GuidedStage>): Promise<GuidedState> {
    this.stage = 'running';
    try {
      this.stage = await run();
      if (this.stage === 'authorized') this.settle(this.state());
      if (!this.cancelled && this.stage !== 'authorized')
        this.host.emit('guided-pause', { stage: this.stage, inputs: this.state().inputs, summary: this.summary });
    } catch (err) {
      this.stage = 'failed';
      this.error = (err as Error).message;
      this.host.emit('error', { message: this.error, mode: 'guided' });
      this.settle(this.state());
    }
    return this.state();
  }

  /** Step 2: the client identity. */
  private async client(): Promise<GuidedStage> {
    const { provider, config, fetchFn } = this.host;
    const as = this.info!.authorizationServerMetadata;
    const issuer = as?.issuer ?? this.info!.authorizationServerUrl;
    const i = this.inputs;
    let mode: string;
    const kept =
      this.host.stepUp && !i.clientId && !(i.clientMetadataUrl && as?.client_id_metadata_document_supported === true)
        ? await keepRegisteredClient(this.host, this.info!, i.scope)
        : undefined;
    if (kept) {
      this.summary = { ...this.summary, registration: kept };
      mode =
        kept.path === 're-register' ? 'dynamic-client-registration (again, for the step-up)' : 'registered client (kept for the step-up)';
    } else if (i.clientId) {
      config.clientId = i.clientId;
      config.clientSecret = i.clientSecret;
      provider.useClient({ client_id: i.clientId, ...(i.clientSecret ? { client_secret: i.clientSecret } : {}), issuer } as never);
      mode = 'pre-registered';
    } else if (i.clientMetadataUrl && as?.client_id_metadata_document_supported === true) {
      provider.useClient({ client_id: i.clientMetadataUrl, issuer } as never);
      mode = 'client-id-metadata-document';
    } else {
      const registered = await registerClient(this.info!.authorizationServerUrl, {
        metadata: as,
        clientMetadata: resolveClientMetadata(provider),
        scope: i.scope,
        fetchFn,
      });
      await provider.saveClientInformation({ ...registered, issuer } as never, { issuer });
      mode = 'dynamic-client-registration';
    }
    const client = provider.clientInfo()!;
    i.redirectUrl = provider.redirect;
    i.authMethod ??= selectClientAuthMethod(client, as?.token_endpoint_auth_methods_supported ?? []);
    this.summary = {
      ...this.summary,
      client: {
        mode,
        client_id: client.client_id,
        token_endpoint_auth_method: (client as { token_endpoint_auth_method?: string }).token_endpoint_auth_method,
        hasSecret: !!client.client_secret,
      },
    };
    return 'authorization';
  }

  /** Step 3: PKCE, state and resource; the browser comes back through the user agent. */
  private async authorize(): Promise<GuidedStage> {
    const { provider } = this.host;
    const i = this.inputs;
    const redirect = i.redirectUrl ?? provider.redirect;
    if (!redirect) throw new Error('The authorization code grant needs a redirect URI');
    const state = provider.state();
    const started = await startAuthorization(this.info!.authorizationServerUrl, {
      metadata: this.info!.authorizationServerMetadata,
      clientInformation: provider.clientInfo()!,
      redirectUrl: redirect,
      scope: i.scope,
      state,
      resource: i.resource,
    });
    provider.saveCodeVerifier(started.codeVerifier);
    const url = started.authorizationUrl;
    checkAuthorizationUrl(url);
    provider.pendingUrl = url;
    this.authorizationUrl = url.href;
    if (!this.host.userAgent) throw new Error('Authorization needs a browser but no user agent is configured');
    this.stage = 'waiting';
    this.host.emit('authorization-request', { url: url.href, params: Object.fromEntries(url.searchParams) });
    const params = await this.host.userAgent(url, redirect).finally(() => (provider.pendingUrl = undefined));
    if (this.cancelled) throw new Error('This guided authorization was replaced by a newer one');
    this.host.emit('authorization-response', { params: { ...params } });
    if (params.error)
      throw new Error(`Authorization server answered ${params.error}${params.error_description ? `: ${params.error_description}` : ''}`);
    if (!params.state || params.state !== state) {
      this.host.emit('state-mismatch', {
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
    const as = this.info!.authorizationServerMetadata;
    const issSupported = as?.authorization_response_iss_parameter_supported === true;
    validateAuthorizationResponseIssuer({ iss: params.iss, expectedIssuer: as?.issuer, issParameterSupported: issSupported });
    this.callback = { code: params.code, iss: params.iss, verifier: started.codeVerifier, redirect };
    this.summary = {
      ...this.summary,
      callback: {
        code: '[REDACTED]',
        state: 'matches the request',
        iss: params.iss
          ? `matches the issuer (${params.iss})`
          : issSupported
            ? 'missing'
            : 'absent (the server does not advertise RFC 9207)',
      },
    };
    return 'token';
  }

  /** Step 4: the token exchange with the chosen client authentication. */
  private async exchange(): Promise<GuidedStage> {
    const { provider, fetchFn } = this.host;
    const cb = this.callback!;
    const as = this.info!.authorizationServerMetadata;
    const issuer = as?.issuer ?? this.info!.authorizationServerUrl;
    const tokens = await exchangeAuthorization(this.info!.authorizationServerUrl, {
      metadata: as,
      clientInformation: provider.clientInfo()!,
      authorizationCode: cb.code,
      iss: cb.iss,
      codeVerifier: cb.verifier,
      redirectUri: cb.redirect,
      resource: this.inputs.resource,
      addClientAuthentication: provider.addClientAuthentication,
      fetchFn,
    });
    await provider.saveTokens({ ...tokens, issuer } as never, { issuer });
    this.callback = undefined;
    const t = provider.currentTokens();
    this.summary = {
      ...this.summary,
      tokens: { scope: t?.scope, tokenType: t?.token_type, expiresIn: t?.expires_in, refreshToken: !!t?.refresh_token },
    };
    this.host.emit('authorized', {
      issuer,
      scope: t?.scope,
      tokenType: t?.token_type,
      expiresIn: t?.expires_in,
      refreshToken: !!t?.refresh_token,
      mode: 'guided',
    });
    return 'authorized';
  }
}

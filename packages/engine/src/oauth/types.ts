import type { DpopConfig } from './dpop.js';
import type { GuidedState } from './guided-types.js';
import type { ClientAuthMethod } from './client-auth-method.js';

export type { ClientAuthMethod } from './client-auth-method.js';

/** How mcpscope connects to an OAuth-protected MCP server. Parsed from CLI flags or the wire. */
export interface OAuthConfig {
  /**
   * `authorization_code` (default, PKCE S256), `client_credentials` for machine clients,
   * `cross-app-access` (SEP-990: an IdP ID token → ID-JAG → RFC 7523 jwt-bearer grant; needs `crossApp`),
   * or `jwt-bearer` (SEP-1933 workload identity federation: the workload's own JWT as an RFC 7523
   * grant; needs `assertionFile`).
   */
  grant?: 'authorization_code' | 'client_credentials' | 'cross-app-access' | 'jwt-bearer';
  /** SEP-1933: the file holding the workload's JWT (read at each token request; platforms rotate it). */
  assertionFile?: string;
  /**
   * RFC 9449 DPoP (SEP-1932): sender-constrained tokens. Token requests carry a proof and the
   * MCP requests present a DPoP-bound token with the DPoP scheme and a fresh proof each.
   */
  dpop?: DpopConfig;
  /** SEP-990: the enterprise IdP that turns the user's ID token into an ID-JAG for this server. */
  crossApp?: { idpTokenEndpoint: string; idToken: string; idpClientId: string; idpClientSecret?: string };
  /** Pre-registered client; without it the flow uses clientMetadataUrl or Dynamic Client Registration. */
  clientId?: string;
  clientSecret?: string;
  /** Client ID Metadata Document URL (used as client_id when the AS supports it). */
  clientMetadataUrl?: string;
  /** Force one token endpoint auth method (default: the SDK picks from the AS metadata). */
  authMethod?: ClientAuthMethod;
  /** private_key_jwt signing key (a JWK with `alg`). */
  privateKeyJwk?: Record<string, unknown>;
  scope?: string;
  /** Where the authorization server sends the browser back. */
  redirectUrl?: string;
  /** Persist tokens (0600) in this file, keyed by issuer and resource. */
  tokenFile?: string;
  /** RFC 8707 resource to ask for (default: the MCP server URL, or the metadata's `resource`). */
  resource?: string;
  /** OAuth client_name sent with Dynamic Client Registration. */
  clientName?: string;
  /** Dynamic Client Registration `application_type` (default: from the redirect URI, native for loopback). */
  applicationType?: 'native' | 'web';
}

/** Query parameters of the authorization response (RFC 6749 §4.1.2, RFC 9207). */
export interface CallbackParams {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

/**
 * Drives the user agent to the authorization URL and resolves with the redirect's query
 * parameters: headless (follow the chain with fetch), the system browser with a loopback
 * listener, or the web UI with mcpscope's own /oauth/callback.
 */
export type UserAgent = (authorizationUrl: URL, redirectUrl: string) => Promise<CallbackParams>;

export interface OAuthStatus {
  authorized: boolean;
  issuer?: string;
  scope?: string;
  expiresAt?: number;
  hasRefreshToken: boolean;
  clientId?: string;
  /** RFC 9449: the DPoP key's algorithm and RFC 7638 thumbprint (the `cnf.jkt` of bound tokens), once made. */
  dpop?: { alg: string; thumbprint: string };
  /** The authorization URL a browser must open (web flow), until the callback arrives. */
  pendingAuthorizationUrl?: string;
  /** The Guided authorization's stage, editable inputs and findings so far. */
  guided?: GuidedState;
}

import type { FetchLike, OAuthServerInfo } from '@modelcontextprotocol/client';
import type { OAuthEmit } from './oauth-fetch.js';
import type { McpscopeOAuthProvider } from './provider.js';
import type { OAuthConfig, UserAgent } from './types.js';

/**
 * What the Guided flow borrows from its OAuthRunner: the same provider, fetch, events and user agent.
 * Its own file: guided.ts runs the flow and guided-step-up.ts plans the step-up, and both take the host.
 */
export interface GuidedHost {
  serverUrl: URL;
  config: OAuthConfig;
  provider: McpscopeOAuthProvider;
  fetchFn: FetchLike;
  emit: OAuthEmit;
  userAgent?: UserAgent;
  scope?: string;
  resourceMetadataUrl?: URL;
  /** Discovery with the runner's 2025-03-26 issuer fallback. */
  discover(): Promise<OAuthServerInfo>;
  /** A step-up (403 insufficient_scope): the client identity is kept and its registration widened if needed. */
  stepUp?: { requiredScope?: string };
}

import { readFileSync } from 'node:fs';
import {
  fetchToken,
  selectResourceURL,
  type FetchLike,
  type OAuthClientProvider,
  type OAuthServerInfo,
} from '@modelcontextprotocol/client';
import { JWT_BEARER } from './cross-app.js';
import type { OAuthConfig } from './types.js';

/** A JWS compact serialization: three base64url parts (a platform token, not something to guess at). */
const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const MAX_ASSERTION = 16 * 1024;

/**
 * The workload's JWT, read at every token request: platforms (Kubernetes projected service
 * account tokens, CI OIDC tokens) rotate the file, so it is never cached. SEP-1933 §Security:
 * implementations SHOULD NOT log or persist it (it is redacted in every event as `assertion`).
 */
export function readAssertion(config: OAuthConfig): string {
  const file = config.assertionFile;
  if (!file) throw new Error('Workload identity (--grant jwt-bearer) needs the workload JWT (--assertion-file)');
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new Error(`Could not read the workload JWT ${file}: ${(err as Error).message}`);
  }
  if (text.length > MAX_ASSERTION || !COMPACT_JWT.test(text)) throw new Error(`${file} does not hold a JWT (compact serialization)`);
  return text;
}

/** RFC 7523 §2.1: `grant_type` jwt-bearer and the workload JWT as `assertion` (the SDK adds `resource` and client auth). */
export function workloadTokenRequest(config: OAuthConfig, scope: string | undefined): URLSearchParams {
  const params = new URLSearchParams({ grant_type: JWT_BEARER, assertion: readAssertion(config) });
  if (scope) params.set('scope', scope);
  return params;
}

/**
 * What the workload grant needs of the engine's provider (McpscopeOAuthProvider), named here
 * because provider.ts imports this file for the token request's parameters.
 */
export interface WorkloadProvider extends OAuthClientProvider {
  saveResourceUrl(url: string): void;
  saveAuthorizationServerUrl(url: string): void;
}

export interface WorkloadAuthorization {
  serverUrl: URL;
  provider: WorkloadProvider;
  fetchFn: FetchLike;
  scope?: string;
  discover(): Promise<OAuthServerInfo>;
}

/**
 * SEP-1933 workload identity federation: discovery, then ONE jwt-bearer token request at the
 * authorization server's token endpoint. An error answer (invalid_grant, invalid_scope,
 * unauthorized_client) is surfaced as is: no retry and no other grant, unlike the SDK's
 * `auth()`, which invalidates and retries once on invalid_grant / unauthorized_client.
 */
export async function authorizeWorkload(w: WorkloadAuthorization): Promise<void> {
  const info = await w.discover();
  const prm = info.resourceMetadata;
  const metadata = info.authorizationServerMetadata;
  const issuer = metadata?.issuer ?? String(info.authorizationServerUrl);
  if (prm?.resource) w.provider.saveResourceUrl(prm.resource);
  w.provider.saveAuthorizationServerUrl(String(info.authorizationServerUrl));
  const resource = await selectResourceURL(w.serverUrl, w.provider, prm);
  const scope = w.scope ?? prm?.scopes_supported?.join(' ');
  const tokens = await fetchToken(w.provider, info.authorizationServerUrl, { metadata, resource, scope, fetchFn: w.fetchFn });
  await w.provider.saveTokens({ ...tokens, issuer } as never, { issuer });
}

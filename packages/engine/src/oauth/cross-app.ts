import { requestJwtAuthorizationGrant, type FetchLike } from '@modelcontextprotocol/client';
import type { OAuthConfig } from './types.js';

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * SEP-990 Enterprise-Managed Authorization (cross-app access), on the SDK's helpers: the IdP
 * exchanges the user's ID token for an ID-JAG (RFC 8693, requested_token_type id-jag, audience
 * the MCP server's authorization server, resource the MCP server), then the authorization
 * server's token endpoint gets the RFC 7523 jwt-bearer grant with that assertion; the SDK adds
 * the client authentication there. Both requests go through the runner's OAuth fetch (events).
 */
export async function crossAppTokenRequest(
  config: OAuthConfig,
  at: { authorizationServer?: string; resource?: string },
  scope: string | undefined,
  fetchFn: FetchLike | undefined,
): Promise<URLSearchParams> {
  const idp = config.crossApp;
  if (!idp) throw new Error('Cross-app access needs the IdP token endpoint, ID token and IdP client id');
  if (!at.authorizationServer) throw new Error('Cross-app access: the authorization server is not known yet');
  if (!at.resource) throw new Error('Cross-app access needs RFC 9728 protected resource metadata (the resource to ask the IdP for)');
  const grant = await requestJwtAuthorizationGrant({
    tokenEndpoint: idp.idpTokenEndpoint,
    audience: at.authorizationServer,
    resource: at.resource,
    idToken: idp.idToken,
    clientId: idp.idpClientId,
    ...(idp.idpClientSecret ? { clientSecret: idp.idpClientSecret } : {}),
    ...(scope ? { scope } : {}),
    ...(fetchFn ? { fetchFn } : {}),
  });
  const params = new URLSearchParams({ grant_type: JWT_BEARER, assertion: grant.jwtAuthGrant });
  if (scope) params.set('scope', scope);
  return params;
}

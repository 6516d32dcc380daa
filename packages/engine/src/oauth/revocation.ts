import type { FetchLike, OAuthServerInfo } from '@modelcontextprotocol/client';
import type { McpscopeOAuthProvider } from './provider.js';

/**
 * RFC 7009: revokes the refresh token, then the access token, at the authorization server's
 * revocation endpoint, authenticated as the token endpoint is. Answers the endpoint, or
 * undefined when the server has none (nothing to revoke there).
 */
export async function revokeTokens(
  provider: McpscopeOAuthProvider,
  fetchFn: FetchLike,
  info: OAuthServerInfo,
): Promise<string | undefined> {
  const t = provider.currentTokens();
  const endpoint = (info.authorizationServerMetadata as { revocation_endpoint?: string } | undefined)?.revocation_endpoint;
  const client = await provider.clientInformation({ issuer: info.authorizationServerMetadata?.issuer ?? info.authorizationServerUrl });
  if (!endpoint || !t || !client) return endpoint;
  for (const [token, hint] of [
    [t.refresh_token, 'refresh_token'],
    [t.access_token, 'access_token'],
  ] as const) {
    if (!token) continue;
    const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded' });
    const params = new URLSearchParams({ token, token_type_hint: hint });
    const add = provider.addClientAuthentication;
    if (add) await add(headers, params, endpoint, info.authorizationServerMetadata);
    else if (client.client_secret)
      headers.set(
        'Authorization',
        `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`,
      );
    else params.set('client_id', client.client_id);
    await fetchFn(endpoint, { method: 'POST', headers, body: params.toString() });
  }
  return endpoint;
}

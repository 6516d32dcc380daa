/** What the spec expects at each OAuth step, in one or two sentences (2025-11-25/basic/authorization). */
const STEPS: Record<string, { title: string; spec: string }> = {
  start: { title: 'Start', spec: 'The client authorizes for one MCP server (the resource) with the scopes it needs; OAuth 2.1 with PKCE.' },
  unauthorized: {
    title: '401 Unauthorized',
    spec: 'The MCP server answers 401 with WWW-Authenticate; its resource_metadata parameter names the RFC 9728 protected resource metadata, scope the scopes to ask for.',
  },
  'protected-resource-metadata': {
    title: 'Protected resource metadata (RFC 9728)',
    spec: "The header's resource_metadata URL first, else the path-based then the root /.well-known/oauth-protected-resource. `resource` must identify this server; `authorization_servers` names the issuer.",
  },
  'authorization-server-metadata': {
    title: 'Authorization server metadata (RFC 8414 / OIDC)',
    spec: 'In order: /.well-known/oauth-authorization-server with the issuer path inserted, then OpenID Connect discovery (inserted, then appended). The `issuer` must equal the URL it was derived from; PKCE S256 must be listed.',
  },
  'client-registration': {
    title: 'Dynamic Client Registration (RFC 7591)',
    spec: 'Without a pre-registered client or a Client ID Metadata Document, the client registers: redirect_uris, grant_types, token_endpoint_auth_method, application_type.',
  },
  'registration-scope': {
    title: 'Registered scope check',
    spec: 'A client may be held to the scope it registered (invalid_scope beyond it). Before asking for more, the registration is kept, updated in place (RFC 7592 §2.2, when the server returned a registration_client_uri) or made again with the union (RFC 7591); `why` says which.',
  },
  'client-registration-update': {
    title: 'Registration update (RFC 7592)',
    spec: 'PUT to the registration_client_uri with the registration access token: every metadata field as last returned, the same client_id, the wider scope; never the registration token or URI. The server may rotate the token or issue a new secret.',
  },
  'registration-widened': {
    title: 'Registration widened',
    spec: 'The client registration now allows the scope the authorization asks for (or a finding says the server did not widen it).',
  },
  'authorization-request': {
    title: 'Authorization request (PKCE S256, RFC 8707)',
    spec: 'The browser goes to the authorization endpoint with response_type=code, code_challenge (S256), a fresh unguessable state, the scope, and resource = the MCP server URL.',
  },
  'user-agent': { title: 'User agent hop', spec: 'One redirect the user agent followed on the way back to the redirect URI.' },
  'authorization-response': {
    title: 'Authorization response (state, RFC 9207 iss)',
    spec: 'The redirect carries code and state; state must be the one sent (CSRF). When the server supports RFC 9207, iss must equal the issuer.',
  },
  'state-mismatch': {
    title: 'State mismatch',
    spec: 'The callback state differs from the request: the response is refused (RFC 6749 §10.12).',
  },
  'token-exchange': {
    title: 'Token exchange',
    spec: 'POST grant_type=authorization_code with the code, code_verifier, redirect_uri and resource (RFC 8707), authenticated as registered (client_secret_basic, client_secret_post, none or private_key_jwt).',
  },
  'token-refresh': {
    title: 'Refresh',
    spec: 'Before expiry or on 401: grant_type=refresh_token with the same resource. A refresh cannot widen the scope.',
  },
  'token-client-credentials': {
    title: 'Client credentials',
    spec: 'A machine client asks for a token with its own credentials; no browser, no refresh token.',
  },
  'idp-token-exchange': {
    title: 'ID-JAG from the IdP (RFC 8693, SEP-990)',
    spec: "Cross-app access: the enterprise IdP exchanges the user's ID token for an ID-JAG whose audience is the MCP server's authorization server and whose resource is the MCP server.",
  },
  'token-jwt-bearer': {
    title: 'JWT bearer grant (RFC 7523)',
    spec: "A JWT is the assertion of a jwt-bearer grant at the authorization server: the ID-JAG (cross-app access, the client authenticated as registered), or the workload's own platform-issued JWT (workload identity federation, SEP-1933; an error is surfaced, never retried).",
  },
  'dpop-nonce': {
    title: 'DPoP nonce (RFC 9449 §8, §9)',
    spec: 'The server answered use_dpop_nonce with a DPoP-Nonce header: the request is sent once more with a fresh proof carrying that nonce, and later proofs to that server carry it too.',
  },
  'token-expiring': { title: 'Token expiring', spec: 'The access token is about to expire; the client refreshes first.' },
  'step-up': {
    title: 'Step-up (403 insufficient_scope)',
    spec: 'The server needs more scope: a fresh authorization for the union of scopes (never a refresh), then the request is retried once.',
  },
  authorized: {
    title: 'Authorized',
    spec: 'The token is bound to this resource and issuer; it is sent as Authorization: Bearer on every MCP request (a DPoP-bound token as Authorization: DPoP with a fresh proof, RFC 9449 §7.1), never in the URL.',
  },
  revocation: {
    title: 'Revocation (RFC 7009)',
    spec: 'Sign-out revokes the refresh token, then the access token, at the revocation endpoint.',
  },
  'signed-out': { title: 'Signed out', spec: 'The tokens are forgotten.' },
  'guided-pause': {
    title: 'Guided pause',
    spec: 'Guided mode stopped before the next step; its inputs can be edited above, then Continue runs it.',
  },
  error: { title: 'Failed', spec: 'The authorization did not complete.' },
  http: { title: 'HTTP', spec: 'An authorization-related request.' },
};

export function stepInfo(step: string): { title: string; spec: string } {
  return STEPS[step] ?? { title: step, spec: '' };
}

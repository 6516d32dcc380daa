// SEP-990 (Enterprise-Managed Authorization) for the cross-app-access scenario: mcpscope's engine
// has no token-exchange / jwt-bearer grant, so the adapter does the two token requests itself
// (as the suite's reference client does by hand) and hands the access token to `mcpscope call
// --bearer`. Prints the access token. Usage: node id-jag.mjs <mcp-server-url>
const ctx = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
const server = new URL(process.argv[2]);
const json = async (res, what) => {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
};
const prm = await json(await fetch(new URL(`/.well-known/oauth-protected-resource${server.pathname}`, server)), 'protected resource metadata');
const as = await json(await fetch(new URL('/.well-known/oauth-authorization-server', prm.authorization_servers[0])), 'authorization server metadata');
const form = (o) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(o) });
const jag = await json(
  await fetch(ctx.idp_token_endpoint, form({
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    audience: as.issuer,
    resource: prm.resource,
    subject_token: ctx.idp_id_token,
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    client_id: ctx.idp_client_id,
  })),
  'token exchange at the IdP',
);
const req = form({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jag.access_token });
req.headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(ctx.client_id)}:${encodeURIComponent(ctx.client_secret)}`).toString('base64')}`;
const token = await json(await fetch(as.token_endpoint, req), 'jwt-bearer grant at the authorization server');
process.stdout.write(token.access_token);

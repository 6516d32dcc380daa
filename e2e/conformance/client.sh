#!/usr/bin/env bash
# Conformance adapter (issue 4): the suite runs `client.sh <server-url>` with the scenario in
# MCP_CONFORMANCE_SCENARIO (and, for some, MCP_CONFORMANCE_CONTEXT as JSON). Every scenario maps
# to one invocation of mcpscope's built CLI (`mcpscope call …`), never to the SDK directly.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CLI="${MCPSCOPE_CLI:-$ROOT/apps/cli/dist/mcpscope.js}"
NODE="${MCPSCOPE_NODE:-node}"
URL="${!#}"
SCENARIO="${MCP_CONFORMANCE_SCENARIO:-}"
ctx() { "$NODE" -e 'const c=JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT||"{}");const v=c[process.argv[1]];process.stdout.write(v===undefined?"":String(v))' -- "$1"; }
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT

call() { echo "+ mcpscope call $*" >&2; "$NODE" "$CLI" call --url "$URL" --era "${MCPSCOPE_ERA:-legacy}" "$@"; }
# Auth scenarios end with an authenticated tools/call of test-tool (the suite's well-behaved client).
oauth_call() { call tools/call --tool test-tool --oauth-headless "$@"; }

case "$SCENARIO" in
  initialize) call tools/list ;;
  tools_call) call tools/call --tool add_numbers --arg a=5 --arg b=3 ;;
  elicitation-sep1034-client-defaults)
    echo '{"elicitation/create":{"action":"accept","content":{}}}' > "$TMP/answers.json"
    call tools/call --tool test_client_elicitation_defaults --answer-file "$TMP/answers.json" ;;
  sse-retry) call tools/call --tool test_reconnection ;;
  auth/basic-cimd) oauth_call --client-metadata-url https://conformance-test.local/client-metadata.json ;;
  auth/pre-registration) oauth_call --client-id "$(ctx client_id)" --client-secret "$(ctx client_secret)" ;;
  auth/client-credentials-basic)
    call tools/list --oauth-headless --grant client_credentials --client-id "$(ctx client_id)" --client-secret "$(ctx client_secret)" ;;
  auth/client-credentials-jwt)
    # The context carries a PEM; the engine takes a JWK (with alg), so convert it here.
    "$NODE" -e 'const c=JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT);const k=require("crypto").createPrivateKey(c.private_key_pem).export({format:"jwk"});process.stdout.write(JSON.stringify({...k,alg:c.signing_algorithm||"ES256"}))' > "$TMP/key.jwk"
    call tools/list --oauth-headless --grant client_credentials --client-id "$(ctx client_id)" --auth-method private_key_jwt --private-key-jwk "$TMP/key.jwk" ;;
  auth/cross-app-access-complete-flow|auth/enterprise-managed-authorization)
    # SEP-990 in the engine: ID token -> ID-JAG at the IdP (RFC 8693) -> jwt-bearer grant at the AS (RFC 7523).
    call tools/list --oauth-headless --grant cross-app-access --client-id "$(ctx client_id)" --client-secret "$(ctx client_secret)" \
      --idp-token-endpoint "$(ctx idp_token_endpoint)" --idp-id-token "$(ctx idp_id_token)" --idp-client-id "$(ctx idp_client_id)" ;;
  auth/*) oauth_call ;;
  # Scenarios added after 0.1.16 (0.2.0-alpha): connect and list tools.
  *) [[ -n "${MCPSCOPE_TRY_UNKNOWN:-}" ]] && { call tools/list; exit; }
     echo "client.sh: unknown scenario '$SCENARIO'" >&2; exit 1 ;;
esac

#!/usr/bin/env bash
# Conformance adapter: the suite runs `client.sh <server-url>` with the scenario in
# MCP_CONFORMANCE_SCENARIO (and, for some, MCP_CONFORMANCE_CONTEXT as JSON). Every scenario maps
# to invocations of mcpscope's built CLI (`mcpscope call …`), never to the SDK directly; the
# era is the CLI's default (auto: server/discover, so 2026-07-28 where the mock serves it, else
# initialize). MCPSCOPE_ERA=legacy forces the 2025-11-25 handshake.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CLI="${MCPSCOPE_CLI:-$ROOT/apps/cli/dist/mcpscope.js}"
NODE="${MCPSCOPE_NODE:-node}"
URL="${!#}"
SCENARIO="${MCP_CONFORMANCE_SCENARIO:-}"
# A string field of the context; `ctxcall i` prints its toolCalls[i] as JSON (for --params), `ctxcalls` their count.
ctx() { "$NODE" -e 'const c=JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT||"{}");const v=c[process.argv[1]];process.stdout.write(v===undefined?"":String(v))' -- "$1"; }
ctxcall() { "$NODE" -e 'const c=JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT||"{}");process.stdout.write(JSON.stringify(c.toolCalls[Number(process.argv[1])]))' -- "$1"; }
ctxcalls() { "$NODE" -e 'const c=JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT||"{}");process.stdout.write(String((c.toolCalls||[]).length))'; }
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT

call() { echo "+ mcpscope call $*" >&2; "$NODE" "$CLI" call --url "$URL" ${MCPSCOPE_ERA:+--era "$MCPSCOPE_ERA"} "$@"; }
# Auth scenarios end with an authenticated tools/call of test-tool (the suite's well-behaved client).
oauth_call() { call tools/call --tool test-tool --oauth-headless "$@"; }
answers() { printf '%s' "$1" > "$TMP/answers.json"; echo "$TMP/answers.json"; }

case "$SCENARIO" in
  initialize) call tools/list ;;
  tools_call) call tools/call --tool add_numbers --arg a=5 --arg b=3 ;;
  request-metadata|json-schema-ref-no-deref) call tools/list ;;
  elicitation-sep1034-client-defaults)
    call tools/call --tool test_client_elicitation_defaults --answer-file "$(answers '{"elicitation/create":{"action":"accept","content":{}}}')" ;;
  sse-retry) call tools/call --tool test_reconnection ;;

  # SEP-2322 (MRTR): each tool answers input_required (an elicitation) or not; the engine echoes
  # requestState verbatim under a new JSON-RPC id, and keeps each call's inputResponses to itself.
  sep-2322-client-request-state)
    a="$(answers '{"elicitation/create":{"action":"accept","content":{"confirmed":true}}}')"
    for tool in test_mrtr_echo_state test_mrtr_no_state test_mrtr_unrelated test_mrtr_no_result_type; do
      call tools/call --tool "$tool" --answer-file "$a"
    done ;;
  # SEP-2243: Mcp-Method on every POST, Mcp-Name on tools/call, resources/read and prompts/get.
  http-standard-headers)
    call tools/call --tool test_headers
    call resources/list
    call resources/read --uri 'file:///path/to/file%20name.txt'
    call prompts/list
    call prompts/get --prompt test_prompt ;;
  # SEP-2243: the context names the calls; the SDK mirrors x-mcp-header arguments into Mcp-Param-*.
  http-custom-headers)
    n="$(ctxcalls)"
    for ((i = 0; i < n; i++)); do call tools/call --params "$(ctxcall "$i")"; done ;;
  # SEP-2243: tools with an invalid x-mcp-header are left out of the listing; the valid one is called.
  http-invalid-tool-headers) call tools/call --tool valid_tool --arg region=us-west1 ;;
  # SEP-1613/2106: the focal tool's inputSchema, as mcpscope printed it, goes back verbatim.
  json-schema-2020-12-preservation)
    call tools/list > "$TMP/tools.json"
    schema="$("$NODE" -e 'const t=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).tools.find((x)=>x.name==="json_schema_2020_12_tool");process.stdout.write(JSON.stringify(t.inputSchema))' "$TMP/tools.json")"
    call tools/call --tool json_schema_echo --arg "schema=$schema" ;;
  # SEP-2640 skills: list without reading any file; load a skill (verified against its entry).
  sep-2640-client-no-prefetch) call skills/list ;;
  sep-2640-client-verify-digest|sep-2640-client-verify-size|sep-2640-client-verify-frontmatter)
    call skills/list > "$TMP/skills.json"
    uri="$("$NODE" -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).skills[0].uri)' "$TMP/skills.json")"
    # The served SKILL.md is tampered with: loading it must fail (exit 7), and nothing else is read.
    call skills/get --skill "$uri" --load ;;

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
  # SEP-1932 / RFC 9449: DPoP-bound token (proof at the token endpoint), DPoP scheme and a fresh
  # proof per MCP request; the -nonce variant answers use_dpop_nonce at both and is retried.
  auth/dpop|auth/dpop-nonce) oauth_call --dpop ;;
  # SEP-1933 workload identity federation: the workload's JWT as an RFC 7523 jwt-bearer grant.
  auth/wif-jwt-bearer)
    ctx valid_jwt > "$TMP/workload.jwt"
    call tools/list --oauth-headless --grant jwt-bearer --client-id "$(ctx client_id)" --assertion-file "$TMP/workload.jwt" ;;
  auth/*) oauth_call ;;
  *) echo "client.sh: unknown scenario '$SCENARIO'" >&2; exit 1 ;;
esac

#!/usr/bin/env bash
# Runs every client scenario of @modelcontextprotocol/conformance against client.sh, each on its
# own (scored separately), inside a network namespace with only loopback (`unshare -n`, needs
# root): the suite's mock servers listen on all interfaces.
#   e2e/conformance/run.sh [scenario…]     (default: every client scenario of the suite)
# Env: CONFORMANCE_VERSION (default 0.1.16), CONFORMANCE_TIMEOUT ms (default 30000),
#      CONFORMANCE_SPEC (only the scenarios tagged with that spec version),
#      CONFORMANCE_RESULTS_JSON (write {"passed","failed"} there, for .ci/summarize.mjs).
# A scenario passes when the suite passes it AND it scored at least one check (SUCCESS or
# FAILURE in its checks.json): a run whose checks were all SKIPPED or INFO proved nothing.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VERSION="${CONFORMANCE_VERSION:-0.1.16}"
CACHE="$HERE/.tmp/$VERSION"
NODE22="$CACHE/node_modules/node/bin/node"
SUITE="$CACHE/node_modules/@modelcontextprotocol/conformance/dist/index.js"
OUT="$HERE/results/$VERSION${CONFORMANCE_SPEC:+-$CONFORMANCE_SPEC}"

report() { [[ -n "${CONFORMANCE_RESULTS_JSON:-}" ]] && printf '{"version":"%s","passed":%d,"failed":%d}\n' "$VERSION" "$1" "$2" > "$CONFORMANCE_RESULTS_JSON"; }
# Could not even start: one failure, so the closing line of `pnpm test` shows it.
if [[ ! -x "$NODE22" || ! -f "$SUITE" ]]; then
  mkdir -p "$CACHE" && echo '{"private":true}' > "$CACHE/package.json"
  (cd "$CACHE" && npm i --no-audit --no-fund --loglevel=error node@22 "@modelcontextprotocol/conformance@$VERSION" >&2) || { report 0 1; exit 1; }
fi
[[ -f "$ROOT/apps/cli/dist/mcpscope.js" ]] || { echo "build the CLI first: pnpm --filter mcpscope build" >&2; report 0 1; exit 1; }

if [[ $# -gt 0 ]]; then SCENARIOS=("$@"); else
  mapfile -t SCENARIOS < <("$NODE22" "$SUITE" list | sed -n '/^Client scenarios/,/^$/p' \
    | grep -e "${CONFORMANCE_SPEC:-}" | sed -n 's/^  - \([^ ]*\).*/\1/p')
fi
[[ ${#SCENARIOS[@]} -gt 0 ]] || { echo "no client scenarios listed by $SUITE" >&2; report 0 1; exit 1; }

# "passed scored warnings" of one checks.json, counted as the suite counts them.
score() { "$NODE22" -e 'const c=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));const n=(s)=>c.filter((x)=>x.status===s).length;console.log(n("SUCCESS"),n("SUCCESS")+n("FAILURE"),n("WARNING"))' "$1" 2>/dev/null || echo "0 0 0"; }

rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0; rows=()
suite_start=$(date +%s%3N)
for s in "${SCENARIOS[@]}"; do
  log="$OUT/$(echo "$s" | tr '/' '_').log"
  start=$(date +%s%3N)
  unshare -n sh -c 'ip link set lo up && exec "$@"' sh \
    "$NODE22" "$SUITE" client --command "bash $HERE/client.sh" --scenario "$s" \
    --timeout "${CONFORMANCE_TIMEOUT:-30000}" -o "$OUT/runs" >"$log" 2>&1
  rc=$?
  ms=$(( $(date +%s%3N) - start ))
  # The suite writes runs/<scenario>-<ISO time>/checks.json (the digit keeps auth/dpop from matching auth/dpop-nonce).
  checks=$(ls -d "$OUT/runs/$s"-[0-9][0-9][0-9][0-9]-*/checks.json 2>/dev/null | tail -1)
  read -r ok scored warn <<<"$( [[ -n "$checks" ]] && score "$checks" || echo "0 0 0")"
  if [[ $rc -eq 0 && $scored -gt 0 ]]; then pass=$((pass+1)); r=pass; else fail=$((fail+1)); r=FAIL; fi
  note=""; [[ $scored -eq 0 ]] && note=" (no check scored)"; [[ $warn -gt 0 ]] && note="$note ($warn warnings)"
  row="$(printf '%-44s %-5s %5s %6d ms%s' "$s" "$r" "$ok/$scored" "$ms" "$note")"
  rows+=("$row"); echo "$row"
done
echo
total_s=$(( ($(date +%s%3N) - suite_start) / 1000 ))
printf '%s\n' "${rows[@]}" > "$OUT/summary.txt"
echo "conformance $VERSION: $pass passed, $fail failed (${total_s} s)" >> "$OUT/summary.txt"
echo "$pass passed, $fail failed"
echo "(conformance $VERSION, ${total_s} s; logs and checks.json in $OUT)"
report "$pass" "$fail"
[[ $fail -eq 0 ]]

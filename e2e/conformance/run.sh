#!/usr/bin/env bash
# Runs every client scenario of @modelcontextprotocol/conformance against client.sh, each on its
# own (scored separately), inside a network namespace with only loopback (`unshare -n`, needs
# root): the suite's mock servers listen on all interfaces.
#   e2e/conformance/run.sh [scenario…]     (default: every client scenario of the suite)
# Env: CONFORMANCE_VERSION (default 0.1.16), CONFORMANCE_TIMEOUT ms (default 30000).
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VERSION="${CONFORMANCE_VERSION:-0.1.16}"
CACHE="$HERE/.tmp/$VERSION"
NODE22="$CACHE/node_modules/node/bin/node"
SUITE="$CACHE/node_modules/@modelcontextprotocol/conformance/dist/index.js"
OUT="$HERE/results/$VERSION${CONFORMANCE_SPEC:+-$CONFORMANCE_SPEC}"

if [[ ! -x "$NODE22" || ! -f "$SUITE" ]]; then
  mkdir -p "$CACHE" && echo '{"private":true}' > "$CACHE/package.json"
  (cd "$CACHE" && npm i --no-audit --no-fund --loglevel=error node@22 "@modelcontextprotocol/conformance@$VERSION" >&2) || exit 1
fi
[[ -f "$ROOT/apps/cli/dist/mcpscope.js" ]] || { echo "build the CLI first: pnpm --filter mcpscope build" >&2; exit 1; }

# CONFORMANCE_SPEC=2026-07-28: only the client scenarios tagged with that spec version.
if [[ $# -gt 0 ]]; then SCENARIOS=("$@"); else
  mapfile -t SCENARIOS < <("$NODE22" "$SUITE" list | sed -n '/^Client scenarios/,/^$/p' \
    | grep -e "${CONFORMANCE_SPEC:-}" | sed -n 's/^  - \([^ ]*\).*/\1/p')
fi

rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0; rows=()
for s in "${SCENARIOS[@]}"; do
  log="$OUT/$(echo "$s" | tr '/' '_').log"
  start=$(date +%s%3N)
  unshare -n sh -c 'ip link set lo up && exec "$@"' sh \
    "$NODE22" "$SUITE" client --command "bash $HERE/client.sh" --scenario "$s" \
    --timeout "${CONFORMANCE_TIMEOUT:-30000}" -o "$OUT/runs" >"$log" 2>&1
  rc=$?
  ms=$(( $(date +%s%3N) - start ))
  if [[ $rc -eq 0 ]]; then pass=$((pass+1)); r=pass; else fail=$((fail+1)); r=FAIL; fi
  rows+=("$(printf '%-48s %-5s %6d ms' "$s" "$r" "$ms")")
  printf '%-48s %-5s %6d ms\n' "$s" "$r" "$ms"
done
echo
printf '%s\n' "${rows[@]}" > "$OUT/summary.txt"
echo "$pass passed, $fail failed" | tee -a "$OUT/summary.txt"
# For the repo's test summary (.ci/summarize.mjs).
[[ -n "${CONFORMANCE_RESULTS_JSON:-}" ]] && printf '{"passed":%d,"failed":%d}\n' "$pass" "$fail" > "$CONFORMANCE_RESULTS_JSON"
[[ $fail -eq 0 ]]

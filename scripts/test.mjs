// Runs every test runner (unit, then e2e) even when an earlier one fails, and fails if any did.
import { spawnSync } from 'node:child_process';

const runs = [
  ['pnpm', ['run', 'test:unit']],
  ['pnpm', ['run', 'test:e2e']],
];
// The official MCP conformance client scenarios run in a network namespace (`unshare -n`),
// which needs root: CI runs them; elsewhere set CONFORMANCE=1 to try (see e2e/conformance).
if (process.getuid?.() === 0 || process.env.CONFORMANCE === '1') {
  runs.push(['bash', ['e2e/conformance/run.sh']]);
  process.env.CONFORMANCE_RESULTS_JSON = '.tmp/results/conformance.json';
}
let failed = false;
for (const [cmd, args] of runs) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

// Runs every test runner (unit, then e2e) even when an earlier one fails, and fails if any did.
import { spawnSync } from 'node:child_process';

const runs = [
  ['pnpm', ['run', 'test:unit']],
  ['pnpm', ['run', 'test:e2e']],
];
let failed = false;
for (const [cmd, args] of runs) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

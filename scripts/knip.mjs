// Knip over the workspace (knip.jsonc: the entries no config names, and each ignore with its reason):
// no unused files, exports or dependencies, none used without being listed. Writes its verdict for
// .ci/summarize.mjs as one check: passed when Knip found nothing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const results = process.argv[2] ?? '.tmp/results';
const run = spawnSync('pnpm', ['exec', 'knip', '--no-progress'], { stdio: 'inherit' });
const ok = run.status === 0;
mkdirSync(results, { recursive: true });
writeFileSync(`${results}/check-knip.json`, `${JSON.stringify({ name: 'knip', passed: ok ? 1 : 0, failed: ok ? 0 : 1 })}\n`);
process.exit(ok ? 0 : 1);

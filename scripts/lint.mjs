// Biome over the repository: its linter (biome.jsonc: the rules and why some are off, import cycles
// included) and its formatter (a file it would print otherwise is a finding; `pnpm format` fixes it).
// Writes its verdict for .ci/summarize.mjs as one check: passed when Biome found nothing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const results = process.argv[2] ?? '.tmp/results';
const run = spawnSync('pnpm', ['exec', 'biome', 'check', '--error-on-warnings', '.'], { stdio: 'inherit' });
const ok = run.status === 0;
mkdirSync(results, { recursive: true });
writeFileSync(
  `${results}/check-lint.json`,
  `${JSON.stringify({ name: 'biome check (lint and format)', passed: ok ? 1 : 0, failed: ok ? 0 : 1 })}\n`,
);
process.exit(ok ? 0 : 1);

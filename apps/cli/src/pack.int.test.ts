import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../bench/npx-check.mjs', import.meta.url));

describe('the published package', () => {
  // npm pack → `npx -y file:<tarball>` as a user would run it: call, launch, SIGTERM, no orphans.
  it('runs with npx from its tarball and leaves no process behind', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 180_000 });
    expect(run.stdout + run.stderr).toContain('npx-check: all good');
    expect(run.status).toBe(0);
  }, 200_000);
});

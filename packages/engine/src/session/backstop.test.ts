import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('../../test-fixtures/backstop-probe.mjs', import.meta.url));

describe('the backstop', () => {
  it("an unhandled error in one session's traffic closes that session with a reason; the process and the other session go on", () => {
    // A real process on the built engine: vitest would catch an uncaught error itself.
    const run = spawnSync(process.execPath, [probe], { encoding: 'utf8', timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split('\n').pop()!) as {
      victim: string;
      error?: { code: string; message: string };
      bystander: unknown;
      reports: string[];
    };
    expect(out.victim).toBe('closed');
    expect(out.error?.code).toBe('ENGINE_INTERNAL');
    expect(out.error?.message).toMatch(/simulated (asynchronous bug|unhandled rejection)/);
    expect(out.bystander).toEqual({});
    expect(out.reports.join('\n')).toContain('which was closed');
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

// V8's young generation is per process and this one's (vitest's) has long grown: each case runs
// in a fresh Node, on the module compiled as is.
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-young-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'heap-tuning.ts'), 'utf8');
writeFileSync(join(dir, 'heap-tuning.mjs'), transformSync(source, { loader: 'ts', format: 'esm' }).code);

/** New-space capacity (MiB) after a start-up-like burst of long-lived allocations, held or not, then after a second burst. */
function newSpace(hold: boolean, nodeArgs: string[] = []): { burst: number; after: number } {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { holdYoungGeneration, releaseYoungGeneration } from './heap-tuning.mjs';
    const size = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576;
    const kept = [];
    const burst = () => { for (let i = 0; i < 300000; i++) kept.push({ i, s: 'x' + i, a: [i, i] }); };
    if (${hold}) holdYoungGeneration();
    burst();
    const held = size();
    releaseYoungGeneration();
    burst();
    process.stdout.write(JSON.stringify({ burst: held, after: size() }));`;
  writeFileSync(join(dir, 'case.mjs'), script);
  const r = spawnSync(process.execPath, [...nodeArgs, join(dir, 'case.mjs')], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { burst: number; after: number };
}

describe('holdYoungGeneration', () => {
  it('keeps the young generation at its initial size through a burst; released, it grows again', () => {
    const free = newSpace(false);
    const held = newSpace(true);
    expect(free.burst).toBeGreaterThan(held.burst);
    expect(held.burst).toBeLessThanOrEqual(2);
    expect(held.after).toBeGreaterThan(held.burst);
  });

  it("leaves a user's own young-generation setting alone", () => {
    const tuned = newSpace(true, ['--semi-space-growth-factor=2']);
    expect(tuned.burst).toBeGreaterThan(2);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS fixture without types; tests only.
import { fuzzCli, fuzzTraces } from '../../../packages/engine/test-fixtures/hostile/harness.mjs';
import { buildTestBundle, type TestBundle } from './test-helpers.js';

interface FuzzRun {
  target: string;
  seed: number;
  crashed: boolean;
  stderrTail?: string;
}

let bundle: TestBundle;
let work: string;
beforeAll(async () => {
  bundle = await buildTestBundle();
  work = mkdtempSync(join(tmpdir(), 'mcpscope-fuzz-'));
}, 120_000);
afterAll(() => {
  bundle?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

// Seeded and bounded: 3 seeds × 9 targets, 40 hostile messages per server stream. bench/fuzz.mjs
// runs the same harness with more seeds and writes the figures to bench/results.
describe('server-side fuzz: hostile stdio and Streamable HTTP servers', () => {
  it('launch, call, check, lint of the recorded trace and wrap never crash', async () => {
    const result = (await fuzzCli({ cli: bundle.cli, seeds: [11, 12, 13], count: 40, workDir: work })) as {
      runs: FuzzRun[];
      messages: number;
      crashes: number;
    };
    const crashed = result.runs.filter((r) => r.crashed);
    expect(crashed.map((r) => `${r.target} seed ${r.seed}: ${r.stderrTail ?? ''}`)).toEqual([]);
    expect(new Set(result.runs.map((r) => r.target))).toEqual(
      new Set(['call', 'tool', 'check', 'lint', 'wrap', 'wrap-lint', 'launch', 'http-call', 'http-check']),
    );
    expect(result.messages).toBeGreaterThanOrEqual(3 * 40 * 8);
  }, 240_000);

  it('crafted trace files: lint, replay and open fail cleanly, and never run the recorded command', async () => {
    const result = (await fuzzTraces({ cli: bundle.cli, seeds: [21], workDir: work, bigLineBytes: 90 * 1024 * 1024 })) as {
      runs: FuzzRun[];
      traces: number;
      crashes: number;
      ranRecorded: boolean;
    };
    expect(result.runs.filter((r) => r.crashed).map((r) => `${r.target}: ${r.stderrTail ?? ''}`)).toEqual([]);
    expect(result.ranRecorded).toBe(false);
    expect(result.traces).toBe(9);
  }, 120_000);
});

import { defineConfig } from '@playwright/test';

// bench/playwright-fixture.mjs runs one spec per run (PW_BENCH_SPEC) and reads the JSON report.
export default defineConfig({
  testDir: '.',
  testMatch: `${process.env.PW_BENCH_SPEC ?? '*'}.bench.mjs`,
  outputDir: process.env.PW_BENCH_OUT ?? '../.tmp/playwright-fixture',
  workers: 1,
  retries: 0,
  reporter: [['json', { outputFile: `${process.env.PW_BENCH_OUT ?? '../.tmp/playwright-fixture'}/report.json` }]],
});

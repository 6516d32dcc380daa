import { defineConfig } from '@playwright/test';

/** The deliberately broken server's test, which fails (tests/broken-server.spec.ts runs it and reads the report). */
export default defineConfig({
  testDir: './broken',
  testMatch: '**/*.check.ts',
  outputDir: './test-results/broken',
  timeout: 60_000,
  workers: 1,
});

import { defineConfig } from '@playwright/test';

/**
 * Runs the specs of this folder as a user's project would, against the built package
 * (`@mcpscope/playwright` resolves to dist/ by its own name). Driven by
 * src/playwright-runs.int.test.ts, which sets PW_FIXTURE_OUT (reports, traces) and reads the
 * JSON report; several specs fail on purpose, to check what their failures say.
 */
const out = process.env.PW_FIXTURE_OUT ?? './.tmp/fixture-run';

export default defineConfig({
  testDir: './specs',
  outputDir: `${out}/test-results`,
  timeout: 90_000,
  expect: { timeout: 5_000 },
  workers: 2,
  fullyParallel: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: `${out}/report.json` }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] },
  },
});

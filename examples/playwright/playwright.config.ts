import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  workers: 2,
  fullyParallel: true,
  reporter: 'list',
  use: {
    // Playwright's own Chromium (`npx playwright install chromium`), or another one.
    ...(process.env.CHROMIUM_PATH ? { launchOptions: { executablePath: process.env.CHROMIUM_PATH } } : {}),
  },
});

#!/usr/bin/env node
// The README's screenshots of the UI: docs/ui-{1280,1920}-{light,dark}.png, a demo session with
// a few frames (tools/list and an echo call) and a frame open. Not part of the test gate.
//
//   pnpm build && node e2e/screenshots.mjs [outDir]
//
// MCPSCOPE_E2E_CLI: another mcpscope.js (default apps/cli/dist); CHROMIUM_PATH: the browser.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const cli = process.env.MCPSCOPE_E2E_CLI ?? fileURLToPath(new URL('../apps/cli/dist/mcpscope.js', import.meta.url));
const outDir = process.argv[2] ?? fileURLToPath(new URL('../docs/', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-screens-'));
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

const child = spawn(process.execPath, [cli, '--no-open', '--port', '0', '--demo'], {
  env: { ...process.env, XDG_DATA_HOME: dataDir },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const url = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`mcpscope printed no URL:\n${output}`)), 30_000);
  child.once('exit', (code) => reject(new Error(`mcpscope exited (${code}):\n${output}`)));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(output);
    if (m) {
      clearTimeout(timer);
      resolve(m[1]);
    }
  });
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  mkdirSync(outDir, { recursive: true });
  let called = false;
  for (const size of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: size, colorScheme });
      await page.goto(url);
      await page.getByTestId('status-state').filter({ hasText: 'connected' }).waitFor();
      if (!called) {
        // A few frames worth looking at: the tool list and one call, as a user makes them.
        await page.getByTestId('tab-tools').click();
        await page.locator('[data-testid="tool-item"][data-name="echo"]').click();
        await page
          .locator('[data-testid="tool-field"][data-path="message"]')
          .locator('input, textarea')
          .first()
          .fill('hello from mcpscope');
        await page.getByTestId('tool-call').click();
        await page.getByTestId('tool-result').waitFor();
        called = true;
      }
      await page.getByTestId('tab-frames').click();
      const response = page.locator('[data-testid="frame-row"][data-method="tools/call"][data-dir="in"]').first();
      await response.waitFor();
      await response.click();
      await page.getByTestId('frame-detail').waitFor();
      await page.mouse.move(size.width - 1, size.height - 1); // no hover highlight in the picture
      const file = join(outDir, `ui-${size.width}-${colorScheme}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

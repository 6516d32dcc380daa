import { fileURLToPath } from 'node:url';
import type { ConsoleMessage, Page } from '@playwright/test';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { PrimitivesPage } from '../fixtures/primitives';

/**
 * An SVG with a <script> from the server under test is previewed and opened in
 * a new tab without its script ever running at mcpscope's origin (where it could read the token
 * and drive the API). The fixture's script logs "PWNED <origin>", sets the title, writes
 * localStorage, touches window.opener and calls /api/info?pwned=1.
 */
const SERVER = fileURLToPath(new URL('../fixtures/active-content-server.mjs', import.meta.url));

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

test('an SVG resource with a script is shown as an image and opens in a tab as an image', async ({ page, context }, info) => {
  app = await launchMcpscope(['--', process.execPath, SERVER]);
  const consoleLines: string[] = [];
  const pwnedCalls: string[] = [];
  const watch = (p: Page) => p.on('console', (m: ConsoleMessage) => consoleLines.push(`${p.url().slice(0, 40)} ${m.text()}`));
  watch(page);
  context.on('page', watch);
  context.on('request', (r) => r.url().includes('pwned=1') && pwnedCalls.push(r.url()));

  await page.goto(app.url);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  const title = await page.title();
  const ui = new PrimitivesPage(page, app);
  await ui.openTab('resources');
  const svg = await ui.readResource('hostile://evil.svg', 'image');
  const img = svg.getByTestId('resource-image');
  await expect(img).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(120);
  await ui.screenshot(info, 'active-content-preview');

  // "Open" makes a blank tab that holds only an <img> of the data: URL.
  const [tab] = await Promise.all([context.waitForEvent('page'), svg.getByTestId('resource-open-tab').click()]);
  await expect.poll(() => tab.locator('img').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(120);
  expect(tab.url()).not.toMatch(/^blob:/);
  expect(await tab.evaluate(() => ({ opener: window.opener, scripts: document.scripts.length, title: document.title }))).toEqual({
    opener: null,
    scripts: 0,
    title: 'hostile://evil.svg',
  });
  const shot = info.outputPath('active-content-tab.png');
  await tab.screenshot({ path: shot });
  await info.attach('active-content-tab', { path: shot, contentType: 'image/png' });

  // What the browser's own "Open image in new tab" does with the preview's src: a data: URL is
  // its own opaque origin (a blob: URL here would run the script as mcpscope).
  const src = (await img.getAttribute('src'))!;
  const direct = await context.newPage();
  await direct.goto(src);
  expect(await direct.evaluate(() => location.origin)).toBe('null');
  // The fixture's script is live (it runs there, harmlessly): only the origin protects mcpscope.
  await expect.poll(() => consoleLines.some((l) => l.endsWith('PWNED null'))).toBe(true);

  // The script never ran at mcpscope's origin.
  await expect(page).toHaveTitle(title);
  expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
  expect(consoleLines.filter((l) => l.includes(`PWNED ${app.origin}`))).toEqual([]);
  expect(pwnedCalls.filter((u) => u.startsWith(app.origin))).toEqual([]);
});

import { launchMcpscopeWithBrowser, type LaunchedWithBrowser } from '../fixtures/browserOpen';
import { McpscopeApp } from '../fixtures/app';
import { test, expect } from '../fixtures/mcpscope';

/** The browser is opened on a single-use code; the token stays in the page. */
let app: LaunchedWithBrowser;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

test('the browser gets a code, the page trades it for the token, drops it from the URL, and survives a reload', async ({
  page,
  context,
  expectConsoleError,
}, info) => {
  expectConsoleError(/session-code:0\): Failed to load resource: the server responded with a status of 401/); // the reused code is refused, as the test checks
  app = await launchMcpscopeWithBrowser(['--demo']);
  const opened = await app.browserUrl();
  expect(opened).toMatch(new RegExp(`^${app.origin}/#code=[\\w-]{22}$`));
  expect(opened).not.toContain(app.token);

  const exchanges: number[] = [];
  page.on('response', (r) => r.url().endsWith('/api/session-code') && exchanges.push(r.status()));
  await page.goto(opened);
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await new McpscopeApp(page).expectConnected('modern');
  expect(exchanges).toEqual([200]);
  expect(page.url()).toBe(`${app.origin}/`);
  expect(await page.evaluate(() => sessionStorage.getItem('mcpscope.token'))).toBe(app.token);
  await new McpscopeApp(page).screenshot(info, 'browser-code-opened');

  // A reload has no code any more: the token comes from sessionStorage, nothing is exchanged.
  await page.reload();
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  expect(exchanges).toEqual([200]);
  expect(page.url()).toBe(`${app.origin}/`);

  // The same link again (another tab, someone who read it from `ps`): spent.
  const second = await context.newPage();
  await second.goto(opened);
  await expect(second.getByTestId('token-screen')).toHaveAttribute('data-reason', 'code-refused');
  await expect(second.getByTestId('token-screen')).toContainText('already been used or has expired');
  expect(second.url()).toBe(`${app.origin}/`);
  const shot = info.outputPath('browser-code-spent.png');
  await second.screenshot({ path: shot });
  await info.attach('browser-code-spent', { path: shot, contentType: 'image/png' });

  // The #token= form still works for scripts and tests.
  const scripted = await context.newPage();
  await scripted.goto(app.url);
  await expect(scripted.getByTestId('session-item').first()).toBeVisible();
  expect(scripted.url()).toBe(`${app.origin}/`);
});

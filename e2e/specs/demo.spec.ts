import { startDemoHttpServer } from '../../packages/demo-server/dist/index.js';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { McpscopeApp } from '../fixtures/app';

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

test('the demo server: discover handshake, a tools/list pair, a frame opened', async ({ page }, info) => {
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('modern');
  await expect(page.getByTestId('status-version')).toContainText('2026-07-28');
  await expect(ui.frameRows('server/discover', 'out')).toHaveCount(1);
  await expect(ui.frameRows('server/discover', 'in')).toHaveCount(1);

  await ui.sendTemplate('tools/list');
  await expect(ui.frameRows('tools/list', 'out')).toHaveCount(1);
  await expect(ui.frameRows('tools/list', 'in')).toHaveCount(1);
  await ui.openFrame('tools/list', 'in');
  await expect(page.getByTestId('frame-detail')).toContainText('echo');
  await ui.screenshot(info, 'demo-tools-list');

  // The filter narrows the log to what was asked for.
  await page.getByTestId('frame-filter').fill('method:tools/*');
  await expect(ui.frameRows()).toHaveCount(2);
  await page.getByTestId('frame-filter').fill('dir:out method:tools/*');
  await expect(ui.frameRows()).toHaveCount(1);
});

test('the token is required: without it the UI explains where to find it', async ({ page }) => {
  app = await launchMcpscope(['--demo']);
  await page.goto(`${app.origin}/`);
  await expect(page.getByTestId('token-screen')).toBeVisible();
  const res = await page.request.get(`${app.origin}/api/sessions`);
  expect(res.status()).toBe(401);
});

test('the demo server over Streamable HTTP: modern era, discover over POST, tools/list pair', async ({ page }, info) => {
  const demo = await startDemoHttpServer({ port: 0, host: '127.0.0.1' });
  try {
    app = await launchMcpscope(['--url', demo.url]);
    await page.goto(app.url);
    const ui = new McpscopeApp(page);
    await ui.expectConnected('modern');
    await expect(ui.frameRows('server/discover', 'in')).toHaveCount(1);
    await ui.sendTemplate('tools/list');
    await expect(ui.frameRows('tools/list', 'in')).toHaveCount(1);
    await ui.openFrame('tools/list', 'in');
    await expect(page.getByTestId('frame-detail')).toContainText('echo');
    await ui.screenshot(info, 'demo-http-modern');
  } finally {
    await demo.close();
  }
});

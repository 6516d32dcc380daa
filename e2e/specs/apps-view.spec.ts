import { APP_SERVERS, AppsPage, appServerArgs, method } from '../fixtures/apps';
import { shotAtBothSizes } from '../fixtures/docShots';
import { expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';

/**
 * The Apps view (Server group): the server's tools with a ui:// interface, the app rendered at
 * full width beside its app⇄host conversation, through the same app host as the Tools tab.
 */
let app: Launched;
test.setTimeout(150_000);
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

const URI = 'ui://budget-allocator/mcp-app.html';

test('Apps lists the tools that have an app, renders one at full width beside its conversation, and fullscreen', async ({ page }, info) => {
  app = await launchMcpscope(appServerArgs(APP_SERVERS.budget));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(app.url);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  const apps = new AppsPage(page, app);
  await page.getByTestId('tab-apps').click();
  const items = page.getByTestId('apps-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute('data-name', 'get-budget-data');
  await expect(items.first()).toContainText(URI);

  await page.getByTestId('apps-run').click();
  const view = page.locator(`#panel-apps [data-testid="app-view"][data-uri="${URI}"]:not([hidden])`);
  await expect(view).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(view.getByTestId('app-frame').contentFrame().locator('iframe').contentFrame().locator('#status-bar')).toContainText(
    /Allocated/,
  );

  // Beside it, the conversation of this view: the host's ui/initialize answer, tool-input, tool-result.
  const rows = page.getByTestId('app-conversation-row');
  await expect(rows.filter({ hasText: 'ui/initialize' })).toHaveCount(1);
  await expect(
    page.locator('[data-testid="app-conversation-row"][data-method="ui/notifications/tool-result"][data-dir="out"]'),
  ).toHaveCount(1);
  const recorded = await apps.appFrames(URI);
  expect(recorded.some((f) => f.dir === 'out' && method(f) === 'ui/notifications/tool-result')).toBe(true);
  await shotAtBothSizes(page, info, 'apps-view');

  // Full width: the list and the conversation make way; the app spans the view.
  const panel = (await page.locator('#panel-apps').boundingBox())!;
  await page.getByTestId('apps-wide').click();
  await expect(page.getByTestId('app-conversation')).toHaveCount(0);
  await expect.poll(async () => (await view.getByTestId('app-frame').boundingBox())!.width).toBeGreaterThan(panel.width - 4);
  await shotAtBothSizes(page, info, 'apps-view-full-width');
  await page.getByTestId('apps-wide').click();
  await expect(page.getByTestId('app-conversation')).toBeVisible();

  // Fullscreen (the app's display mode) fills the Apps panel.
  await view.getByTestId('app-display-mode').click();
  await expect(view).toHaveAttribute('data-display-mode', 'fullscreen');
  await expect.poll(async () => (await view.boundingBox())!.height).toBeGreaterThan(panel.height - 4);
  await view.getByTestId('app-display-mode').click();
  await expect(view).toHaveAttribute('data-display-mode', 'inline');
});

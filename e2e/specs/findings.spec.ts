import { RAW_SERVER } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

test("the Findings tab groups a bad server's problems by rule, filters by severity and jumps to the frame", async ({ page }, info) => {
  // FIXTURE_MODE=bad: print() on stdout, an empty description, an invalid tool name, a looping
  // cursor and an undeclared list_changed.
  app = await launchMcpscope(['-e', 'FIXTURE_MODE=bad', '--', process.execPath, RAW_SERVER]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('legacy');
  await ui.sendTemplate('tools/list');

  const tab = page.getByTestId('tab-findings');
  await expect(tab).toContainText(/Findings\s*\d+/); // the error badge
  await tab.click();
  const groups = page.getByTestId('finding-group');
  for (const rule of ['stdio-non-json-stdout', 'capability-undeclared', 'tool-description', 'tool-name']) {
    await expect(page.locator(`[data-testid="finding-group"][data-rule="${rule}"]`)).toBeVisible();
  }
  const stdout = page.locator('[data-testid="finding-group"][data-rule="stdio-non-json-stdout"]');
  await expect(stdout).toHaveAttribute('data-severity', 'error');
  await expect(stdout.getByTestId('finding-spec')).toHaveText('2025-11-25/basic/transports#stdio');
  await expect(stdout).toContainText('print()');
  await ui.screenshot(info, 'findings-tab');

  // Only errors.
  await page.getByTestId('findings-filter-warning').uncheck();
  await page.getByTestId('findings-filter-info').uncheck();
  await expect(groups.and(page.locator('[data-severity="warning"]'))).toHaveCount(0);
  await expect(groups.first()).toHaveAttribute('data-severity', 'error');

  // A click shows the frame in the Frames tab.
  const item = stdout.getByTestId('finding-item').first();
  const seq = await item.getAttribute('data-seq');
  await item.click();
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`[data-testid="frame-row"][data-seq="${seq}"]`)).toHaveAttribute('aria-selected', 'true');
});

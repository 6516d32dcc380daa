import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { PrimitivesPage } from '../fixtures/primitives';

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

const RANK = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

test('demo server (2026-07-28): the log level goes into _meta of later requests; logs by level; updates highlighted', async ({
  page,
}, info) => {
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');
  const ui = new PrimitivesPage(page, app);
  await ui.openTab('notifications');
  await expect(page.getByTestId('log-level-mechanism')).toContainText('_meta');

  // Without a level, the modern server must not log for a request.
  await ui.request('tools/call', { name: 'emit_logs', arguments: {} });
  await page.getByTestId('notifications-view-logs').click();
  await expect(ui.logRows()).toHaveCount(0);

  await page.getByTestId('log-level-select').selectOption('warning');
  await expect(page.getByTestId('log-level-select')).toHaveValue('warning');
  await ui.request('tools/call', { name: 'emit_logs', arguments: { levels: ['debug', 'info', 'warning', 'error', 'critical'] } });
  await expect(ui.logRows()).toHaveCount(3);
  await expect(ui.logRows('warning')).toContainText('a warning message from the demo server');
  await expect(ui.logRows('critical')).toHaveCount(1);
  await page.getByTestId('log-filter-level').selectOption('error');
  await expect(ui.logRows()).toHaveCount(2);
  await ui.screenshot(info, 'notifications-demo-logs');

  // A resource update and a list change, highlighted in the list of all notifications.
  await page.getByTestId('notifications-view-all').click();
  // 2026-07-28: list changes come on a subscriptions/listen stream the user opens (off by default).
  await page.getByTestId('list-changes-toggle').first().check();
  await expect(page.getByTestId('list-changes-toggle').first()).toBeChecked();
  await ui.request('tools/call', { name: 'toggle_extra_tool', arguments: {} });
  await expect(ui.notificationRows('notifications/tools/list_changed').first()).toHaveAttribute('data-highlight', 'list-changed');
  await page.getByTestId('notification-method').selectOption('notifications/message');
  await expect(ui.notificationRows()).toHaveCount(3);
  await page.getByTestId('notification-method').selectOption('');
  // 2026-07-28 has no notifications/initialized: everything here came from the server.
  await page.getByTestId('notification-dir').getByRole('radio', { name: '→ out' }).click();
  await expect(ui.notificationRows()).toHaveCount(0);
  await page.getByTestId('notification-dir').getByRole('radio', { name: '← in' }).click();
  await expect(ui.notificationRows()).toHaveCount(
    await page
      .getByTestId('notification-count')
      .innerText()
      .then((t) => Number(t.split(' ')[0])),
  );
  await page.getByTestId('notification-dir').getByRole('radio', { name: 'All' }).click();
  await page.getByTestId('notification-filter').fill('critical');
  await expect(ui.notificationRows()).toHaveCount(1);
  await ui.notificationRows().first().click();
  await expect(page.getByTestId('notification-detail')).toContainText('a critical message from the demo server');
  await ui.screenshot(info, 'notifications-demo-all');
});

test('server-everything (legacy): logging/setLevel, then simulated log messages at or above it', async ({ page }, info) => {
  app = await launchMcpscope(['--', process.execPath, everythingEntry(), 'stdio']);
  await page.goto(app.url);
  const shell = new McpscopeApp(page);
  await shell.expectConnected('legacy');
  const ui = new PrimitivesPage(page, app);
  await ui.openTab('notifications');
  await expect(page.getByTestId('log-level-mechanism')).toContainText('logging/setLevel');
  await page.getByTestId('log-level-select').selectOption('error');
  await expect(page.getByTestId('log-level-select')).toHaveValue('error');
  await page.getByTestId('tab-frames').click();
  await expect(shell.frameRows('logging/setLevel', 'out')).toHaveCount(1);
  await ui.openTab('notifications');
  // The legacy era has client notifications too.
  await page.getByTestId('notification-dir').getByRole('radio', { name: '→ out' }).click();
  await expect(ui.notificationRows('notifications/initialized')).toHaveAttribute('data-dir', 'out');
  await page.getByTestId('notification-dir').getByRole('radio', { name: 'All' }).click();

  // Messages logged before the level was set (e.g. at connect) stay in the list.
  await page.getByTestId('notifications-view-logs').click();
  const before = await ui.logRows().count();
  await ui.request('tools/call', { name: 'toggle-simulated-logging', arguments: {} });
  await expect.poll(() => ui.logRows().count(), { timeout: 45_000 }).toBeGreaterThan(before);
  await ui.request('tools/call', { name: 'toggle-simulated-logging', arguments: {} });
  const levels = await ui.logRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-level')));
  for (const level of levels.slice(before)) expect(RANK.indexOf(level ?? '')).toBeGreaterThanOrEqual(RANK.indexOf('error'));
  await ui.screenshot(info, 'notifications-everything-logs');

  await ui.openTab('capabilities');
  await expect(ui.capability('server', 'logging')).toHaveAttribute('data-declared', 'true');
  await expect(ui.capability('server', 'tasks')).toHaveAttribute('data-declared', 'true');
  await expect(ui.capability('client', 'roots.listChanged')).toHaveAttribute('data-declared', 'true');
  await ui.screenshot(info, 'capabilities-everything');
});

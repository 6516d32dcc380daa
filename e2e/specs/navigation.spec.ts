import type { Locator, Page } from '@playwright/test';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { McpscopeApp } from '../fixtures/app';

/**
 * The views navigation fits a laptop (1280×800) and a desktop, every view is
 * reachable by mouse and keyboard, the sidebar width is the user's, the status bar clips nothing.
 */

// Display order of the grouped navigation: Traffic, Server, Diagnosis, Recordings.
const VIEWS = [
  'frames',
  'console',
  'notifications',
  'timeline',
  'composer',
  'tools',
  'apps',
  'resources',
  'prompts',
  'tasks',
  'capabilities',
  'findings',
  'client',
  'oauth',
  'spans',
  'traces',
  'compare',
];

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

/** `el` lies wholly inside the viewport and inside `container`'s visible box (nothing scrolled or clipped away). */
async function expectFullyVisible(page: Page, el: Locator, container: Locator): Promise<void> {
  const box = (await el.boundingBox())!;
  const inner = (await container.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width, 'has a size').toBeGreaterThan(0);
  expect(box.x).toBeGreaterThanOrEqual(Math.max(0, inner.x) - 0.5);
  expect(box.y).toBeGreaterThanOrEqual(Math.max(0, inner.y) - 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(Math.min(viewport.width, inner.x + inner.width) + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(Math.min(viewport.height, inner.y + inner.height) + 0.5);
}

const viewTabs = (page: Page) => page.getByTestId('view-tablist').getByRole('tab');
const tabStops = (page: Page) =>
  viewTabs(page).evaluateAll((tabs) => tabs.filter((t) => t.getAttribute('tabindex') === '0').map((t) => t.id));

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${size.width}×${size.height} every view is in sight, unscrolled, and opens its panel`, async ({ page }) => {
    await page.setViewportSize(size);
    app = await launchMcpscope(['--demo']);
    await page.goto(app.url);
    await new McpscopeApp(page).expectConnected('modern');
    const list = page.getByTestId('view-tablist');
    expect(await viewTabs(page).evaluateAll((tabs) => tabs.map((t) => t.id.replace('tab-', '')))).toEqual(VIEWS);
    // Nothing to scroll: the whole list fits its column.
    expect(await list.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const id of VIEWS) {
      const tab = page.getByTestId(`tab-${id}`);
      await expectFullyVisible(page, tab, list);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator(`#panel-${id}`)).toBeVisible();
    }
    // The content keeps most of the width: the Frames table stays usable at 1280.
    await page.getByTestId('tab-frames').click();
    const content = (await page.locator('#panel-frames').boundingBox())!;
    expect(content.width).toBeGreaterThanOrEqual(size.width - 280 - 130);
  });
}

test('keyboard: one tab stop, arrows and Home/End move, Enter/Space open, Alt+n opens the n-th view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');
  const focused = () => page.evaluate(() => document.activeElement?.id);
  // Only the selected view is in the Tab order.
  expect(await tabStops(page)).toEqual(['tab-frames']);

  await page.getByTestId('tab-frames').focus();
  await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe('tab-console');
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true'); // moving is not opening
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tab-notifications')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#panel-notifications')).toBeVisible();
  await page.keyboard.press('End');
  expect(await focused()).toBe('tab-compare');
  await page.keyboard.press('ArrowDown'); // wraps
  expect(await focused()).toBe('tab-frames');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  expect(await focused()).toBe('tab-traces');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('tab-traces')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  expect(await focused()).toBe('tab-frames');

  // Tab leaves the list (one tab stop), which gives the tab stop back to the selected view.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('view-nav-compact')).toBeFocused();
  expect(await tabStops(page)).toEqual(['tab-traces']);

  // Alt+n, in display order (not from a text field only: from anywhere).
  await page.keyboard.press('Alt+6');
  await expect(page.getByTestId('tab-tools')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');

  // The palette lists every view, with its Alt chord for the first nine.
  await page.keyboard.press('Control+K');
  const views = page.getByTestId('palette-item').and(page.locator('[data-kind="view"]'));
  await expect(views).toHaveCount(VIEWS.length);
  expect(await views.evaluateAll((items) => items.map((i) => i.getAttribute('data-id')))).toEqual(VIEWS.map((id) => `view:${id}`));
  await page.keyboard.press('Escape');
});

test('the sidebar is resized by its edge, by mouse or keyboard, and keeps its width after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');
  const sidebar = page.getByTestId('sidebar');
  const width = async () => Math.round((await sidebar.boundingBox())!.width);
  expect(await width()).toBe(280);

  const handle = (await page.getByTestId('sidebar-resize').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, 400);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 60, 400, { steps: 4 });
  await page.mouse.move(handle.x + handle.width / 2 + 100, 400, { steps: 4 });
  await page.mouse.up();
  expect(await width()).toBe(380);

  await page.getByTestId('sidebar-resize').focus();
  await page.keyboard.press('ArrowLeft');
  expect(await width()).toBe(364);
  await page.keyboard.press('End');
  expect(await width()).toBe(480); // the maximum
  await page.mouse.move(handle.x + handle.width / 2 + 200, 400);
  await page.mouse.down();
  await page.mouse.move(handle.x + 500, 400, { steps: 4 });
  await page.mouse.up();
  expect(await width()).toBe(480);
  await page.getByTestId('sidebar-resize').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  expect(await width()).toBe(400);

  await page.reload();
  await new McpscopeApp(page).expectConnected('modern');
  expect(await width()).toBe(400);
  await expect(page.getByTestId('sidebar-resize')).toHaveAttribute('aria-valuenow', '400');

  // The compact navigation (icons only) is remembered too, and every view stays clickable.
  await page.getByTestId('view-nav-compact').click();
  await expect(page.getByTestId('view-nav')).toHaveAttribute('data-compact', 'true');
  await page.reload();
  await expect(page.getByTestId('view-nav')).toHaveAttribute('data-compact', 'true');
  for (const id of ['tools', 'compare', 'frames']) {
    await page.getByTestId(`tab-${id}`).click();
    await expect(page.locator(`#panel-${id}`)).toBeVisible();
  }
  await page.getByTestId('view-nav-compact').click();
  await expect(page.getByTestId('view-nav')).toHaveAttribute('data-compact', 'false');
});

test('the status bar shows state, pid, era, protocol, server and caps unclipped at 1280', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');
  const bar = page.getByTestId('status-bar');
  await expect(page.getByTestId('status-pid')).toHaveText(/^\d+$/);
  expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  for (const id of ['status-state', 'status-pid', 'status-era', 'status-version', 'status-server', 'status-caps', 'socket-status']) {
    await expectFullyVisible(page, page.getByTestId(id), bar);
  }
  // The server name is whole here; the chips that do not fit are counted in "+N", in the popover.
  expect(await page.getByTestId('status-server').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.getByTestId('status-caps').click();
  await expect(page.getByTestId('capabilities-popover')).toContainText('completions');
  await page.keyboard.press('Escape');

  // With the widest sidebar the bar still clips nothing (it wraps rather than hide the pid).
  await page.getByTestId('sidebar-resize').focus();
  await page.keyboard.press('End');
  expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectFullyVisible(page, page.getByTestId('status-pid'), bar);
  await expectFullyVisible(page, page.getByTestId('socket-status'), bar);
});

test('with no session the views show the welcome screen; Traces and Compare open as usual', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  app = await launchMcpscope([]);
  await page.goto(app.url);
  await expect(page.getByTestId('status-bar')).toContainText('No session selected');
  await expect(page.getByTestId('welcome-panel')).toBeAttached();
  await expect(page.getByTestId('frame-filter')).toHaveCount(0);
  await page.getByTestId('tab-tools').click();
  await expect(page.getByTestId('welcome-panel')).toHaveAttribute('id', 'panel-tools');
  await page.getByTestId('tab-traces').click();
  await expect(page.getByTestId('welcome-panel')).toHaveCount(0);
  await expect(page.getByTestId('trace-drop-zone')).toBeVisible();
  await page.getByTestId('tab-compare').click();
  await expect(page.locator('#panel-compare')).toBeVisible();
});

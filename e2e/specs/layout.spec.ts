import type { Page } from '@playwright/test';
import { demoConfig } from '../../packages/engine/test-fixtures/demo';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { APP_SERVERS } from '../fixtures/apps';
import { SIZES, shotAtBothSizes } from '../fixtures/docShots';
import { layoutProblems, type LayoutProblem } from '../fixtures/layoutCheck';
import { expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';
import { ToolsPage } from '../fixtures/tools';

/**
 * Nothing clipped, nothing overlapping: at 1280×800 and 1920×1080, light and dark, every view of
 * a live server-everything session (with a call made, so History has entries), the Apps view
 * with an MCP App rendered, and thirteen sessions in the list. Every button, tab and input must
 * lie inside its overflow container, show its whole label and cover no other control.
 */
let app: Launched;
test.setTimeout(300_000);
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

const APP_URI = 'ui://budget-allocator/mcp-app.html';

async function openSession(page: Page, config: object): Promise<string> {
  const res = await page.request.post(`${app.origin}/api/sessions`, {
    headers: { Authorization: `Bearer ${app.token}` },
    data: { config },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { session: { id: string } }).session.id;
}

/** The budget allocator's app in the Apps view, rendered (again: a view is not kept across a switch of session). */
async function renderApp(page: Page): Promise<void> {
  const view = page.locator(`#panel-apps [data-testid="app-view"][data-uri="${APP_URI}"]:not([hidden])`);
  if ((await view.count()) === 0) await page.getByTestId('apps-run').click();
  await expect(view).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
}

/** Notification rows whose Method cell cuts the method (with its badge) while Params has room. */
async function cutMethods(page: Page): Promise<string[]> {
  await expect(page.locator('[data-testid="notification-row"][data-method="notifications/tools/list_changed"]').first()).toBeVisible();
  return page.locator('[data-testid="notification-row"] > :nth-child(4)').evaluateAll((cells) =>
    cells.flatMap((c) =>
      [c, ...c.querySelectorAll('span')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .slice(0, 1)
        .map(() => `${c.textContent} needs ${c.scrollWidth}px, has ${c.clientWidth}px`),
    ),
  );
}

const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const sessionItem = (page: Page, id: string) => page.locator(`[data-testid="session-item"][data-session-id="${id}"]`);

test('every view at 1280×800 and 1920×1080, light and dark: no control clipped or overlapping', async ({ page }, info) => {
  app = await launchMcpscope(['--', process.execPath, everythingEntry(), 'stdio']);
  await page.setViewportSize(SIZES[0]);
  await page.goto(app.url);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  const everything = await page.getByTestId('session-item').first().getAttribute('data-session-id');
  const budget = await openSession(page, {
    transport: 'stdio',
    command: process.execPath,
    args: [APP_SERVERS.budget, '--stdio'],
    name: 'budget allocator',
  });
  const demos: string[] = [];
  for (let i = 1; i <= 11; i++) demos.push(await openSession(page, { ...demoConfig(i === 1 ? 'legacy' : 'modern'), name: `demo ${i}` }));
  // The longest notification names with their badge: the demo's tool list changes (2025-11-25: sent unasked).
  const listChanged = demos[0]!;
  const res = await page.request.post(`${app.origin}/api/sessions/${listChanged}/requests`, {
    headers: { Authorization: `Bearer ${app.token}` },
    data: { method: 'tools/call', params: { name: 'toggle_extra_tool', arguments: {} } },
  });
  expect(res.status()).toBe(200);
  await expect(page.getByTestId('session-item')).toHaveCount(13);

  // The MCP App, rendered in the Apps view of its session.
  await sessionItem(page, budget).click();
  await page.getByTestId('tab-apps').click();
  await renderApp(page);

  // server-everything: a call (History gets Edit and CLI), a notification, a frame open.
  await sessionItem(page, everything!).click();
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.select('echo');
  await tools.fill('message', 'hello');
  await tools.call();
  await tools.expectOutcome('result');
  await expect(page.getByTestId('tool-history-item')).toHaveCount(1);
  await page.getByTestId('tab-frames').click();
  await page.locator('[data-testid="frame-row"][data-method="tools/call"][data-dir="in"]').first().click();

  const tabs = await page
    .locator('[role="tab"][data-testid^="tab-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)));
  expect(tabs.length).toBeGreaterThanOrEqual(16);
  const found: Array<LayoutProblem & { where: string }> = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [session, ids] of [
        [everything!, tabs],
        [budget, ['apps']],
        [listChanged, ['notifications']],
      ] as const) {
        await sessionItem(page, session).click();
        for (const id of ids) {
          await page.getByTestId(`tab-${id}`).click();
          await expect(page.locator(`#panel-${id}`)).toBeVisible();
          if (session === budget) await renderApp(page);
          await settle(page);
          const where = `${size.width}×${size.height} ${colorScheme} ${session === budget ? 'app session' : session === listChanged ? 'demo' : 'everything'} ${id}`;
          for (const p of await layoutProblems(page)) found.push({ ...p, where });
          if (id === 'notifications')
            for (const cut of await cutMethods(page)) found.push({ kind: 'text-cut', what: 'Method cell', detail: cut, where });
        }
      }
    }
  }
  expect(found.map((p) => `${p.where}: ${p.kind} ${p.what} (${p.detail})`)).toEqual([]);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await sessionItem(page, everything!).click();
    await page.getByTestId('tab-tools').click();
    await shotAtBothSizes(page, info, `layout-tools-${colorScheme}`);
    await sessionItem(page, budget).click();
    await page.getByTestId('tab-apps').click();
    await renderApp(page);
    await shotAtBothSizes(page, info, `layout-apps-${colorScheme}`);
  }
});

import type { Locator, Page } from '@playwright/test';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

/**
 * Tables at 1280×800: nothing truncated by default (the whole time with its
 * milliseconds, `emergency`), columns resized by dragging a header edge or by keyboard and
 * remembered across a reload, and the task tables' cells never overlap.
 */
let app: Launched;
test.use({ viewport: { width: 1280, height: 800 } });
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

/** The text of a cell fits its box (no ellipsis). */
const fits = (cell: Locator) => cell.evaluate((el) => el.scrollWidth <= el.clientWidth);
const header = (page: Page, table: string, column: string) =>
  page.getByTestId(table).locator(`[role="columnheader"][data-column="${column}"]`);
const handle = (page: Page, table: string, column: string) => header(page, table, column).getByTestId('column-resize');
const widthOf = async (l: Locator) => (await l.boundingBox())!.width;

async function sessionRequest(page: Page, method: string, params: Record<string, unknown>) {
  const id = await page.getByTestId('session-item').first().getAttribute('data-session-id');
  const res = await page.request.post(`${app.origin}/api/sessions/${id}/requests`, {
    headers: { Authorization: `Bearer ${app.token}` },
    data: { method, params },
  });
  expect(res.status()).toBe(200);
}

test('frames and logs: full time, size and level; a dragged column keeps its width after a reload; keyboard resize', async ({
  page,
}, info) => {
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');
  await page.getByTestId('tab-notifications').click();
  await page.getByTestId('log-level-select').selectOption('debug');
  await sessionRequest(page, 'tools/call', { name: 'emit_logs', arguments: { levels: ['info', 'emergency'] } });
  await sessionRequest(page, 'tools/call', { name: 'echo', arguments: { message: 'x'.repeat(1_040_000) } }); // ~1015.8 KB each way

  await page.getByTestId('tab-frames').click();
  const rows = page.getByTestId('frame-row');
  await expect(rows.first()).toBeVisible();
  const row = rows.first();
  const cell = (r: Locator, column: number) => r.locator(':scope > *').nth(column);
  await expect(cell(row, 2)).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}$/);
  expect(await fits(cell(row, 2))).toBe(true); // Time
  expect(await fits(cell(row, 3))).toBe(true); // +t
  const big = page.locator('[data-testid="frame-row"][data-method="tools/call"][data-dir="out"]').last();
  await expect(cell(big, 10)).toHaveText(/^\d{3,4}\.\d KB$/);
  expect(await fits(cell(big, 10))).toBe(true); // Size
  for (const r of await page.locator('[data-testid="frame-row"][data-kind="notification"]').all())
    expect(await fits(cell(r, 6))).toBe(true); // notifications/message in Method
  await new McpscopeApp(page).screenshot(info, 'columns-frames');

  // Drag the Method column's right edge: it widens (the table scrolls sideways) and stays so.
  const method = header(page, 'frame-list', 'method');
  const before = await widthOf(method);
  const grip = (await handle(page, 'frame-list', 'method').boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + 60, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.move(grip.x + 124, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => widthOf(method)).toBeGreaterThan(before + 100);
  const dragged = await widthOf(method);
  const list = page.getByTestId('frame-list');
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true); // wider than the pane: it scrolls sideways
  expect(await cell(row, 6).evaluate((el) => el.getBoundingClientRect().width)).toBeCloseTo(dragged, 0); // rows follow the header
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => widthOf(header(page, 'frame-list', 'method'))).toBeCloseTo(dragged, 0);

  // Keyboard: the handle is focusable; arrows resize, Enter goes back to the default.
  const time = header(page, 'frame-list', 'time');
  const timeWidth = await widthOf(time);
  await handle(page, 'frame-list', 'time').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => widthOf(time)).toBeCloseTo(timeWidth + 16, 0);
  await page.keyboard.press('Enter');
  await expect.poll(() => widthOf(time)).toBeCloseTo(timeWidth, 0);
  await handle(page, 'frame-list', 'method').dblclick();
  await expect.poll(() => widthOf(header(page, 'frame-list', 'method'))).toBeLessThan(dragged - 100);
  // With the detail open the table shrinks beside it (and scrolls), never under it.
  await rows.first().click();
  const detail = page.getByTestId('frame-detail');
  await expect(detail).toBeVisible();
  expect((await list.boundingBox())!.x + (await list.boundingBox())!.width).toBeLessThanOrEqual((await detail.boundingBox())!.x + 1);

  // Server logs: the level column shows `emergency` whole.
  await page.getByTestId('tab-notifications').click();
  await page.getByTestId('notifications-view-logs').click();
  const emergency = page.locator('[data-testid="log-row"][data-level="emergency"]');
  await expect(emergency).toHaveCount(1);
  await expect(cell(emergency, 2)).toHaveText('emergency');
  expect(await fits(cell(emergency, 2))).toBe(true);
  expect(await fits(cell(emergency, 1))).toBe(true);
  await new McpscopeApp(page).screenshot(info, 'columns-logs');
});

/** Pairs of cells of one row that overlap, and content that shows outside its cell. */
function overlaps(rows: Locator) {
  return rows.evaluateAll((list) => {
    const found: string[] = [];
    for (const row of list) {
      const cells = [...row.children].map((c) => c as HTMLElement);
      cells.forEach((c, i) => {
        const box = c.getBoundingClientRect();
        if (i > 0 && box.left < cells[i - 1].getBoundingClientRect().right - 0.5) found.push(`cell ${i} starts inside cell ${i - 1}`);
        for (const d of c.querySelectorAll('*')) {
          // What shows of a descendant: up to the nearest ancestor in the cell that clips.
          let right = d.getBoundingClientRect().right;
          for (let a: Element | null = d.parentElement; a && a !== row; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible') right = Math.min(right, a.getBoundingClientRect().right);
          }
          if (d.getBoundingClientRect().width > 0 && right > box.right + 0.5)
            found.push(`"${d.textContent?.slice(0, 30)}" shows past cell ${i}`);
        }
      });
    }
    return found;
  });
}

test('task tables: long ids and messages stay inside their cells, with the detail open too', async ({ page }, info) => {
  app = await launchMcpscope(['--', process.execPath, everythingEntry(), 'stdio']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('legacy');
  await page.getByTestId('tab-tools').click();
  const tool = (name: string) => page.locator(`[data-testid="tool-item"][data-name="${name}"]`);
  const input = (path: string) =>
    page.locator(`[data-testid="tool-field"][data-path="${path}"]`).locator('input, textarea, select').first();
  await tool('simulate-research-query').click();
  await input('topic').fill('the history of the Mississippi and of every other river of North America, with their tributaries');
  await page.getByTestId('tool-call').click();
  await expect(page.getByTestId('tool-result')).toHaveAttribute('data-outcome', 'result', { timeout: 30_000 });
  // The server has mcpscope run its sampling request as a task (the second table).
  await tool('trigger-sampling-request-async').click();
  await input('prompt').fill('Name a colour');
  await page.getByTestId('tool-call').click();
  await page.getByTestId('sampling-reply-text').fill('Teal.');
  await page.getByTestId('sampling-approve').click();
  await expect(page.getByTestId('tool-result')).toContainText('Teal.', { timeout: 30_000 });
  // One that stays running: it waits for a clarification (input_required, the widest status).
  await tool('simulate-research-query').click();
  await input('topic').fill('rivers');
  await input('ambiguous').selectOption('true');
  await page.getByTestId('tool-call').click();
  await expect(page.getByTestId('elicitation-dialog')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Minimize' }).click();

  await page.getByTestId('tab-tasks').click();
  const rows = page.locator('[data-testid="task-row"], [data-testid="receiver-task-row"]');
  await expect(rows).toHaveCount(3);
  await expect(page.locator('[data-testid="task-row"][data-status="input_required"]')).toHaveCount(1);
  expect(await overlaps(rows)).toEqual([]);
  // Both tables share their columns: they line up.
  const left = async (testId: string) => (await page.getByTestId(testId).first().locator(':scope > *').nth(2).boundingBox())!.x;
  expect(await left('receiver-task-row')).toBeCloseTo(await left('task-row'), 0);
  const running = page.locator('[data-testid="task-row"][data-status="input_required"]');
  await running.click();
  await expect(page.getByTestId('task-detail')).toHaveAttribute('data-status', 'input_required');
  expect(await overlaps(rows)).toEqual([]);
  await new McpscopeApp(page).screenshot(info, 'columns-tasks-detail');
  // Ended before mcpscope stops (a call still waiting for its task would be answered 409).
  await page.getByTestId('task-cancel').click();
  await expect(running).toHaveCount(0);
  await expect(page.getByTestId('task-detail')).toHaveAttribute('data-status', 'cancelled');
});

import { fileURLToPath } from 'node:url';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

/**
 * Big server notifications reach the browser as compact rows on /ws (the method and short
 * previews of the params): the Frames detail still shows the whole message, read back from the
 * proxy, and a text filter still finds a frame by what only its whole body holds.
 */
const CHATTY = fileURLToPath(new URL('../fixtures/chatty-server.mjs', import.meta.url));
const FLOOD = 300;

let app: Launched | undefined;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  app = undefined;
});

test('a compact row shows its whole message in the detail and is found by a text filter', async ({ page }, info) => {
  const received: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => void received.push(String(payload))));
  app = await launchMcpscope(['--', process.execPath, CHATTY, String(FLOOD), '--tail-tag']);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await expect
    .poll(async () => Number((await page.getByTestId('frame-count').textContent())!.replace(/\D/g, '')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(FLOOD + 3);

  // The notifications came as rows: flagged, and without what lies past their preview.
  const ws = received.join('\n');
  expect(ws).toContain('"compact":true');
  expect(ws).toContain('frame-000042');
  expect(ws).not.toContain('tail-000042');

  // A text filter finds the frame by its tail, which only the proxy holds.
  await page.getByTestId('frame-filter').fill('tail-000042');
  await page.getByTestId('frame-filter').press('Enter');
  await expect(page.locator('[data-testid="frame-row"]')).toHaveCount(1);
  await page.locator('[data-testid="frame-row"]').click();

  // The detail shows the whole message: `data` an object again (the row held a string preview), with its tail.
  const detail = page.getByTestId('frame-detail');
  await detail.getByRole('button', { name: /Expand/ }).click();
  await expect(detail).toContainText('tail-000042');
  await expect(detail).toContainText('"tag": "frame-000042"');

  // A row of the unfiltered list, opened: its whole body is read back from the proxy.
  await page.getByTestId('frame-filter').fill('');
  await page.getByTestId('frame-filter').press('Enter');
  await ui.frameRows('notifications/message', 'in').last().click();
  await detail.getByRole('button', { name: /Expand/ }).click();
  await expect(detail).toContainText(`tail-${String(FLOOD - 1).padStart(6, '0')}`);
  await expect(page.getByTestId('frame-detail-body')).toHaveCount(0);
  await ui.screenshot(info, 'frames-compact-detail');
});

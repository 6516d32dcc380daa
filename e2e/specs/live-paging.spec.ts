import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

/**
 * Contract 5 in the browser: a live session of 20,000 ~1 KB notifications with a 1 MiB memory
 * budget. The frame log still covers every frame: scrolled to the very top, the handshake is
 * paged back from the engine's spill file; a paged frame opens in the detail; a filter finds an
 * old frame through the proxy's search; the tab's JS heap stays well below the unbounded run.
 */
const CHATTY = fileURLToPath(new URL('../fixtures/chatty-server.mjs', import.meta.url));
const FLOOD = 20_000;

let app: Launched | undefined;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  app = undefined;
});

async function openFlooded(page: Page, budget: string[], serverArgs: string[] = []): Promise<McpscopeApp> {
  app = await launchMcpscope([...budget, '--', process.execPath, CHATTY, String(FLOOD), ...serverArgs]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  // Every frame is counted: the flood, plus the handshake (initialize, its response, initialized).
  await expect
    .poll(async () => Number((await page.getByTestId('frame-count').textContent())!.replace(/\D/g, '')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(FLOOD + 3);
  return ui;
}

/** The tab's JS heap after a full GC (Chromium, over CDP). */
async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

test('a 1 MiB budget: old frames are paged back from disk, searched, and the heap stays small', async ({ page }, info) => {
  test.setTimeout(180_000);
  const ui = await openFlooded(page, ['--memory-budget', '1']);
  await expect(page.getByTestId('frame-memory')).toContainText('older frames on disk');
  const bounded = await heapAfterGc(page);

  // Scroll to the very top: the handshake is read back from the engine's spill file.
  await page.getByTestId('frame-list').evaluate((el) => void (el.scrollTop = 0));
  await expect(ui.frameRows('initialize', 'out')).toHaveCount(1);
  await expect(page.getByTestId('frame-row-loading')).toHaveCount(0);
  // The very first frame of the session (the era probe or initialize) is the first row.
  await expect(page.locator('[data-testid="frame-row"]').first()).toHaveAttribute('data-dir', 'out');
  await ui.frameRows('initialize', 'out').click();
  const detail = page.getByTestId('frame-detail');
  await expect(detail).toContainText('initialize');
  // Its response is in the same page: go to it.
  await page.getByTestId('frame-detail-goto').click();
  await expect(ui.frameRows('initialize', 'in')).toHaveAttribute('aria-selected', 'true');
  await ui.screenshot(info, 'frames-paged-top');

  // A filter finds an old frame through the proxy's search (before the in-memory window).
  await page.getByTestId('frame-filter').fill('frame-000042');
  await page.getByTestId('frame-filter').press('Enter');
  await expect(page.getByTestId('frame-older-matches')).toContainText('1 older match from disk');
  await expect(page.locator('[data-testid="frame-row"]')).toHaveCount(1);
  await page.locator('[data-testid="frame-row"]').click();
  await detail.getByRole('button', { name: /Expand/ }).click();
  await expect(detail).toContainText('frame-000042');
  await ui.screenshot(info, 'frames-paged-search');

  // The views that show only what is in memory say so.
  await page.getByTestId('tab-timeline').click();
  await expect(page.getByTestId('timeline-older-on-disk')).toBeVisible();
  await page.getByTestId('tab-console').click();
  // The console's few lines fit; only when the page joined mid-session (the flood may begin
  // before it loads) are earlier lines on disk. Either way the badge and the tab agree.
  // The lines in memory, or (all of them pushed out by the flood) a view that says they are on disk.
  // (The list stays mounted, hidden, while it is empty; only the one shown counts.)
  await expect(page.locator('[data-testid="console-list"]:not([hidden]), [data-testid="console-empty"]')).toBeVisible();
  if (await page.getByTestId('console-older-on-disk').count()) {
    await expect(page.getByTestId('tab-badge-console')).toHaveAttribute('title', /in memory \+ older on disk/);
  } else {
    await expect(page.getByTestId('tab-badge-console')).not.toHaveAttribute('title', /.+/);
  }

  // The same flood with the default budget (32 MiB: everything stays in memory).
  expect(await app!.stop()).toBe(0);
  app = undefined;
  await openFlooded(page, []);
  await expect(page.getByTestId('frame-memory')).toHaveCount(0);
  const unbounded = await heapAfterGc(page);
  info.annotations.push({
    type: 'heap',
    description: `bounded ${(bounded / 2 ** 20).toFixed(1)} MiB, unbounded ${(unbounded / 2 ** 20).toFixed(1)} MiB`,
  });
  console.log(
    `JS heap after GC: 1 MiB budget ${(bounded / 2 ** 20).toFixed(1)} MiB, default budget ${(unbounded / 2 ** 20).toFixed(1)} MiB`,
  );
  expect(bounded).toBeLessThan(unbounded / 2);
});

test('a 1 MiB budget: a finding in a frame that left memory is still listed and opens the old frame', async ({ page }, info) => {
  test.setTimeout(120_000);
  // The server writes one line that is not JSON (rule stdio-non-json-stdout) after the handshake
  // and floods when the level is set: the page sees that frame live, then the flood evicts it.
  app = await launchMcpscope([
    '--memory-budget',
    '1',
    '--',
    process.execPath,
    CHATTY,
    String(FLOOD),
    '--stray-line',
    '--flood-on-set-level',
  ]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await expect(page.getByTestId('tab-badge-findings')).toHaveText('1');
  await page.getByTestId('tab-notifications').click();
  await page.getByTestId('log-level-select').selectOption('debug');
  await expect
    .poll(async () => Number((await page.getByTestId('frame-count').textContent())!.replace(/\D/g, '')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(FLOOD + 4);
  await expect(page.getByTestId('frame-memory')).toContainText('older frames on disk');
  await expect(page.getByTestId('tab-badge-findings')).toHaveText('1');

  await page.getByTestId('tab-findings').click();
  const group = page.locator('[data-testid="finding-group"][data-rule="stdio-non-json-stdout"]');
  await expect(group).toHaveAttribute('data-severity', 'error');
  await expect(group.getByTestId('finding-count')).toHaveText('1');
  const item = group.getByTestId('finding-item');
  await expect(item).toContainText('this line is not JSON-RPC');
  const index = Number(await item.getAttribute('data-index'));
  expect(index).toBeLessThan(10); // early in the session: long out of memory
  await ui.screenshot(info, 'findings-after-flood');

  // Jump: the Frames tab scrolls to its ordinal, pages it back from disk and opens it.
  await item.click();
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  const detail = page.getByTestId('frame-detail');
  await expect(detail).toHaveAttribute('data-seq', (await item.getAttribute('data-seq'))!);
  await expect(page.getByTestId('frame-detail-findings')).toContainText('stdio-non-json-stdout');
  await expect(page.locator(`[data-testid="frame-row"][data-seq="${await item.getAttribute('data-seq')}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await ui.screenshot(info, 'findings-jump-to-paged-frame');

  // Notifications: the tab lists what is in memory and says older ones are on disk.
  await page.getByTestId('tab-notifications').click();
  const note = page.getByTestId('notifications-older-on-disk');
  await expect(note).toContainText('older notifications left memory');
  await expect(page.getByTestId('tab-badge-notifications')).toHaveAttribute('title', /\+ older on disk/);
  await ui.screenshot(info, 'notifications-older-on-disk');
  await page.getByTestId('notifications-show-in-frames').click();
  await expect(page.getByTestId('frame-kind')).toHaveValue('notification');
  await expect(page.getByTestId('frame-older-matches')).toContainText('older match');
  await ui.screenshot(info, 'notifications-in-frames');
});

test('a page that joins after the flood still lists the findings of frames it never received', async ({ page }) => {
  test.setTimeout(120_000);
  // No page is open while the server floods: by the time one connects, the flagged frame has
  // left the engine's memory and the /ws backlog starts long after it.
  app = await launchMcpscope(['--memory-budget', '1', '--', process.execPath, CHATTY, String(FLOOD), '--stray-line']);
  const api = async <T>(path: string): Promise<T> =>
    (await fetch(`${app!.origin}${path}`, { headers: { authorization: `Bearer ${app!.token}` } })).json() as Promise<T>;
  const framesSoFar = async () => {
    const { sessions } = await api<{ sessions: Array<{ id: string }> }>('/api/sessions');
    return sessions[0] ? (await api<{ total: number }>(`/api/sessions/${sessions[0].id}/frames?index=0&limit=1`)).total : 0;
  };
  await expect.poll(framesSoFar, { timeout: 60_000 }).toBeGreaterThanOrEqual(FLOOD + 4);

  await page.goto(app.url);
  await expect(page.getByTestId('frame-memory')).toContainText('older frames on disk');
  await expect(page.getByTestId('tab-badge-findings')).toHaveText('1');
  await page.getByTestId('tab-findings').click();
  const item = page.locator('[data-testid="finding-group"][data-rule="stdio-non-json-stdout"]').getByTestId('finding-item');
  await expect(item).toContainText('this line is not JSON-RPC');
  await expect(page.getByTestId('findings-unseen')).toHaveCount(0);
  await item.click();
  await expect(page.getByTestId('frame-detail-findings')).toContainText('stdio-non-json-stdout');
});

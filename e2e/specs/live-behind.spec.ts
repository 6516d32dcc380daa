import { fileURLToPath } from 'node:url';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

/**
 * A tab that stops reading during a flood (its JS paused, as a frozen or background
 * tab) never makes the proxy buffer without bound. Once it is more than its memory budget behind,
 * the proxy skips the oldest waiting events for it and sends a gap marker; when the tab runs
 * again it catches up at once, says what was skipped, counts every frame, and pages the skipped
 * frames from disk.
 */
const CHATTY = fileURLToPath(new URL('../fixtures/chatty-server.mjs', import.meta.url));
const FLOOD = 30_000;
const frameCount = async (page: import('@playwright/test').Page) =>
  Number((await page.getByTestId('frame-count').textContent())!.replace(/\D/g, ''));

let app: Launched | undefined;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  app = undefined;
});

test('a tab paused during a flood gets a gap, catches up, and pages the skipped frames from disk', async ({ page }, info) => {
  test.setTimeout(180_000);
  // A 1 MiB budget: a tab more than 1 MiB behind is skipped ahead (the flood is ~30 MB).
  app = await launchMcpscope(['--memory-budget', '1', '--', process.execPath, CHATTY, String(FLOOD), '--flood-on-set-level']);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await expect.poll(() => frameCount(page)).toBeGreaterThanOrEqual(3);
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${app!.origin}/api${path}`, { ...init, headers: { authorization: `Bearer ${app!.token}`, 'content-type': 'application/json' } });
  const sessionId = ((await (await api('/sessions')).json()) as { sessions: Array<{ id: string }> }).sessions[0]!.id;
  const total = async () => ((await (await api(`/sessions/${sessionId}/frames?index=0&limit=1`)).json()) as { total: number }).total;

  // Freeze the tab's JS (it stops taking messages off its socket), then flood.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.pause');
  await api(`/sessions/${sessionId}/messages`, {
    method: 'POST',
    body: JSON.stringify({ message: { method: 'logging/setLevel', params: { level: 'info' } } }),
  });
  await expect.poll(total, { timeout: 120_000 }).toBeGreaterThanOrEqual(FLOOD + 5);
  const all = await total();
  await cdp.send('Debugger.resume');
  await cdp.detach();

  // Every frame is counted, the newest is drawn, and the tab says what it skipped.
  await expect.poll(() => frameCount(page), { timeout: 60_000 }).toBe(all);
  await expect(page.getByTestId('frame-skipped')).toContainText(/[\d,]+ events? skipped while this tab was behind — on disk/);
  const skipped = Number((await page.getByTestId('frame-skipped').textContent())!.split(' ')[0]!.replace(/\D/g, ''));
  expect(skipped).toBeGreaterThan(FLOOD / 10);
  const last = ((await (await api(`/sessions/${sessionId}/frames?index=${all - 1}&limit=1`)).json()) as { frames: Array<{ seq: number }> })
    .frames[0]!;
  await expect(page.locator(`[data-testid="frame-row"][data-seq="${last.seq}"]`)).toHaveCount(1);
  await ui.screenshot(info, 'frames-skipped-while-behind');

  // A skipped frame is read back from disk like any frame that left memory.
  const list = page.getByTestId('frame-list');
  await list.evaluate((el) => void (el.scrollTop = 0));
  await expect(ui.frameRows('initialize', 'out')).toHaveCount(1);
  await list.evaluate((el) => void (el.scrollTop = el.scrollHeight / 2));
  await expect(page.getByTestId('frame-row-loading')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-testid="frame-row"]').first()).toContainText('notifications/message');
});

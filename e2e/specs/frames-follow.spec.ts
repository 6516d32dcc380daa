import { fileURLToPath } from 'node:url';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

/**
 * The Frames list follows its tail without measuring its rows (its height is rows × row height
 * and the virtualizer is off while it follows); the keyboard and a scroll away from the tail
 * still reach any row, and End follows again.
 */
const CHATTY = fileURLToPath(new URL('../fixtures/chatty-server.mjs', import.meta.url));
const FRAMES = 3_000;

let app: Launched | undefined;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  app = undefined;
});

test('a long list follows its tail; Home, a scroll and End reach the first, middle and last rows', async ({ page }, info) => {
  test.setTimeout(120_000);
  app = await launchMcpscope(['--', process.execPath, CHATTY, String(FRAMES)]);
  const api = async <T>(path: string): Promise<T> =>
    (await (await fetch(`${app!.origin}/api${path}`, { headers: { authorization: `Bearer ${app!.token}` } })).json()) as T;
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  const sessionId = (await api<{ sessions: Array<{ id: string }> }>('/sessions')).sessions[0]!.id;
  const frameAt = async (index: number) =>
    (await api<{ frames: Array<{ seq: number }> }>(`/sessions/${sessionId}/frames?index=${index}&limit=1`)).frames[0]!.seq;
  const total = async () => (await api<{ total: number }>(`/sessions/${sessionId}/frames?index=0&limit=1`)).total;
  await expect.poll(total).toBeGreaterThan(FRAMES);
  // The handshake and list calls around the flood: the count settles a moment after it.
  let all = await total();
  await expect
    .poll(
      async () => {
        const before = all;
        all = await total();
        return all === before;
      },
      { intervals: [500] },
    )
    .toBe(true);
  await expect.poll(async () => Number((await page.getByTestId('frame-count').textContent())!.replace(/\D/g, ''))).toBe(all);
  const row = (seq: number) => page.locator(`[data-testid="frame-row"][data-seq="${seq}"]`);
  const list = page.getByTestId('frame-list');

  // Following: the last frame is drawn at the bottom of a list as tall as all its rows.
  const last = await frameAt(all - 1);
  await expect(row(last)).toBeInViewport();
  const { scrollTop, clientHeight, scrollHeight } = await list.evaluate((el) => ({
    scrollTop: el.scrollTop,
    clientHeight: el.clientHeight,
    scrollHeight: el.scrollHeight,
  }));
  expect(scrollTop + clientHeight).toBeGreaterThanOrEqual(scrollHeight - 1);

  // Home selects the first frame and scrolls to it (following stops: the tail is not in view).
  await list.focus();
  await page.keyboard.press('Home');
  const first = await frameAt(0);
  await expect(row(first)).toBeInViewport();
  await expect(row(first)).toHaveAttribute('aria-selected', 'true');
  await expect(row(last)).toHaveCount(0);

  // Scrolled to the middle, the rows there are drawn (the virtualizer picks them again).
  await list.evaluate((el) => void (el.scrollTop = el.scrollHeight / 2));
  const middle = await frameAt(Math.floor(all / 2));
  await expect(row(middle)).toBeInViewport();
  await ui.screenshot(info, 'frames-scrolled-to-middle');

  // End selects the last frame and the list follows the tail again.
  await list.focus();
  await page.keyboard.press('End');
  await expect(row(last)).toBeInViewport();
  await expect(row(last)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: /new ↓/ })).toHaveCount(0);
});

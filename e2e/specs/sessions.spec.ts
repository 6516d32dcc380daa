import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { everythingEntry, startEverything, type RunningServer } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

/**
 * Sessions you can tell apart. Named after the server's own serverInfo (title,
 * version) with the transport, a #n when two read the same and the start time; renamed by the
 * user in every tab; grouped live / ended / replays / offline, closable and removable; the
 * Connect form stays reachable however many sessions there are.
 */
let app: Launched;
let server: RunningServer | undefined;
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-sessions-e2e-'));
});
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  await server?.stop();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const item = (page: Page, id: string) => page.locator(`[data-testid="session-item"][data-session-id="${id}"]`);
const group = (page: Page, id: string) => page.locator(`[data-testid="session-group"][data-group="${id}"]`);

async function api<T = unknown>(page: Page, method: 'GET' | 'POST', path: string, data?: object): Promise<{ status: number; body: T }> {
  const res = await page.request.fetch(`${app.origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${app.token}` },
    ...(data ? { data } : {}),
  });
  return { status: res.status(), body: (await res.json().catch(() => undefined)) as T };
}

interface Listed {
  sessions: Array<{ id: string; transport: string; target: string; state: string; serverInfo?: { version?: string } }>;
}

async function sessionsOf(page: Page): Promise<Listed['sessions']> {
  return (await api<Listed>(page, 'GET', '/api/sessions')).body.sessions;
}

async function labelText(entry: Locator): Promise<string> {
  return (await entry.getByTestId('session-label').innerText()).replace(/\s+/g, ' ').trim();
}

test('two server-everything sessions and the demo read apart; a rename shows in every tab, after a reload and in Compare', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  server = await startEverything('streamableHttp');
  app = await launchMcpscope(['--demo', '--traces-dir', dir]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('modern');

  // One from the Connect form (stdio), one over Streamable HTTP.
  await page.getByTestId('conn-command').fill(process.execPath);
  await page.getByTestId('conn-args').fill(`${everythingEntry()} stdio`);
  await page.getByTestId('conn-connect').click();
  await expect(page.getByTestId('session-item')).toHaveCount(2);
  expect((await api(page, 'POST', '/api/sessions', { config: { transport: 'http', url: server.url } })).status).toBe(201);
  await expect(group(page, 'live').getByTestId('session-group-count')).toHaveText('(3)');

  await expect.poll(async () => (await sessionsOf(page)).filter((s) => s.state === 'connected').length).toBe(3);
  const listed = await sessionsOf(page);
  const demo = listed.find((s) => s.target.includes('demo-server'))!;
  const stdio = listed.find((s) => s.transport === 'stdio' && s.target.includes('everything'))!;
  const http = listed.find((s) => s.transport === 'http')!;
  const version = `v${stdio.serverInfo!.version}`;
  for (const s of [stdio, http]) {
    await expect(item(page, s.id).getByTestId('session-label')).toContainText('Everything');
    await expect(item(page, s.id).getByTestId('session-version')).toHaveText(version);
    await expect(item(page, s.id).getByTestId('session-tag')).toHaveText(`#${s.id.slice(1)}`);
    await expect(item(page, s.id).getByTestId('session-transport')).toHaveText(s.transport);
    await expect(item(page, s.id).getByTestId('session-started')).toHaveText(/^\d\d:\d\d:\d\d$/);
  }
  await expect(item(page, demo.id).getByTestId('session-label')).toContainText('demo');
  await expect(item(page, demo.id).getByTestId('session-version')).toHaveText('v0.1.0');
  const labels = await Promise.all([demo, stdio, http].map((s) => labelText(item(page, s.id))));
  expect(new Set(labels).size).toBe(3);
  await ui.screenshot(info, 'sessions-apart');

  // Another tab sees the rename as it happens.
  const other = await context.newPage();
  await other.goto(app.url);
  await expect(item(other, stdio.id).getByTestId('session-tag')).toBeVisible();

  // Rename inline: a double-click, Escape cancels, Enter saves.
  await item(page, stdio.id).getByTestId('session-label').dblclick();
  await page.getByTestId('session-rename-input').fill('nope');
  await page.getByTestId('session-rename-input').press('Escape');
  await expect(page.getByTestId('session-rename-input')).toHaveCount(0);
  await expect(item(page, stdio.id).getByTestId('session-label')).toContainText('Everything');
  await item(page, stdio.id).getByTestId('session-label').dblclick();
  await page.getByTestId('session-rename-input').fill('staging');
  await page.getByTestId('session-rename-input').press('Enter');
  await expect(item(page, stdio.id).getByTestId('session-label')).toHaveText(`staging ${version}`);
  // No more collision: the HTTP one loses its #n.
  await expect(item(page, http.id).getByTestId('session-tag')).toHaveCount(0);
  await expect(item(other, stdio.id).getByTestId('session-label')).toHaveText(`staging ${version}`);
  await other.close();

  await page.reload();
  await expect(item(page, stdio.id).getByTestId('session-label')).toHaveText(`staging ${version}`);

  // Compare lists sessions by the same label, grouped, with transport and start time.
  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('compare-empty')).toContainText('Pick two sources');
  const right = page.getByTestId('compare-right');
  await expect(right.locator('optgroup[label="Live sessions"] option')).toHaveCount(3);
  const live = right.locator('optgroup[label="Live sessions"] option');
  await expect(live.filter({ hasText: 'staging' })).toHaveText(new RegExp(`^staging ${version} · stdio · \\d\\d:\\d\\d:\\d\\d$`));
  await expect(live.filter({ hasText: 'Everything' })).toHaveText(/ · http · /);
  // Its recording carries the same name (one name per session, following the rename).
  await expect(right.locator('optgroup[label="Trace files"] option', { hasText: 'staging' })).toHaveText(
    new RegExp(`^staging ${version} · \\d{4}-`),
  );
  await expect(right.locator('optgroup[label="Trace files"] option').first()).toHaveText(/ · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);

  // An empty name restores the automatic label (the F2 key on the focused session).
  await item(page, stdio.id).focus();
  await page.keyboard.press('F2');
  await page.getByTestId('session-rename-input').fill('');
  await page.getByTestId('session-rename-input').press('Enter');
  await expect(item(page, stdio.id).getByTestId('session-label')).toContainText('Everything');
  await expect(item(page, stdio.id)).toBeFocused();
});

test('a failed session sits in Ended and can be removed; buttons show on keyboard focus; a live one closes', async ({
  page,
  expectConsoleError,
}, info) => {
  expectConsoleError(/api\/sessions:0\): Failed to load resource: the server responded with a status of 502/); // the failed connect the test provokes
  app = await launchMcpscope(['--demo', '--traces-dir', dir]);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');

  await page.getByTestId('conn-command').fill('no-such-mcp-server-h2');
  await page.getByTestId('conn-connect').click();
  const failed = group(page, 'ended').getByTestId('session-item');
  await expect(failed).toHaveCount(1);
  await expect(failed).toHaveAttribute('data-state', 'failed');
  await expect(failed.getByTestId('session-label')).toHaveText('no-such-mcp-server-h2');

  // The buttons are there for the keyboard too: hidden until the session is hovered or focused.
  const remove = failed.getByRole('button', { name: 'Remove' });
  const buttons = remove.locator('xpath=..');
  await page.mouse.move(900, 700);
  await expect(buttons).toHaveCSS('opacity', '0');
  await failed.focus();
  await expect(buttons).toHaveCSS('opacity', '1');
  await expect(remove).toHaveAttribute('title', /Remove from the list/);
  await page.keyboard.press('Tab'); // Rename
  await page.keyboard.press('Tab'); // Remove
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(group(page, 'ended')).toHaveCount(0);

  // A live session offers Close (not Remove); closed, it moves to Ended.
  const live = group(page, 'live').getByTestId('session-item');
  await live.hover();
  await expect(live.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await live.getByRole('button', { name: 'Close' }).click();
  await expect(group(page, 'ended').getByTestId('session-item')).toHaveAttribute('data-state', 'closed');
  await expect(group(page, 'live')).toHaveCount(0);
  await new McpscopeApp(page).screenshot(info, 'sessions-ended');
});

test('with a dozen sessions in four groups the Connect header stays in view at 1280×800; groups clear; the form collapses and stays so', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  app = await launchMcpscope(['--demo', '--traces-dir', dir]);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');

  // A second demo from the button; ten commands that fail (cheap); a trace opened offline; a replay.
  await page.getByTestId('conn-demo').click();
  await expect(group(page, 'live').getByTestId('session-item')).toHaveCount(2);
  for (let i = 0; i < 10; i++)
    expect((await api(page, 'POST', '/api/sessions', { config: { transport: 'stdio', command: `no-such-server-${i}` } })).status).toBe(502);
  await expect(group(page, 'ended').getByTestId('session-group-count')).toHaveText('(10)');
  const { traces } = (await api<{ traces: Array<{ id: string; recorded?: object; live: boolean }> }>(page, 'GET', '/api/traces')).body;
  const demoTrace = traces.find((t) => t.live && t.recorded)!;
  expect((await api(page, 'POST', `/api/traces/${demoTrace.id}/open`)).status).toBe(201);
  expect((await api(page, 'POST', `/api/traces/${demoTrace.id}/replay`, { config: demoTrace.recorded! })).status).toBe(200);
  await expect(group(page, 'replayed').getByTestId('replay-badge')).toHaveCount(1);
  await expect(group(page, 'offline').getByTestId('offline-badge')).toHaveCount(1);
  await expect(page.getByTestId('session-group')).toHaveCount(4);

  // The sessions scroll on their own; the Connect header and the Demo button stay in sight.
  const region = page.getByTestId('sessions-region');
  expect(await region.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(page.getByTestId('connect-toggle')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('conn-demo')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('connect-toggle')).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: info.outputPath('sessions-groups-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: info.outputPath('sessions-groups-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // Collapsed, the form is out of the way, and stays so after a reload.
  await page.getByTestId('connect-toggle').click();
  await expect(page.getByTestId('conn-command')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await expect(page.getByTestId('connect-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('conn-command')).toBeHidden();
  await expect(page.getByTestId('connect-toggle')).toBeInViewport({ ratio: 1 });

  // "Clear ended" removes the whole group; the others stay.
  await group(page, 'ended').getByTestId('session-group-clear').click();
  await expect(group(page, 'ended')).toHaveCount(0);
  await expect(page.getByTestId('session-group')).toHaveCount(3);
  await page.getByTestId('connect-toggle').click();
  await expect(page.getByTestId('conn-command')).toBeVisible();
  await new McpscopeApp(page).screenshot(info, 'sessions-cleared');
});

import type { Page } from '@playwright/test';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { ClientPage } from '../fixtures/client';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { PrimitivesPage } from '../fixtures/primitives';
import { ToolsPage } from '../fixtures/tools';

/**
 * What the user does in one session never sends anything to another. Session B
 * (the demo server) is open the whole time; every tab's actions run in session A
 * (server-everything). B must receive no outgoing frame the user did not cause there — before,
 * a resource read in A was re-sent to B (three times, and again when a tab opened), a tool
 * selection showed "no longer listed" on B and the Composer history followed the user.
 */
let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

interface OutFrame {
  method: string | undefined;
  origin?: { by: string; reason: string };
}

/** B's outgoing frames, from the proxy (GET /api/sessions/:id/events): what the server really got. */
async function outgoing(page: Page, sessionId: string): Promise<OutFrame[]> {
  const res = await page.request.get(`${app.origin}/api/sessions/${sessionId}/events?from=0&limit=5000`, {
    headers: { Authorization: `Bearer ${app.token}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { events?: unknown[] } | unknown[];
  const events = (Array.isArray(body) ? body : (body.events ?? [])) as Array<{
    type: string;
    dir?: string;
    msg?: { method?: string };
    origin?: OutFrame['origin'];
  }>;
  return events
    .filter((e) => e.type === 'frame' && e.dir === 'out')
    .map((e) => ({ method: e.msg?.method, ...(e.origin ? { origin: e.origin } : {}) }));
}

const methods = (frames: OutFrame[]) => frames.map((f) => f.method ?? '(response)');

/** Visits every per-session tab of the active session, as a user looking around would. */
async function visitTabs(page: Page): Promise<void> {
  for (const id of ['tools', 'resources', 'prompts', 'notifications', 'capabilities', 'client', 'composer', 'frames']) {
    await page.getByTestId(`tab-${id}`).click();
    await expect(page.getByTestId(`tab-${id}`)).toHaveAttribute('aria-selected', 'true');
  }
}

async function selectSession(page: Page, id: string): Promise<void> {
  await page.locator(`[data-testid="session-item"][data-session-id="${id}"]`).click();
  await expect(page.locator(`[data-testid="session-item"][data-session-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');
}

test('every tab acting in session A sends nothing to session B, across switches and a reload', async ({ page }, info) => {
  test.setTimeout(120_000);
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  const shell = new McpscopeApp(page);
  await shell.expectConnected('modern');
  const ui = new PrimitivesPage(page, app);
  const b = await ui.sessionId();

  // Session A: server-everything, connected beside B and then selected.
  const created = await page.request.post(`${app.origin}/api/sessions`, {
    headers: { Authorization: `Bearer ${app.token}` },
    data: { config: { transport: 'stdio', name: 'everything', command: process.execPath, args: [everythingEntry(), 'stdio'] } },
  });
  expect(created.status()).toBeLessThan(300);
  const a = ((await created.json()) as { session: { id: string } }).session.id;
  await expect(page.getByTestId('session-item')).toHaveCount(2);
  await selectSession(page, a);
  await shell.expectConnected('legacy');
  const bBefore = await outgoing(page, b);

  // Resources: read and subscribe (the reproduction of the issue).
  await ui.openTab('resources');
  const uri = 'demo://resource/dynamic/text/1';
  await page.getByTestId('resource-template-item').filter({ hasText: 'demo://resource/dynamic/text/{resourceId}' }).click();
  await ui.templateInput('resourceId').fill('1');
  await expect(page.getByTestId('resource-template-uri')).toHaveText(uri);
  await page.getByTestId('resource-read').click();
  await expect(ui.content('text')).toBeVisible();
  await page.getByTestId('resource-subscribe').click();
  await expect(page.getByTestId('resource-subscribe')).toHaveAttribute('aria-pressed', 'true');

  // Tools: select and call echo.
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.select('echo');
  await tools.fill('message', 'only for A');
  await tools.call();
  await tools.expectOutcome('result');

  // Prompts: get one.
  await ui.openTab('prompts');
  await ui.prompt('simple-prompt').click();
  await page.getByTestId('prompt-get').click();
  await expect(ui.messages()).not.toHaveCount(0);

  // Notifications: the log level.
  await ui.openTab('notifications');
  await page.getByTestId('log-level-select').selectOption('error');
  await expect(page.getByTestId('log-level-select')).toHaveValue('error');

  // Client: roots and ping.
  const client = new ClientPage(page, app);
  await client.openTab();
  await client.setRoots([{ uri: 'file:///only/for/a', name: 'A' }]);
  await page.getByTestId('ping-button').click();
  await expect(page.getByTestId('ping-result').first()).toHaveAttribute('data-outcome', 'ok');

  // Composer: send.
  await shell.sendTemplate('tools/list');

  // Capabilities: look.
  await ui.openTab('capabilities');
  await expect(ui.capability('server', 'tools')).toBeVisible();

  // Nothing reached B while the user worked in A.
  expect(methods(await outgoing(page, b))).toEqual(methods(bBefore));

  // Switch to B and look around: B lists what its tabs show, nothing else.
  await selectSession(page, b);
  await visitTabs(page);
  await page.getByTestId('tab-tools').click();
  await expect(page.getByText('is no longer listed by the server')).toHaveCount(0); // no stale "echo" selection
  await page.getByTestId('tab-composer').click();
  await expect(page.getByTestId('composer-history')).not.toContainText('tools/list');
  await page.getByTestId('tab-resources').click();
  await expect(page.getByTestId('resource-read-error')).toHaveCount(0);

  // Back and forth, then a reload (a fresh page on the same sessions), then back and forth again.
  for (const id of [a, b, a, b]) await selectSession(page, id);
  await page.reload();
  await expect(page.getByTestId('session-item')).toHaveCount(2);
  for (const id of [a, b, a, b]) {
    await selectSession(page, id);
    await visitTabs(page);
  }

  // B got the lists its own tabs showed (once per page load at most) and nothing the user did in A.
  const bAfter = await outgoing(page, b);
  const added = methods(bAfter).slice(bBefore.length);
  const allowed = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);
  expect(added.filter((m) => !allowed.has(m))).toEqual([]);
  for (const m of allowed) expect(added.filter((x) => x === m).length, `${m} sent to B`).toBeLessThanOrEqual(2);
  // Each frame says why it went out, once the proxy records the web's x-mcpscope-origin:
  // a listing the user opened on B, never another tab's action.
  for (const f of bAfter.slice(bBefore.length)) {
    if (f.origin && f.origin.reason !== 'unattributed')
      expect(f.origin).toMatchObject({ by: 'user', reason: expect.stringMatching(/: list/) });
  }
  // And A still has its own state: the read and the call happened there, once each.
  const aOut = methods(await outgoing(page, a));
  expect(aOut.filter((m) => m === 'resources/read')).toHaveLength(1);
  expect(aOut.filter((m) => m === 'tools/call')).toHaveLength(1);
  await shell.screenshot(info, 'isolation-session-b');
});

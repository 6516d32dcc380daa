import type { Page } from '@playwright/test';
import { APP_SERVERS, AppsPage, appServerArgs } from '../fixtures/apps';
import { shotAtBothSizes } from '../fixtures/docShots';
import { approveIn } from '../fixtures/oauth-popup';
import { startOAuthServers, type OAuthServers } from '../fixtures/oauth-servers';
import { expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';
import { ToolsPage } from '../fixtures/tools';

/**
 * What a session needs from the user reaches them in the view they are in: a step-up
 * authorization (a real OpenID provider holding the client to mcp:read), the server's
 * questions of a session not in view (a badge on its row, a named pill), an app's open-link.
 * The waiting call says what it waits for.
 */
let servers: OAuthServers | undefined;
let mcpscope: Launched | undefined;
test.setTimeout(150_000);
test.afterEach(async () => {
  await mcpscope?.stop();
  await servers?.close();
  mcpscope = servers = undefined;
});

const item = (page: Page, i: number) => page.getByTestId('session-item').nth(i);

test('step-up: the call in Tools says it waits for an authorization, and every view shows the scopes granted and requested with the page to open', async ({
  page,
}, info) => {
  servers = await startOAuthServers({
    autoApprove: false,
    enforceRegisteredScope: true,
    registrationManagement: true,
    callsNeedWrite: true,
  });
  mcpscope = await launchMcpscope(['--url', servers.mcpUrl]);
  const origin = mcpscope.origin;
  await page.goto(mcpscope.url);
  await expect(page.getByTestId('connect-error')).toContainText('401');
  await page.getByTestId('oauth-open-tab').click();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-authorize').click()]);
  await approveIn(popup, origin);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  // The connect error belonged to the 401 attempt: gone now it connected.
  await expect(page.getByTestId('connect-error')).toHaveCount(0);
  await expect(page.getByTestId('connect-error-summary')).toHaveCount(0);

  const tools = new ToolsPage(page);
  await tools.open();
  await tools.select('add');
  await tools.fill('a', '2');
  await tools.fill('b', '3');
  await page.getByTestId('tool-call').click();

  // Where the user is (Tools): the call says what it waits for, and so does the banner.
  const waiting = page.getByTestId('tool-waiting-for');
  await expect(waiting).toHaveAttribute('data-for', 'oauth', { timeout: 30_000 });
  await expect(waiting).toContainText('mcp:write');
  await expect(page.getByTestId('tool-progress-text')).toContainText('waiting for you: authorization in the browser (step-up)');
  const banner = page.getByTestId('oauth-wait-banner');
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('oauth-wait-scopes')).toHaveText(
    /^the server asked for (mcp:read )?mcp:write; mcpscope asks for mcp:read( offline_access)? mcp:write; the token holds mcp:read( offline_access)?\.$/,
  );
  await expect(item(page, 0).getByTestId('session-attention')).toContainText('1 waiting');
  await shotAtBothSizes(page, info, 'step-up-in-tools');

  // Another view: the banner follows; the OAuth tab was never opened for it.
  await page.getByTestId('tab-frames').click();
  await expect(banner).toBeVisible();
  const [again] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-wait-open').click()]);
  await approveIn(again, origin);
  await expect(banner).toHaveCount(0);
  await expect(item(page, 0).getByTestId('session-attention')).toHaveCount(0);
  await page.getByTestId('tab-tools').click();
  await tools.expectOutcome('result');
  await expect(tools.result()).toContainText('5');
});

test('a server question in a session not in view: a badge on its row and a pill that names it; the call there says it waits for the answer', async ({
  page,
}, info) => {
  mcpscope = await launchMcpscope(['--demo']);
  await page.goto(mcpscope.url);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await page.getByTestId('conn-demo').click();
  await expect(page.getByTestId('session-item')).toHaveCount(2);
  // The new session is selected once it connects: wait for that before choosing the first, or the
  // selection would move under the test's feet.
  const second = page.locator('[data-testid="session-item"][data-session-id="s2"]');
  await expect(second).toHaveAttribute('data-state', 'connected');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  // The first demo session asks: its tool elicits a form; then the user goes to the second.
  const first = page.locator('[data-testid="session-item"][data-session-id="s1"]');
  await first.click();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.select('ask_user');
  await page.getByTestId('tool-call').click();
  await expect(page.getByTestId('server-request-sheet')).toBeVisible();
  await page.getByTestId('server-request-sheet').getByRole('button', { name: 'Minimize' }).click();
  await expect(page.getByTestId('tool-waiting-for')).toHaveAttribute('data-for', 'server-request');
  await expect(page.getByTestId('tool-waiting-for')).toContainText('an elicitation (a question for you)');

  await page.locator('[data-testid="session-item"][data-session-id="s2"]').click();
  await page.getByTestId('tab-frames').click();
  await expect(first.getByTestId('session-attention')).toContainText('1 waiting');
  await expect(first.getByTestId('session-attention')).toHaveAttribute('title', /an elicitation/);
  const pill = page.getByTestId('server-request-elsewhere');
  await expect(pill).toContainText('is waiting for your answer: an elicitation (a question for you)');
  await shotAtBothSizes(page, info, 'question-in-another-session');
  // Show: that session, with its question open (it was minimized there).
  await page.getByTestId('server-request-elsewhere-show').click();
  await expect(page.getByTestId('server-request-sheet')).toBeVisible();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('elicitation-decline').click();
  await expect(first.getByTestId('session-attention')).toHaveCount(0);
});

test('an MCP App asking to open a link while the user reads Frames: the question is above Frames; Deny answers the app', async ({
  page,
  expectConsoleError,
}) => {
  // The published app does not catch the denial it is answered with (its own unhandled rejection, in its frame).
  expectConsoleError(/Link opening denied by user/);
  mcpscope = await launchMcpscope(appServerArgs(APP_SERVERS.vanillajs));
  await page.goto(mcpscope.url);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  const tools = new ToolsPage(page);
  const apps = new AppsPage(page, mcpscope);
  await tools.open();
  await tools.select('get-time');
  await tools.call();
  await apps.expectReady('ui://get-time/mcp-app.html');
  await apps.inner().getByRole('button', { name: 'Open Link' }).click();
  await expect(page.getByTestId('app-open-link-dialog')).toBeVisible();
  // The app's own dialog is in Tools; in Frames the same question is a banner.
  await page.getByTestId('tab-frames').click();
  const banner = page.getByTestId('app-question-banner');
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('app-question-url')).toHaveText(/^https?:\/\//);
  await expect(item(page, 0).getByTestId('session-attention')).toContainText('1 waiting');
  await page.getByTestId('app-question-deny').click();
  await expect(banner).toHaveCount(0);
  await apps.waitForAppFrame((f) => f.dir === 'out' && f.msg?.error !== undefined, 'the denied open-link answer to the app');
  await page.getByTestId('tab-tools').click();
  await expect(page.getByTestId('app-open-link-dialog')).toHaveCount(0);
});

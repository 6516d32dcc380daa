import type { Page } from '@playwright/test';
import { approveIn } from '../fixtures/oauth-popup';
import { startOAuthServers, type OAuthServers } from '../fixtures/oauth-servers';
import { McpscopeApp } from '../fixtures/app';
import { expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';
import { ToolsPage } from '../fixtures/tools';

/**
 * Scope step-up end to end: oidc-provider holds a dynamically registered client to the scope
 * it registered (invalid_scope beyond it) and offers RFC 7592 management; the MCP server needs
 * mcp:read for tools/list and mcp:read mcp:write for tools/call. The step-up of a tools/call
 * updates the registration before it authorizes, in the Quick flow and in the Guided flow.
 */
let servers: OAuthServers | undefined;
let mcpscope: Launched | undefined;
test.afterEach(async () => {
  await mcpscope?.stop();
  await servers?.close();
  mcpscope = servers = undefined;
});

async function start(page: Page) {
  servers = await startOAuthServers({
    autoApprove: false,
    enforceRegisteredScope: true,
    registrationManagement: true,
    callsNeedWrite: true,
  });
  mcpscope = await launchMcpscope(['--url', servers.mcpUrl]);
  await page.goto(mcpscope.url);
  await expect(page.getByTestId('connect-error')).toContainText('401');
  await page.getByTestId('oauth-open-tab').click();
  return { app: new McpscopeApp(page), tools: new ToolsPage(page), origin: mcpscope.origin };
}

const step = (page: Page, name: string) => page.locator(`[data-testid="oauth-step"][data-step="${name}"]`);

/**
 * The steps are grouped by run: the step-up run (the latest, open) registered no client, and
 * over every run, opened, there is one registration: the step-up kept the client.
 */
async function expectOneRegistration(page: Page) {
  await page.getByTestId('tab-oauth').click();
  const runs = page.getByTestId('oauth-run');
  await expect(runs.last()).toContainText('Step-up');
  await expect(runs.last()).toHaveAttribute('data-outcome', 'authorized');
  await expect(runs.last().locator('[data-step="client-registration"]')).toHaveCount(0);
  for (const run of await runs.all())
    if ((await run.getAttribute('data-open')) === 'false') await run.getByTestId('oauth-run-toggle').click();
  await expect(step(page, 'client-registration')).toHaveCount(1);
}

/** tools/list works with mcp:read; `add` needs mcp:write: the call waits for the step-up. */
async function listThenCall(tools: ToolsPage) {
  await tools.open();
  await tools.select('add');
  await tools.fill('a', '2');
  await tools.fill('b', '3');
  // The call waits while the user authorizes in the browser: room for a slow machine.
  await tools.page.getByTestId('tool-timeout').fill('600');
  await tools.page.getByTestId('tool-call').click();
}

test('Quick: the step-up updates the registration (RFC 7592) before it authorizes, and the call succeeds', async ({ page }, info) => {
  const { app, tools, origin } = await start(page);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-authorize').click()]);
  await approveIn(popup, origin);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await page.getByTestId('tab-oauth').click();
  await expect(page.getByTestId('oauth-status-scope')).toHaveText(/^mcp:read( offline_access)?$/);
  await step(page, 'client-registration').first().locator('button').first().click();
  await expect(step(page, 'client-registration').first()).toContainText('"scope": "mcp:read offline_access"');
  const clientId = (await page.getByTestId('oauth-status').innerText()).match(/client (\S+)/)![1]!;

  await listThenCall(tools);
  await page.getByTestId('tab-oauth').click();
  await expect(page.getByTestId('oauth-pending')).toBeVisible({ timeout: 30_000 });
  await expect(step(page, 'registration-scope').getByTestId('oauth-step-path')).toHaveText('update');
  await expect(step(page, 'client-registration-update').first()).toContainText('200');
  await expect(step(page, 'registration-widened').getByTestId('oauth-step-path')).toHaveText('update');
  const [again] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-open-pending').click()]);
  await approveIn(again, origin);
  await expect(page.getByTestId('oauth-status-scope')).toContainText('mcp:write');
  await expect(page.getByTestId('oauth-status')).toContainText(`client ${clientId}`);

  // The PUT as the steps list shows it: the same client, the union, the tokens redacted.
  await step(page, 'registration-scope').locator('button').first().click();
  await expect(step(page, 'registration-scope')).toContainText('RFC 7592');
  await step(page, 'client-registration-update').locator('button').first().click();
  const put = await step(page, 'client-registration-update').innerText();
  expect(put).toContain('PUT');
  expect(put).toContain(`"client_id": "${clientId}"`);
  expect(put).toContain('"scope": "mcp:read offline_access mcp:write"');
  expect(put).toContain('"registration_access_token": "[REDACTED]"');
  await step(page, 'client-registration-update').scrollIntoViewIfNeeded();
  await app.screenshot(info, 'step-up-quick-registration-updated');

  await page.getByTestId('tab-tools').click();
  await tools.expectOutcome('result');
  await expect(tools.result()).toContainText('5');
  await expectOneRegistration(page);
});

test('Guided: the step-up pauses before the client step with the registration path and why, updates it, and the call succeeds', async ({
  page,
}, info) => {
  const { app, tools, origin } = await start(page);
  const pause = page.getByTestId('oauth-guided-pause');
  await page.getByTestId('oauth-guided').click();
  await page.getByTestId('oauth-guided-start').click();
  await expect(pause).toHaveAttribute('data-stage', 'client');
  await expect(page.getByTestId('oauth-guided-input-scope')).toHaveValue('mcp:read');
  await page.getByTestId('oauth-guided-continue').click();
  await expect(pause).toHaveAttribute('data-stage', 'authorization');
  await expect(page.getByTestId('oauth-guided-summary')).toContainText('dynamic-client-registration');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-guided-continue').click()]);
  await approveIn(popup, origin);
  await expect(pause).toHaveAttribute('data-stage', 'token');
  await page.getByTestId('oauth-guided-continue').click();
  await expect(pause).toHaveAttribute('data-stage', 'authorized');
  await expect(page.getByTestId('status-state')).toContainText('connected');
  // Back on Quick: the step-up's Guided pause still shows (it waits for the user whichever mode is selected).
  await page.getByRole('button', { name: 'Quick', exact: true }).click();

  await listThenCall(tools);
  await page.getByTestId('tab-oauth').click();
  await expect(page.getByTestId('oauth-quick')).toBeVisible();
  // The step-up runs Guided: discovery, then a pause that says what happens to the registration.
  await expect(pause).toHaveAttribute('data-stage', 'client', { timeout: 30_000 });
  const registration = page.getByTestId('oauth-guided-registration');
  await expect(registration).toHaveAttribute('data-path', 'update');
  await expect(registration).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('oauth-guided-registration-path')).toHaveText('next: update the registration (RFC 7592)');
  await expect(page.getByTestId('oauth-guided-registration-why')).toContainText('mcp:write');
  await expect(page.getByTestId('oauth-guided-input-scope')).toHaveValue('mcp:read mcp:write');
  await expect(page.getByTestId('oauth-guided-input-clientId')).toHaveCount(0);
  await expect(step(page, 'client-registration-update')).toHaveCount(0);
  await pause.scrollIntoViewIfNeeded();
  await app.screenshot(info, 'step-up-guided-1-plan');

  await page.getByTestId('oauth-guided-continue').click();
  await expect(pause).toHaveAttribute('data-stage', 'authorization');
  await expect(registration).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('oauth-guided-registration-path')).toHaveText('registration updated (RFC 7592)');
  await expect(page.getByTestId('oauth-guided-registration-scope')).toHaveText('mcp:read mcp:write');
  await expect(registration).toContainText('rotated by the server');
  await expect(step(page, 'client-registration-update').first()).toContainText('200');
  await pause.scrollIntoViewIfNeeded();
  await app.screenshot(info, 'step-up-guided-2-updated');

  const [again] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-guided-continue').click()]);
  await approveIn(again, origin);
  await expect(pause).toHaveAttribute('data-stage', 'token');
  await page.getByTestId('oauth-guided-continue').click();
  await expect(page.getByTestId('oauth-status-scope')).toContainText('mcp:write');

  await page.getByTestId('tab-tools').click();
  await tools.expectOutcome('result');
  await expect(tools.result()).toContainText('5');
  await expectOneRegistration(page);
});

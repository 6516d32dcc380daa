import type { Page } from '@playwright/test';
import { startOAuthServers, type OAuthServers } from '../fixtures/oauth-servers';
import { McpscopeApp } from '../fixtures/app';
import { expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';

/**
 * Issue 4 end to end: a real oidc-provider authorization server with an Approve page and a real
 * protected MCP server on 127.0.0.1; mcpscope launched on the bare URL fails with 401, explains
 * it, and authorizes through the browser popup and its own /oauth/callback.
 */
let servers: OAuthServers | undefined;
let mcpscope: Launched | undefined;
test.afterEach(async () => {
  await mcpscope?.stop();
  await servers?.close();
  mcpscope = servers = undefined;
});

/** Clicks Approve (login, then consent) in the authorization popup until it is back on mcpscope's callback. */
async function approveIn(popup: Page, origin: string): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
    if (popup.isClosed() || popup.url().startsWith(`${origin}/oauth/callback`)) return;
    const approve = popup.getByRole('button', { name: 'Approve' });
    const reached = await Promise.race([
      approve.waitFor({ timeout: 15_000 }).then(() => 'approve' as const),
      popup.waitForURL(`${origin}/oauth/callback**`, { timeout: 15_000 }).then(() => 'callback' as const),
      popup.waitForEvent('close', { timeout: 15_000 }).then(() => 'closed' as const),
    ]);
    if (reached !== 'approve') return;
    await approve.click();
  }
}

async function open(page: Page, url: string) {
  await page.goto(url);
  const app = new McpscopeApp(page);
  await expect(page.getByTestId('connect-error')).toContainText('401');
  return app;
}

test('OAuth: the 401 explained, Quick through the real approve page, Guided steps, step-up to a wider scope', async ({ page }, info) => {
  servers = await startOAuthServers({ autoApprove: false });
  mcpscope = await launchMcpscope(['--url', servers.mcpUrl]);
  const app = await open(page, mcpscope.url);
  await page.getByTestId('oauth-open-tab').click();
  await expect(page.getByTestId('oauth-challenge')).toContainText('HTTP 401');
  await expect(page.getByTestId('oauth-challenge-metadata')).toContainText('/.well-known/oauth-protected-resource/mcp');
  await app.screenshot(info, 'oauth-401-explained');

  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-authorize').click()]);
  await approveIn(popup, mcpscope.origin);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await expect(page.getByTestId('oauth-status')).toHaveAttribute('data-authorized', 'true');
  await expect(page.getByTestId('oauth-status-scope')).toContainText('mcp:read');
  for (const step of ['protected-resource-metadata', 'authorization-server-metadata', 'client-registration', 'authorization-request', 'authorization-response', 'token-exchange', 'authorized']) {
    await expect(page.locator(`[data-testid="oauth-step"][data-step="${step}"]`).first()).toBeVisible();
  }
  await app.sendTemplate('tools/list');

  await page.getByTestId('tab-oauth').click();
  await page.getByTestId('oauth-guided').click();
  await expect(page.getByTestId('oauth-scope-input')).toBeVisible();
  await page.locator('[data-testid="oauth-step"][data-step="token-exchange"] button').first().click();
  await app.screenshot(info, 'oauth-guided-steps');
  const body = await page.locator('[data-testid="oauth-steps"]').innerText();
  expect(body).toContain('[REDACTED]');

  // Step-up: `add` needs mcp:write → 403 insufficient_scope → a fresh authorization, then the call succeeds.
  const api = `${mcpscope.origin}/api/sessions/s1/requests`;
  const call = page.request.post(api, { headers: { authorization: `Bearer ${mcpscope.token}` }, data: { method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } }, timeout: 60_000 });
  await expect(page.locator('[data-testid="oauth-step"][data-step="step-up"]').first()).toBeVisible();
  const [again] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-open-pending').click()]);
  await approveIn(again, mcpscope.origin);
  const reply = await (await call).json();
  expect(reply).toMatchObject({ outcome: 'result', result: { structuredContent: { sum: 5 } } });
  await expect(page.getByTestId('oauth-status-scope')).toContainText('mcp:write');
  await app.screenshot(info, 'oauth-step-up');

  await page.getByTestId('oauth-signout').click();
  await expect(page.getByTestId('oauth-status')).toHaveAttribute('data-authorized', 'false');
  await expect(page.locator('[data-testid="oauth-step"][data-step="revocation"]').first()).toBeVisible();
});

test('OAuth: an expiring access token is refreshed and calls keep working', async ({ page }, info) => {
  servers = await startOAuthServers({ autoApprove: false, accessTokenTtl: 30 });
  mcpscope = await launchMcpscope(['--url', servers.mcpUrl]);
  const app = await open(page, mcpscope.url);
  await page.getByTestId('oauth-open-tab').click();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-quick').click()]);
  await approveIn(popup, mcpscope.origin);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  // The token lives 30 s and is refreshed 30 s before expiry: every later call refreshes first.
  await app.sendTemplate('tools/list');
  await page.getByTestId('tab-oauth').click();
  await expect(page.locator('[data-testid="oauth-step"][data-step="token-refresh"]').first()).toBeVisible();
  await app.screenshot(info, 'oauth-refresh');
});

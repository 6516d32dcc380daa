import type { Page } from '@playwright/test';
import { approveIn } from '../fixtures/oauth-popup';
import { startOAuthServers, type OAuthServers } from '../fixtures/oauth-servers';
import { McpscopeApp } from '../fixtures/app';
import { expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';

/**
 * OAuth end to end: a real oidc-provider authorization server with an Approve page and a real
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
  for (const step of [
    'protected-resource-metadata',
    'authorization-server-metadata',
    'client-registration',
    'authorization-request',
    'authorization-response',
    'token-exchange',
    'authorized',
  ]) {
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
  const call = page.request.post(api, {
    headers: { authorization: `Bearer ${mcpscope.token}` },
    data: { method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
    timeout: 60_000,
  });
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

test('OAuth Guided: pauses after each step; a scope edited after discovery and client_secret_post chosen before the token exchange take effect', async ({
  page,
}, info) => {
  servers = await startOAuthServers({ autoApprove: false });
  mcpscope = await launchMcpscope(['--url', servers.mcpUrl]);
  const app = await open(page, mcpscope.url);
  await page.getByTestId('oauth-open-tab').click();
  await page.getByTestId('oauth-guided').click();
  await page.getByTestId('oauth-guided-start').click();
  const pause = page.getByTestId('oauth-guided-pause');
  const step = (name: string) => page.locator(`[data-testid="oauth-step"][data-step="${name}"]`).last();

  // Pause 1, after discovery: the metadata found, the client identity and scope to choose.
  await expect(pause).toHaveAttribute('data-stage', 'client');
  await expect(page.getByTestId('oauth-guided-summary')).toContainText(servers.issuer);
  await expect(step('authorization-request')).toHaveCount(0);
  const post = servers.clients.post;
  // The 401 asked for mcp:read; widen it here and expect it in the authorization request.
  await expect(page.getByTestId('oauth-guided-input-scope')).toHaveValue('mcp:read');
  await page.getByTestId('oauth-guided-input-scope').fill('mcp:read mcp:write');
  await page.getByTestId('oauth-guided-input-clientId').fill(post.id);
  await page.getByTestId('oauth-guided-input-clientSecret').fill(post.secret);
  await pause.scrollIntoViewIfNeeded();
  await app.screenshot(info, 'oauth-guided-1-after-discovery');
  await page.getByTestId('oauth-guided-continue').click();

  // Pause 2, the client is known: redirect URI, scope and the auth method the SDK would use.
  await expect(pause).toHaveAttribute('data-stage', 'authorization');
  await expect(page.locator('[data-testid="oauth-guided-summary"] details[open]')).toHaveAttribute('data-section', 'client');
  await expect(page.getByTestId('oauth-guided-summary')).toContainText('pre-registered');
  await expect(page.getByTestId('oauth-guided-input-redirectUrl')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
  await expect(page.getByTestId('oauth-guided-input-authMethod')).toHaveValue('client_secret_basic');
  await pause.scrollIntoViewIfNeeded();
  await app.screenshot(info, 'oauth-guided-2-client-ready');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-guided-continue').click()]);
  await approveIn(popup, mcpscope.origin);

  // Pause 3, the callback: code redacted, state and iss checked; the token exchange has not run.
  await expect(pause).toHaveAttribute('data-stage', 'token');
  await expect(page.getByTestId('oauth-guided-summary')).toContainText('[REDACTED]');
  await expect(page.getByTestId('oauth-guided-summary')).toContainText('matches the request');
  await expect(step('token-exchange')).toHaveCount(0);
  await step('authorization-request').locator('button').first().click();
  await expect(step('authorization-request')).toContainText('mcp:read mcp:write');
  await page.getByTestId('oauth-guided-input-authMethod').selectOption('client_secret_post');
  await pause.scrollIntoViewIfNeeded();
  await app.screenshot(info, 'oauth-guided-3-callback');
  await page.getByTestId('oauth-guided-continue').click();

  // Authorized with the edits: client_secret in the (redacted) body, no Basic header; connected.
  await expect(pause).toHaveAttribute('data-stage', 'authorized');
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await page.getByTestId('tab-oauth').click();
  await expect(page.getByTestId('oauth-status')).toHaveAttribute('data-authorized', 'true');
  await expect(page.getByTestId('oauth-status-scope')).toContainText('mcp:write');
  await step('token-exchange').locator('button').first().click();
  const exchange = await step('token-exchange').innerText();
  expect(exchange).toMatch(/"client_secret": "\[REDACTED\]"/);
  expect(exchange).toContain('"client_id": "mcpscope-post"');
  expect(exchange).not.toMatch(/^authorization\s/im);
  expect(exchange).not.toContain(post.secret);
  await pause.scrollIntoViewIfNeeded();
  await app.screenshot(info, 'oauth-guided-4-authorized');

  // The write tool works at once: the edited scope was granted, no step-up.
  const reply = await (
    await page.request.post(`${mcpscope.origin}/api/sessions/s1/requests`, {
      headers: { authorization: `Bearer ${mcpscope.token}` },
      data: { method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
    })
  ).json();
  expect(reply).toMatchObject({ outcome: 'result', result: { structuredContent: { sum: 5 } } });
  await expect(step('step-up')).toHaveCount(0);
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

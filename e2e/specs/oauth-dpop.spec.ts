import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { approveIn } from '../fixtures/oauth-popup';
import { startOAuthServers, type OAuthServers } from '../fixtures/oauth-servers';
import { McpscopeApp } from '../fixtures/app';
import { CLI, expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';

/**
 * DPoP (RFC 9449, SEP-1932) against a real oidc-provider that binds tokens to the
 * proof's key and demands a nonce, and a resource server that takes only DPoP-bound tokens with
 * a valid proof (ath, jkt) and its own nonce. The Guided flow shows the proof of each token request.
 */
let servers: OAuthServers | undefined;
let mcpscope: Launched | undefined;
test.afterEach(async () => {
  await mcpscope?.stop();
  await servers?.close();
  mcpscope = servers = undefined;
});

test('OAuth Guided with DPoP: the token request carries a proof (nonce retried), its header, claims and key thumbprint are shown; MCP calls go out as DPoP', async ({
  page,
}, info) => {
  servers = await startOAuthServers({ autoApprove: false, dpopNonce: true });
  mcpscope = await launchMcpscope(['--url', servers.mcpUrl]);
  await page.goto(mcpscope.url);
  const app = new McpscopeApp(page);
  await expect(page.getByTestId('connect-error')).toContainText('401');
  await page.getByTestId('oauth-open-tab').click();
  await page.getByTestId('oauth-dpop').check();
  await page.getByTestId('oauth-guided').click();
  await page.getByTestId('oauth-guided-start').click();
  const pause = page.getByTestId('oauth-guided-pause');
  const steps = (name: string) => page.locator(`[data-testid="oauth-step"][data-step="${name}"]`);

  await expect(pause).toHaveAttribute('data-stage', 'client');
  await expect(page.getByTestId('oauth-status-dpop')).toContainText('DPoP key ES256');
  await page.getByTestId('oauth-guided-continue').click();
  await expect(pause).toHaveAttribute('data-stage', 'authorization');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('oauth-guided-continue').click()]);
  await approveIn(popup, mcpscope.origin);

  // Before the token exchange: the proof will come from this key.
  await expect(pause).toHaveAttribute('data-stage', 'token');
  const note = page.getByTestId('oauth-guided-dpop');
  await expect(note).toContainText('DPoP proof');
  await pause.scrollIntoViewIfNeeded();
  await app.screenshot(info, 'dpop-1-before-token');
  await page.getByTestId('oauth-guided-continue').click();

  // oidc-provider asked for a nonce (400 use_dpop_nonce): two token requests, each with its own proof.
  await expect(pause).toHaveAttribute('data-stage', 'authorized');
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await page.getByTestId('tab-oauth').click();
  await expect(steps('token-exchange')).toHaveCount(2);
  await expect(steps('dpop-nonce').first()).toBeVisible();
  const thumbprint = ((await page.getByTestId('oauth-status-dpop').getAttribute('title')) ?? '').replace('RFC 7638 thumbprint: ', '');
  expect(thumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const last = steps('token-exchange').last();
  await expect(last.getByTestId('dpop-chip')).toBeVisible();
  await last.locator('button').first().click();
  await expect(last.getByTestId('dpop-proof')).toContainText("with the server's nonce");
  await expect(last.getByTestId('dpop-thumbprint')).toHaveText(thumbprint);
  await expect(last.getByTestId('dpop-header-typ')).toContainText('dpop+jwt');
  await expect(last.getByTestId('dpop-claims-htm')).toContainText('POST');
  await expect(last.getByTestId('dpop-claims-htu')).toContainText(`${servers.issuer}/token`);
  await expect(last.getByTestId('dpop-claims-nonce')).toBeVisible();
  await last.scrollIntoViewIfNeeded();
  await app.screenshot(info, 'dpop-2-token-proof');

  // The resource server takes only DPoP-bound tokens with a proof and its nonce: a call works.
  const reply = await (
    await page.request.post(`${mcpscope.origin}/api/sessions/s1/requests`, {
      headers: { authorization: `Bearer ${mcpscope.token}` },
      data: { method: 'tools/list' },
    })
  ).json();
  expect(reply.outcome).toBe('result');
  expect(
    JSON.stringify(
      await (
        await page.request.get(`${mcpscope.origin}/api/sessions/s1/oauth`, { headers: { authorization: `Bearer ${mcpscope.token}` } })
      ).json(),
    ),
  ).toContain('"dpop"');
});

test('mcpscope call --dpop (headless) against oidc-provider with nonces: exit 0, DPoP on the wire, no token in the trace', async () => {
  servers = await startOAuthServers({ dpopNonce: true });
  const trace = join(mkdtempSync(join(tmpdir(), 'mcpscope-dpop-')), 'trace.ndjson');
  // Not spawnSync: the servers live in this process and must answer while the CLI runs.
  const child = spawn(process.execPath, [
    CLI,
    'call',
    'tools/list',
    '--url',
    servers.mcpUrl,
    '--oauth-headless',
    '--dpop',
    '--record',
    trace,
  ]);
  const r = { stdout: '', stderr: '', status: null as number | null };
  child.stdout.on('data', (c: Buffer) => (r.stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (r.stderr += c.toString('utf8')));
  r.status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(r.status, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout).tools.length).toBeGreaterThan(0);
  const events = readFileSync(trace, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const tokenSteps = events.filter((e) => e.type === 'oauth' && e.step === 'token-exchange');
  expect(tokenSteps.map((e) => (e.detail as { response: { status: number } }).response.status)).toEqual([400, 200]);
  const posts = events.filter((e) => e.type === 'http' && e.method === 'POST' && String(e.url).endsWith('/mcp'));
  const proved = posts.filter((e) => typeof (e.requestHeaders as Record<string, string>).dpop === 'string');
  expect(proved.length).toBeGreaterThan(0);
  expect((proved.at(-1)!.requestHeaders as Record<string, string>).authorization).toMatch(/REDACTED/);
  expect(readFileSync(trace, 'utf8')).not.toMatch(/"access_token":"ey/);
});

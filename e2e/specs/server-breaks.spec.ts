import { startSessionServer, type SessionServer } from '../../packages/engine/test-fixtures/session-servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

/**
 * A server that breaks in ordinary ways, as the UI tells it: the server/discover probe answered
 * with HTTP 500 (mcpscope falls back to the legacy initialize and says why, in the status bar and
 * on the handshake in the frame log), then the server restarted and forgot the session (the
 * request that got 404 fails with the server's answer, mcpscope starts a new session and marks
 * the boundary), and at last the server killed (the session is lost, with the reason).
 */
let app: Launched | undefined;
let servers: SessionServer[] = [];
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  await Promise.all(servers.map((s) => s.stop()));
  app = undefined;
  servers = [];
});

test('era fallback after a 500, a session the restarted server forgot, a server gone: each said where the connection shows', async ({
  page,
  expectConsoleError,
}, info) => {
  test.setTimeout(120_000);
  // No standalone event stream: the restart is met by the next request (a 404), not by a reopening.
  let server = await startSessionServer({ FIXTURE_PROBE: '500', FIXTURE_GET: '405' });
  servers.push(server);
  app = await launchMcpscope(['--url', server.url]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('legacy');

  const reason = /^server\/discover answered HTTP 500 \(JSON-RPC error -32603 \("Error in httpTransport:"\)\) → legacy initialize$/;
  await expect(page.getByTestId('status-era-reason')).toHaveText(reason);
  await expect.poll(() => app!.output()).toMatch(/mcpscope: server\/discover answered HTTP 500 .*→ legacy initialize\n/);
  const fallback = page.locator('[data-testid="frame-row"][data-boundary="era-fallback"]');
  await expect(fallback).toHaveCount(1);
  await expect(fallback).toHaveAttribute('data-method', 'initialize');
  await expect(fallback.getByTestId('frame-origin')).toHaveText(/^auto · era fallback: server\/discover answered HTTP 500/);
  await ui.screenshot(info, 'era-fallback');

  // The server restarts on the same port: it knows no session any more.
  server = await server.restart();
  servers.push(server);
  expectConsoleError(/status of 502/);
  await page.getByTestId('tab-composer').click();
  await page.getByTestId('composer-template').selectOption('tools/list');
  await page.getByTestId('composer-send').click();
  const response = page.getByTestId('composer-response');
  await expect(response).toHaveAttribute('data-state', 'failed');
  await expect(response).toContainText('the server no longer knows the session');
  await expect(response).toContainText('answered HTTP 404 (JSON-RPC error -32001 ("Session not found"))');
  await expect(response).toContainText('MCPSCOPE_ERR_SESSION_EXPIRED');

  await expect(page.getByTestId('status-state')).toHaveText('connected');
  await expect(page.getByTestId('status-note-reinitialized')).toHaveText('session expired, re-initialized');
  await expect(page.getByTestId('session-note-reinitialized')).toHaveText('session expired, re-initialized');
  await page.getByTestId('tab-frames').click();
  const boundary = page.locator('[data-testid="frame-row"][data-boundary="new-session"]');
  await expect(boundary).toHaveCount(1);
  await expect(boundary.getByTestId('frame-origin')).toHaveText('auto · new session: the server forgot the old one (HTTP 404)');
  // The request that got 404 is not shown as still waiting: the old session will not answer it.
  await expect(page.locator('[data-testid="frame-row"][data-method="tools/list"][data-dir="out"]').first()).toContainText('none');
  // The same request again works on the new session.
  await ui.sendTemplate('tools/list');
  await ui.screenshot(info, 'session-expired');

  await page.getByTestId('tab-console').click();
  const line = page.getByTestId('console-line').filter({ hasText: 'state → new-session' });
  await expect(line).toContainText('auto · new session: the server forgot the old one (HTTP 404)');
  await expect(line).toContainText('MUST start a new session');

  // The server is killed: the next request finds nothing there.
  await server.kill();
  await page.getByTestId('tab-composer').click();
  await page.getByTestId('composer-send').click();
  await expect(response).toHaveAttribute('data-state', 'failed');
  await expect(response).toContainText(`the server closed the connection (connection refused at ${server.url})`);
  await expect(page.getByTestId('status-state')).toHaveText('closed');
  await expect(page.getByTestId('status-note-lost')).toHaveText('connection lost');
  await expect(page.getByTestId('status-note-lost')).toHaveAttribute(
    'title',
    `the server closed the connection (connection refused at ${server.url})`,
  );
  await expect(page.getByTestId('session-note-lost')).toHaveText(`the server closed the connection (connection refused at ${server.url})`);
  await ui.screenshot(info, 'connection-lost');
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RAW_SERVER } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

test('a command that does not exist gets a clear error in the UI', async ({ page, expectConsoleError }, info) => {
  expectConsoleError(/api\/sessions:0\): Failed to load resource: the server responded with a status of 502/); // the failed connect the test provokes
  app = await launchMcpscope([]);
  await page.goto(app.url);
  await page.getByTestId('conn-command').fill('no-such-mcp-server-command');
  await page.getByTestId('conn-connect').click();
  await expect(page.getByTestId('connect-error')).toContainText('command not found: no-such-mcp-server-command');
  await new McpscopeApp(page).screenshot(info, 'error-command-not-found');
});

test('a server that exits during initialize shows its exit code and last stderr lines', async ({ page }, info) => {
  app = await launchMcpscope(['-e', 'FIXTURE_MODE=exit-on-init', '--', process.execPath, RAW_SERVER]);
  await expect.poll(() => app.output()).toMatch(/code 3/i);
  await page.goto(app.url);
  await expect(page.getByTestId('connect-error')).toContainText('3');
  await expect(page.getByTestId('connect-error-stderr')).toContainText('MY_API_KEY is not set');
  await new McpscopeApp(page).screenshot(info, 'error-exit-during-init');
});

test('a server that prints junk to stdout: raw frames are flagged and the session goes on', async ({ page }) => {
  app = await launchMcpscope(['-e', 'FIXTURE_MODE=junk', '--', process.execPath, RAW_SERVER]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('legacy');
  await expect(page.locator('[data-testid="frame-row"][data-kind="raw"]')).toHaveCount(1);
  await ui.sendTemplate('tools/list');
  await expect(page.locator('[data-testid="frame-row"][data-kind="raw"]')).toHaveCount(2);
});

test('a hostile page on another origin cannot use the proxy', async ({ page }) => {
  app = await launchMcpscope(['--demo']);
  const hostile: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hostile</h1>'));
  await new Promise<void>((r) => hostile.listen(0, '127.0.0.1', r));
  try {
    await page.goto(`http://127.0.0.1:${(hostile.address() as AddressInfo).port}/`);
    const result = await page.evaluate(
      async ([origin, token]) => {
        const out: string[] = [];
        for (const init of [
          {},
          { headers: { Authorization: `Bearer ${token}` } },
          {
            method: 'POST',
            body: '{"config":{"transport":"stdio","command":"touch","args":["/tmp/pwned"]}}',
            headers: { 'content-type': 'text/plain' },
          },
        ]) {
          try {
            const res = await fetch(`${origin}/api/sessions`, { mode: 'no-cors', ...init });
            out.push(`status ${res.status} ${res.type}`);
          } catch (e) {
            out.push(`blocked ${(e as Error).message}`);
          }
        }
        return out;
      },
      [app.origin, app.token],
    );
    expect(result).toHaveLength(3);
    // Whatever the browser let through, the proxy refused: no session was created.
    const sessions = await page.request.get(`${app.origin}/api/sessions`, { headers: { Authorization: `Bearer ${app.token}` } });
    expect((await sessions.json()).sessions).toHaveLength(1);
    const forged = await page.request.get(`${app.origin}/api/sessions`, {
      headers: { Authorization: `Bearer ${app.token}`, Origin: 'http://evil.example' },
    });
    expect(forged.status()).toBe(403);
  } finally {
    await new Promise((r) => hostile.close(r));
  }
});

test('an HTTP server run as a command: the timeout names the line it printed on stdout and says to connect by URL', async ({
  page,
}, info) => {
  app = await launchMcpscope([
    '--connect-timeout',
    '1500',
    '--probe-timeout',
    '300',
    '-e',
    'FIXTURE_MODE=http-banner',
    '--',
    process.execPath,
    RAW_SERVER,
  ]);
  await page.goto(app.url);
  const sent = page.getByTestId('connect-error-sent-instead');
  await expect(sent).toContainText('a line on stdout that is not JSON-RPC, the first: "MCP server listening on http://127.0.0.1:3000/mcp"');
  await expect(sent).toContainText('a server that speaks HTTP is connected to by its URL, not run as a command');
  await expect(page.getByTestId('connect-error')).toContainText('No answer within 1500 ms');
  await new McpscopeApp(page).screenshot(info, 'error-http-server-as-command');
});

import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { ToolsPage } from '../fixtures/tools';

/**
 * A new user's first minute: the Welcome screen says where to start and each way works; the demo
 * comes with a guide of three steps that work; empty views say what would fill them; a resource
 * link in a tool result opens that resource in Resources.
 */
const CHATTY = fileURLToPath(new URL('../fixtures/chatty-server.mjs', import.meta.url));

test.use({ viewport: { width: 1280, height: 800 } });

let app: Launched | undefined;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  app = undefined;
});

async function open(page: Page, args: string[]): Promise<McpscopeApp> {
  app = await launchMcpscope(args);
  await page.goto(app.url);
  return new McpscopeApp(page);
}

const step = (page: Page, id: string) => page.locator(`[data-testid="demo-step"][data-step="${id}"]`);

test('a fresh start shows Welcome with the ways to start; each one works', async ({ page }, info) => {
  const ui = await open(page, []);
  const welcome = page.getByTestId('welcome');
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('Connect a server');
  await expect(welcome).toContainText('Try the demo server');
  await expect(welcome).toContainText('Open a trace');
  await expect(page.getByTestId('welcome-cli')).toContainText('npx mcpscope -- node server.js');
  await expect(page.getByTestId('welcome-cli')).toContainText('npx mcpscope check');
  await ui.screenshot(info, 'welcome-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await ui.screenshot(info, 'welcome-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Connect: the Connect form's first field gets the focus.
  await page.getByTestId('welcome-connect-button').click();
  await expect(page.getByTestId('conn-command')).toBeFocused();

  // A trace: the Traces view opens (app-wide, so it shows without a session).
  await page.getByTestId('welcome-traces-button').click();
  await expect(page.getByTestId('trace-drop-zone')).toBeVisible();
  await page.getByTestId('tab-frames').click();
  await expect(welcome).toBeVisible();

  // The demo: started with the same call as the Connect form's button; its guide appears.
  await page.getByTestId('welcome-demo-button').click();
  await ui.expectConnected('modern');
  await expect(page.getByTestId('welcome')).toHaveCount(0);
  await expect(page.getByTestId('demo-guide')).toBeVisible();
});

test('the demo guide: three steps that work, dismissed for good', async ({ page }, info) => {
  const ui = await open(page, ['--demo']);
  await ui.expectConnected('modern');
  const guide = page.getByTestId('demo-guide');
  await expect(guide).toBeVisible();
  await expect(page.getByTestId('demo-step')).toHaveCount(3);
  // One slim line: it pushes the view down, never covers it.
  expect((await guide.boundingBox())!.height).toBeLessThanOrEqual(40);
  await ui.screenshot(info, 'demo-guide-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await ui.screenshot(info, 'demo-guide-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // 1. Call a tool: Tools with add selected; its structured result is checked against outputSchema.
  const tools = new ToolsPage(page);
  await step(page, 'call').click();
  await expect(page.getByTestId('tool-header')).toHaveAttribute('data-name', 'add');
  await tools.fill('a', '2');
  await tools.fill('b', '40');
  await tools.call();
  await tools.expectOutcome('result');
  await expect(page.getByTestId('tool-output-validation')).toHaveAttribute('data-valid', 'true');

  // 2. See its frames: Frames filtered to tools/call, the request and its response.
  await step(page, 'frames').click();
  await expect(page.getByTestId('frame-filter')).toHaveValue('method:tools/call');
  await expect(ui.frameRows()).toHaveCount(2);
  await expect(ui.frameRows('tools/call', 'out')).toHaveCount(1);

  // 3. Answer the server: ask_user asks for a form in the middle of the call.
  await step(page, 'answer').click();
  await expect(page.getByTestId('tool-header')).toHaveAttribute('data-name', 'ask_user');
  await tools.call();
  await expect(page.getByTestId('elicitation-dialog')).toBeVisible();
  await page.getByTestId('elicitation-decline').click();
  await tools.expectOutcome('result');
  await expect(tools.result()).toContainText('The user chose to decline.');

  // Dismissed: gone, and still gone after a reload.
  await page.getByTestId('demo-guide-dismiss').click();
  await expect(guide).toHaveCount(0);
  await page.reload();
  await ui.expectConnected('modern');
  await expect(page.getByTestId('session-item')).toHaveCount(1);
  await expect(guide).toHaveCount(0);
});

test('empty views say what would fill them', async ({ page }, info) => {
  // chatty-server with no flood: tools declared (an empty list), no prompts, no resources.
  const ui = await open(page, ['--', process.execPath, CHATTY, '0', '--flood-on-set-level']);
  await ui.expectConnected('legacy');
  await expect(page.getByTestId('demo-guide')).toHaveCount(0);

  await page.getByTestId('tab-tools').click();
  await expect(page.getByTestId('tools-empty')).toContainText('This server offers no tools');
  await page.getByTestId('tab-prompts').click();
  await expect(page.getByTestId('prompts-empty')).toContainText('did not declare the prompts capability');
  await ui.screenshot(info, 'empty-prompts');
  await page.getByTestId('tab-resources').click();
  await expect(page.getByTestId('resources-empty')).toContainText('did not declare the resources capability');
  await page.getByTestId('tab-findings').click();
  await expect(page.getByTestId('findings-empty')).toContainText('No findings');
  await expect(page.getByTestId('findings-empty')).toContainText('npx mcpscope check');
  await page.getByTestId('tab-oauth').click();
  await expect(page.getByTestId('oauth-empty')).toContainText('OAuth applies to remote (HTTP) servers');
  await page.getByTestId('tab-client').click();
  await expect(page.getByTestId('server-requests-empty')).toContainText('No request from the server yet');
  await ui.screenshot(info, 'empty-client');
});

test('a resource link in a tool result opens that resource in Resources (server-everything)', async ({ page }, info) => {
  const ui = await open(page, ['--', process.execPath, everythingEntry(), 'stdio']);
  await ui.expectConnected('legacy');
  const tools = new ToolsPage(page);
  await tools.open();
  await tools.select('get-resource-links');
  await tools.call();
  await tools.expectOutcome('result');
  const links = page.getByTestId('tool-resource-link');
  await expect(links).toHaveCount(3);
  // Resource 2 is a text resource of a template: not in resources/list, read by its URI.
  const uri = 'demo://resource/dynamic/text/2';
  const link = page.locator(`[data-testid="tool-resource-link"][data-uri="${uri}"]`);
  await expect(link).toContainText('Text Resource 2');
  await link.getByTestId('open-in-resources').click();

  await expect(page.getByTestId('tab-resources')).toHaveAttribute('aria-selected', 'true');
  const content = page.locator(`[data-testid="resource-content"][data-uri="${uri}"]`);
  await expect(content).toContainText('Resource 2: This is a plaintext resource');
  await expect(page.getByTestId('resource-unlisted')).toBeVisible();
  await expect(page.getByTestId('resource-history').getByText(uri)).toBeVisible();
  await ui.screenshot(info, 'resource-link-opened');

  // The read is the user's: it went out with the Resources tab's origin.
  await page.getByTestId('tab-frames').click();
  const read = ui.frameRows('resources/read', 'out');
  await expect(read).toHaveCount(1);
  await expect(read).toContainText('resources: read');
});

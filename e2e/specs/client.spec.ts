import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { ClientPage } from '../fixtures/client';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { ToolsPage } from '../fixtures/tools';

/**
 * The client side in the UI: sampling and elicitation answered in the dialogs (2026-07-28
 * through input_required and the SDK's retry; 2025-11-25 as real server requests), roots,
 * ping, and the command palette (tasks: tasks.spec.ts).
 */
let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

async function open(page: import('@playwright/test').Page, args: string[], era: 'legacy' | 'modern') {
  app = await launchMcpscope(args);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected(era);
  return new ClientPage(page, app);
}

test.describe('the demo server (2026-07-28)', () => {
  test('sampling: ask_llm called from the Tools tab, answered in the dialog, retried by the SDK', async ({ page }, info) => {
    const client = await open(page, ['--demo'], 'modern');
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.select('ask_llm');
    await tools.fill('question', 'What is the capital of France?');
    await page.getByTestId('tool-call').click();

    const dialog = client.samplingDialog();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('What is the capital of France?');
    await expect(dialog).toContainText('You are a helpful assistant');
    await expect(dialog).toContainText('claude'); // model hint
    await expect(client.origin()).toHaveText('part of tools/call ask_llm, round 1');
    await client.screenshot(info, 'client-sampling-modern');
    await client.approveSampling('Paris, of course.');

    await tools.expectOutcome('result');
    await expect(tools.result()).toContainText('mcpscope-manual answered: Paris, of course.');
    // The frames show the first call, its input_required result and the retried call.
    const ui = new McpscopeApp(page);
    await page.getByTestId('tab-frames').click();
    await expect(ui.frameRows('tools/call', 'out')).toHaveCount(2);
    await ui.frameRows('tools/call', 'in').first().click();
    await expect(page.getByTestId('frame-detail')).toContainText('input_required');
  });

  test('sampling rejected: error -1, and the call is not retried', async ({ page }) => {
    const client = await open(page, ['--demo'], 'modern');
    const { reply } = await client.startTool('ask_llm', { question: 'Say no' });
    await expect(client.samplingDialog()).toBeVisible();
    await page.getByTestId('sampling-reject').click();
    // spec 2026-07-28 client/sampling "Error Handling": a declined input request ends the flow.
    // (The proxy reports it as the call's error; the exact envelope is the workbench API's business.)
    const body = (await (await reply).json()) as { outcome?: string; error?: { code: number | string; message: string } };
    expect(body.outcome).not.toBe('result');
    expect(body.error?.message).toContain('User rejected sampling request');
    await page.getByTestId('tab-frames').click();
    await expect(new McpscopeApp(page).frameRows('tools/call', 'out')).toHaveCount(1);
  });

  test('elicitation: a form from requestedSchema, validated, accepted; then declined', async ({ page }, info) => {
    const client = await open(page, ['--demo'], 'modern');
    const { reply } = await client.startTool('ask_user', { message: 'Tell us about yourself' });
    await expect(client.elicitationDialog()).toHaveAttribute('data-mode', 'form');
    await expect(client.elicitationDialog()).toContainText('Tell us about yourself');
    await expect(client.origin()).toHaveText('part of tools/call ask_user, round 1');
    await page.getByTestId('elicitation-accept').click(); // name and colour are required
    await expect(client.field('name')).toContainText('Required');
    await client.fillField('name', 'Ada');
    await client.fillField('colour', 'blue');
    await client.fillField('age', '36');
    await client.screenshot(info, 'client-elicitation-modern');
    await page.getByTestId('elicitation-accept').click();
    expect(await client.toolText(reply)).toBe('Hello Ada! Favourite colour: blue.');

    const { reply: declined } = await client.startTool('ask_user', {});
    await expect(client.elicitationDialog()).toBeVisible();
    await page.getByTestId('elicitation-decline').click();
    expect(await client.toolText(declined)).toBe('The user chose to decline.');
  });

  test('the command palette jumps to a tool; ? lists the shortcuts', async ({ page }, info) => {
    const client = await open(page, ['--demo'], 'modern');
    await client.paletteJump('list_roots', 'tool:list_roots');
    await expect(page.getByTestId('tab-tools')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('tool-header')).toHaveAttribute('data-name', 'list_roots');
    await client.paletteJump('client', 'view:client');
    await expect(page.getByTestId('tab-client')).toHaveAttribute('aria-selected', 'true');
    // 2026-07-28 removed ping: it goes out raw and the server says so.
    await page.getByTestId('ping-button').click();
    await expect(page.getByTestId('ping-result')).toHaveAttribute('data-outcome', 'rpc-error');
    await expect(page.getByTestId('ping-result')).toContainText('-32601');
    await page.keyboard.press('ControlOrMeta+K');
    await page.getByTestId('palette-input').fill('ask');
    await client.screenshot(info, 'client-palette');
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts-help')).toContainText('Command palette');
    await client.screenshot(info, 'client-shortcuts');
  });
});

test.describe('the demo server on the 2025-11-25 era', () => {
  test('roots: saved in the editor → roots/list_changed sent → list_roots returns them', async ({ page }, info) => {
    const client = await open(page, ['--demo', '--era', 'legacy'], 'legacy');
    await client.openTab();
    await client.setRoots([{ uri: 'file:///work/project', name: 'Project' }, { uri: 'file:///tmp' }]);
    await page.getByTestId('roots-notice').click(); // shows the notification's frame in the Frames tab
    const ui = new McpscopeApp(page);
    await expect(ui.frameRows('notifications/roots/list_changed', 'out')).toHaveCount(1);
    await expect(page.getByTestId('frame-detail')).toContainText('notifications/roots/list_changed');
    expect(await client.toolText((await client.startTool('list_roots')).reply)).toBe(
      'Project: file:///work/project\n(unnamed): file:///tmp',
    );
    await client.openTab();
    await page.getByTestId('ping-button').click();
    await expect(page.getByTestId('ping-result')).toHaveAttribute('data-outcome', 'ok');
    await expect(page.getByTestId('ping-result')).toContainText('pong');
    await client.screenshot(info, 'client-tab-legacy');
  });
});

test.describe('server-everything (2025-11-25)', () => {
  const everything = () => ['--', process.execPath, everythingEntry(), 'stdio'];

  test('sampling and elicitation as real server requests', async ({ page }, info) => {
    const client = await open(page, everything(), 'legacy');
    const { reply: sampled } = await client.startTool('trigger-sampling-request', { prompt: 'Name a colour', maxTokens: 20 });
    await expect(client.samplingDialog()).toContainText('Name a colour');
    await expect(client.samplingDialog()).toContainText('You are a helpful test server.');
    await expect(client.origin()).toHaveText('sent while tools/call trigger-sampling-request was running');
    await client.approveSampling('Teal.');
    expect(await client.toolText(sampled)).toContain('"text": "Teal."');

    const { reply: elicited } = await client.startTool('trigger-elicitation-request');
    await expect(client.elicitationDialog()).toHaveAttribute('data-mode', 'form');
    // Every kind of the restricted schema is rendered, with its default.
    for (const name of [
      'name',
      'check',
      'email',
      'birthdate',
      'integer',
      'untitledSingleSelectEnum',
      'titledMultipleSelectEnum',
      'legacyTitledEnum',
    ]) {
      await expect(client.field(name)).toBeVisible();
    }
    await expect(client.field('integer').locator('input')).toHaveValue('42');
    await client.fillField('name', 'Grace Hopper');
    await client.fillField('email', 'not-an-email');
    await page.getByTestId('elicitation-accept').click();
    await expect(client.field('email')).toContainText('Not an email address');
    await client.fillField('email', 'grace@example.com');
    await client.screenshot(info, 'client-elicitation-everything');
    await page.getByTestId('elicitation-accept').click();
    const text = await client.toolText(elicited);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('grace@example.com');
  });

  test('URL elicitation: the domain shown, opened only on consent, accepted', async ({ page, context }, info) => {
    const client = await open(page, everything(), 'legacy');
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    const { reply } = await client.startTool('trigger-url-elicitation', {
      url: 'https://login.example.com/connect?x=1',
      message: 'Connect your account',
    });
    await expect(client.elicitationDialog()).toHaveAttribute('data-mode', 'url');
    await expect(page.getByTestId('elicitation-url-domain')).toHaveText('login.example.com');
    await expect(client.elicitationDialog()).toContainText('https://login.example.com/connect?x=1');
    expect(requests.some((u) => u.includes('example.com'))).toBe(false); // never prefetched
    await client.screenshot(info, 'client-elicitation-url');
    const popup = context.waitForEvent('page');
    await page.getByTestId('elicitation-url-open').click();
    const opened = await popup;
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    await opened.close();
    await page.getByTestId('elicitation-accept').click();
    expect(await client.toolText(reply)).toContain('User completed the URL elicitation flow');
  });

  test('roots list_changed re-read by the server; the tasks pointer; ping', async ({ page }, info) => {
    const client = await open(page, everything(), 'legacy');
    await client.openTab();
    await client.setRoots([{ uri: 'file:///srv/data', name: 'Data' }]);
    await page.getByTestId('roots-notice').click();
    const ui = new McpscopeApp(page);
    await expect(ui.frameRows('notifications/roots/list_changed', 'out')).toHaveCount(1);
    await expect(ui.frameRows('roots/list', 'in').last()).toBeVisible(); // the server read the new list
    expect(await client.toolText((await client.startTool('get-roots-list')).reply)).toContain('URI: file:///srv/data');
    await client.openTab();
    // Tasks live in their own tab (e2e/specs/tasks.spec.ts); the Client tab points there and sends nothing.
    await expect(page.getByTestId('client-tasks-pointer')).toBeVisible();
    await page.getByTestId('ping-button').click();
    await expect(page.getByTestId('ping-result')).toHaveAttribute('data-outcome', 'ok');
    await client.screenshot(info, 'client-tab-everything');
  });
});

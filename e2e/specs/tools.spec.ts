import { fileURLToPath } from 'node:url';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { ToolsPage } from '../fixtures/tools';

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

async function openDemo(page: import('@playwright/test').Page, args: string[] = ['--demo']) {
  app = await launchMcpscope(args);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  const tools = new ToolsPage(page);
  await tools.open();
  return { ui, tools };
}

test.describe('Tools tab — demo server (2026-07-28)', () => {
  test('lists tools with titles and claims; echo is called and recorded with a CLI command', async ({ page }, info) => {
    const { ui, tools } = await openDemo(page);
    await expect(page.getByTestId('tab-tools')).toContainText('13');
    await expect(tools.item('echo')).toContainText('Echo');
    await expect(tools.item('echo')).toContainText('claims read-only');
    await page.getByTestId('tool-search').fill('widget');
    await expect(tools.items()).toHaveCount(1);
    await page.getByTestId('tool-search').fill('');

    await tools.select('echo');
    await expect(tools.field('message')).toContainText('*'); // required marker
    await tools.fill('message', '007 says "hi"');
    await (await tools.call()).waitFor();
    await tools.expectOutcome('result');
    await expect(tools.result()).toContainText('007 says "hi"');
    await expect(page.getByTestId('tool-history-item')).toHaveCount(1);
    await page.getByTestId('tool-copy-cli').click();
    const cli = await page.evaluate(() => navigator.clipboard.readText());
    expect(cli).toMatch(/^mcpscope call tools\/call --tool echo --params '\{"arguments":\{"message":"007 says \\"hi\\""\}\}' -- /);
    await ui.screenshot(info, 'tools-echo');

    // Re-run from history: same arguments, a second entry.
    await page.getByTestId('tool-history-rerun').first().click();
    await expect(page.getByTestId('tool-history-item')).toHaveCount(2);
  });

  test('add: structuredContent is validated against outputSchema; invalid input can be sent anyway', async ({ page }, info) => {
    const { ui, tools } = await openDemo(page);
    await tools.select('add');
    await tools.fill('a', '2');
    await tools.fill('b', '40.5');
    await tools.call();
    await tools.expectOutcome('result');
    await expect(page.getByTestId('tool-output-validation')).toHaveAttribute('data-valid', 'true');
    await expect(page.getByTestId('tool-output-validation')).toContainText('matches outputSchema');
    await expect(tools.result()).toContainText('42.5');
    await ui.screenshot(info, 'tools-add-output-schema');

    // Invalid arguments: errors next to the field, the call is held back, "Send anyway" sends them.
    await tools.fill('b', '');
    await expect(tools.field('b')).toContainText('Required');
    await page.getByTestId('tool-call').click();
    await expect(page.getByTestId('tool-call-anyway')).toBeVisible();
    await page.getByTestId('tool-call-anyway').click();
    await expect(page.getByTestId('tool-history-item')).toHaveCount(2);
    await expect(tools.result()).toHaveAttribute('data-outcome', /rpc-error|is-error/);
    await ui.screenshot(info, 'tools-add-send-anyway');
  });

  test('long_task: the progress bar moves, the elapsed time ticks, Cancel stops it', async ({ page }, info) => {
    const { ui, tools } = await openDemo(page);
    await tools.select('long_task');
    await tools.fill('steps', '50');
    await tools.fill('stepMs', '200');
    await page.getByTestId('tool-call').click();
    const bar = page.getByTestId('tool-progress');
    await expect(bar).toHaveAttribute('data-progress', /^[2-9]|^\d\d/);
    await expect(bar).toHaveAttribute('data-total', '50');
    const first = Number(await bar.getAttribute('data-progress'));
    await expect.poll(async () => Number(await bar.getAttribute('data-progress'))).toBeGreaterThan(first);
    await expect(page.getByTestId('tool-elapsed')).toContainText(/\d/);
    await ui.screenshot(info, 'tools-long-task-progress');
    await page.getByTestId('tool-cancel').click();
    await tools.expectOutcome('cancelled');
    await ui.screenshot(info, 'tools-long-task-cancelled');
  });

  test('Escape cancels and Ctrl+Enter calls', async ({ page }) => {
    const { tools } = await openDemo(page);
    await tools.select('long_task');
    await tools.fill('steps', '100');
    await tools.input('steps').press('ControlOrMeta+Enter');
    await expect(page.getByTestId('tool-progress')).toBeVisible();
    await page.keyboard.press('Escape');
    await tools.expectOutcome('cancelled');
  });

  test('a call that makes no progress within the timeout times out', async ({ page, expectConsoleError }) => {
    expectConsoleError(/\/requests:0\): Failed to load resource: the server responded with a status of 504/); // the timeout the test provokes
    const { tools } = await openDemo(page);
    await tools.select('long_task');
    await tools.fill('steps', '3');
    await tools.fill('stepMs', '2500');
    await page.getByTestId('tool-timeout').fill('1');
    await tools.call();
    await tools.expectOutcome('timeout');
    await expect(page.locator('[data-testid="tool-history-item"][data-outcome="timeout"]')).toHaveCount(1);
  });

  test('get_image renders an <img>; fail is a tool error, not a JSON-RPC error', async ({ page }, info) => {
    const { ui, tools } = await openDemo(page);
    await tools.select('get_image');
    await tools.call();
    await tools.expectOutcome('result');
    const img = page.getByTestId('tool-image');
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(32);
    await ui.screenshot(info, 'tools-get-image');

    await tools.select('fail');
    await tools.fill('reason', 'on purpose');
    await tools.call();
    await tools.expectOutcome('is-error');
    await expect(tools.result()).toContainText('The tool reported an error');
    await expect(tools.result()).toContainText('Tool failed on purpose: on purpose');
    await ui.screenshot(info, 'tools-fail-is-error');

    // Resource links are shown (never fetched); the embedded resource is rendered by its mime type.
    await tools.select('get_resource_links');
    await tools.call();
    await expect(page.getByTestId('tool-resource-link')).toHaveCount(2);
    await expect(page.locator('[data-testid="tool-resource-link"][data-uri="demo://static/readme.md"]')).toContainText('readme');
    await expect(page.getByTestId('resource-content')).toHaveAttribute('data-kind', 'json');
    await ui.screenshot(info, 'tools-resource-links');
  });

  test('toggle_extra_tool: the list change is shown as a diff with extra_tool added', async ({ page }, info) => {
    const { ui, tools } = await openDemo(page);
    await expect(tools.item('extra_tool')).toHaveCount(0);
    // 2026-07-28: list changes arrive only on a listen stream the user opens (nothing unasked).
    await page.getByTestId('list-changes-toggle').check();
    await expect(page.getByTestId('list-changes-toggle')).toBeChecked();
    await tools.select('toggle_extra_tool');
    await tools.call();
    await tools.expectOutcome('result');
    const banner = page.getByTestId('tool-list-diff');
    await expect(banner).toBeVisible();
    await expect(banner.locator('[data-change="added"][data-name="extra_tool"]')).toBeVisible();
    await expect(tools.item('extra_tool')).toBeVisible();
    await ui.screenshot(info, 'tools-list-diff');
    await page.getByTestId('tool-list-diff-ack').click();
    await expect(banner).toHaveCount(0);
  });

  test('configure_widget: form ⇄ JSON round trip keeps the arguments exactly', async ({ page }, info) => {
    const { ui, tools } = await openDemo(page);
    await tools.select('configure_widget');
    await expect(page.getByTestId('tool-form')).toBeVisible();
    await tools.fill('name', '007');
    await tools.input('kind').selectOption('chart');
    await tools.fill('size.height', '200');
    await tools.field('tags').getByTestId('tool-array-add').click();
    await tools.fill('tags.0', 'alpha');
    await tools.field('target').getByTestId('tool-variant').selectOption({ label: 'type: "url"' });
    await tools.fill('target.href', 'https://example.com/w');
    await expect(tools.input('notes')).toHaveValue('First line\nSecond line');
    await ui.screenshot(info, 'tools-widget-form');

    // In JSON: put a key the form does not know first, and odd number literals.
    const json = [
      '{',
      '  "x-extra": {"keep": [1.0, 2e1]},',
      '  "name": "007",',
      '  "kind": "chart",',
      '  "size": {"width": 320, "height": 200},',
      '  "tags": ["alpha"],',
      '  "target": {"type": "url", "href": "https://example.com/w"},',
      '  "retries": 3.0,',
      '  "enabled": true,',
      '  "notes": "First line\\nSecond line"',
      '}',
    ].join('\n');
    await tools.setJson(json);
    await ui.screenshot(info, 'tools-widget-json');
    await page.getByTestId('tool-mode-form').click();
    await expect(tools.input('name')).toHaveValue('007');
    await expect(page.getByTestId('tool-extra-keys')).toContainText('x-extra');
    await expect(tools.input('retries')).toHaveValue('3.0');
    await page.getByTestId('tool-mode-json').click();
    await page.getByTestId('tool-mode-form').click();
    await tools.call();
    await tools.expectOutcome('result');
    expect(await tools.lastCallArgs()).toBe(json);
    await expect(tools.result()).toContainText('Configured chart "007"');
  });
});

test.describe('Tools tab — server-everything (legacy era)', () => {
  test('echo, get-sum, get-structured-content and get-tiny-image', async ({ page }, info) => {
    const { ui, tools } = await openDemo(page, ['--', process.execPath, everythingEntry(), 'stdio']);
    await tools.select('echo');
    await tools.fill('message', 'hello everything');
    await tools.call();
    await tools.expectOutcome('result');
    await expect(tools.result()).toContainText('hello everything');

    await tools.select('get-sum');
    await tools.fill('a', '19');
    await tools.fill('b', '23');
    await tools.call();
    await expect(tools.result()).toContainText('42');

    await tools.select('get-structured-content');
    await tools.input('location').selectOption('Chicago');
    await tools.call();
    await tools.expectOutcome('result');
    await expect(page.getByTestId('tool-output-validation')).toHaveAttribute('data-valid', 'true');
    await ui.screenshot(info, 'everything-structured-content');

    await tools.select('get-tiny-image');
    await tools.call();
    await expect(page.getByTestId('tool-image')).toBeVisible();
    await ui.screenshot(info, 'everything-tiny-image');

    // A protocol error is told apart from a tool error: get-sum without b, sent anyway.
    await tools.select('get-sum');
    await tools.fill('b', '');
    await page.getByTestId('tool-call').click();
    await page.getByTestId('tool-call-anyway').click();
    await expect(page.getByTestId('tool-history-item')).toHaveCount(2);
    const outcome = await tools.result().getAttribute('data-outcome');
    if (outcome === 'rpc-error') await expect(tools.result()).toContainText(/The server rejected the request[\s\S]*JSON-RPC error -32602/);
    else expect(outcome).toBe('is-error');
    await page.emulateMedia({ colorScheme: 'dark' });
    await ui.screenshot(info, 'everything-invalid-params-dark');
  });
});

test.describe('Tools tab — a server whose answer mcpscope refuses', () => {
  const REFUSING = fileURLToPath(new URL('../../packages/engine/test-fixtures/hostile/refusing-server.mjs', import.meta.url));

  test('a result nested past the cap is the server’s fault, with the reason; the session goes on', async ({
    page,
    expectConsoleError,
  }, info) => {
    expectConsoleError(/\/requests:0\): Failed to load resource: the server responded with a status of 502/); // the refusal the test provokes
    app = await launchMcpscope(['-e', 'FIXTURE_MODE=deep-call', '--', process.execPath, REFUSING]);
    await page.goto(app.url);
    const ui = new McpscopeApp(page);
    const tools = new ToolsPage(page);
    await tools.open();
    await tools.select('deep');
    await tools.call();
    await tools.expectOutcome('refused');
    await expect(tools.result()).toContainText('The server’s answer was refused');
    await expect(tools.result()).toContainText("the server's answer was nested deeper than 256 levels; mcpscope refused it");
    await expect(tools.result()).not.toContainText('mcpscope proxy');
    await expect(page.locator('[data-testid="tool-history-item"][data-outcome="refused"]')).toHaveCount(1);
    await ui.screenshot(info, 'tools-refused-answer');
    // The refused answer is in the Frames tab as text, with its finding.
    await page.getByTestId('tab-frames').click();
    await expect(
      page
        .locator('[data-testid="frame-row"]')
        .filter({ has: page.getByTestId('frame-finding') })
        .last(),
    ).toBeVisible();
  });
});

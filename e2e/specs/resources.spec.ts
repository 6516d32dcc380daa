import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { PrimitivesPage } from '../fixtures/primitives';

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

test('demo server: pagination, text/JSON/markdown/blob reads, a template with completion', async ({ page }, info) => {
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');
  const ui = new PrimitivesPage(page, app);
  await ui.openTab('resources');

  // 17 resources, 5 a page: "Load more" until the server stops sending nextCursor.
  await expect(ui.resourceItems()).toHaveCount(5);
  await ui.loadAllResources(17);
  await expect(ui.resourceItems()).toHaveCount(17);

  const text = await ui.readResource('demo://static/hello.txt', 'text');
  await expect(text).toContainText('Hello from the mcpscope demo server.');
  await expect(text).toContainText('text/plain');

  const json = await ui.readResource('demo://static/config.json', 'json');
  await expect(json.getByRole('tree')).toContainText('"retries"');

  const md = await ui.readResource('demo://static/readme.md', 'markdown');
  await expect(md.locator('h1')).toHaveText('Demo server');
  await expect(md.locator('strong')).toHaveText('mcpscope');

  const image = await ui.readResource('demo://static/pixel.png', 'image');
  await expect(image.getByTestId('resource-image')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(image.locator('figcaption')).toContainText('32×32 px');
  await ui.screenshot(info, 'resources-demo-image');
  await image.getByRole('button', { name: 'Hex' }).click();
  await expect(image.getByTestId('resource-hex')).toContainText('89 50 4e 47');
  const download = page.waitForEvent('download');
  await image.getByTestId('resource-download').click();
  expect((await download).suggestedFilename()).toBe('pixel.png');

  // The template: completion for {id}, then expand and read.
  await page.getByTestId('resource-template-item').filter({ hasText: 'demo://items/{id}' }).click();
  await expect(page.getByTestId('resource-template-form')).toBeVisible();
  await ui.templateInput('id').fill('1');
  await expect(page.getByTestId('resource-completion-option')).toHaveText(['1', '10', '11', '12']);
  await ui.screenshot(info, 'resources-demo-completion');
  await page.getByTestId('resource-completion-option').filter({ hasText: /^12$/ }).click();
  await expect(page.getByTestId('resource-template-uri')).toHaveText('demo://items/12');
  await page.getByTestId('resource-read').click();
  const item = ui.content('json');
  await expect(item).toContainText('demo://items/12');
  await expect(item.getByRole('tree')).toContainText('"Item 12"');
  await ui.screenshot(info, 'resources-demo-template');
});

test('demo server: subscribing to demo://clock highlights its updates, one click re-reads', async ({ page }, info) => {
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');
  const ui = new PrimitivesPage(page, app);
  await ui.openTab('resources');
  await ui.loadAllResources(17);
  const first = await ui.readResource('demo://clock', 'text');
  const firstText = await first.locator('pre').innerText();

  const subscribe = page.getByTestId('resource-subscribe');
  await expect(subscribe).toBeEnabled();
  await subscribe.click();
  await expect(subscribe).toHaveAttribute('aria-pressed', 'true');
  const updated = page.getByTestId('resource-updated');
  await expect(updated).toHaveAttribute('data-stale', 'true');
  await expect(updated).toContainText(/updated \d+ times?, last at \d\d:\d\d:\d\d/);
  await expect(ui.resource('demo://clock')).toContainText('↻');
  await ui.screenshot(info, 'resources-clock-updated');

  await updated.click();
  await expect(ui.content('text').locator('pre')).not.toHaveText(firstText);

  await subscribe.click();
  await expect(subscribe).toHaveAttribute('aria-pressed', 'false');

  await ui.openTab('capabilities');
  await expect(ui.capability('server', 'resources')).toHaveAttribute('data-declared', 'true');
  await expect(ui.capability('server', 'resources.subscribe')).toHaveAttribute('data-declared', 'true');
  await expect(ui.capability('server', 'completions')).toHaveAttribute('data-declared', 'true');
  await ui.screenshot(info, 'capabilities-demo');
});

test('server-everything (legacy): templates with completion, text and blob reads, subscribe → updates', async ({ page }, info) => {
  app = await launchMcpscope(['--', process.execPath, everythingEntry(), 'stdio']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('legacy');
  const ui = new PrimitivesPage(page, app);
  await ui.openTab('resources');
  await expect(ui.resourceItems().first()).toBeVisible();

  const templates = page.getByTestId('resource-template-item');
  await templates.filter({ hasText: 'demo://resource/dynamic/blob/{resourceId}' }).click();
  await ui.templateInput('resourceId').fill('7');
  await expect(page.getByTestId('resource-completion-option')).toHaveText(['7']);
  await ui.templateInput('resourceId').press('Enter');
  const blob = ui.content('binary');
  await expect(blob).toContainText('demo://resource/dynamic/blob/7');
  // server-everything sends this blob as text/plain: hex first, the decoded text one click away.
  await expect(blob).toContainText('text/plain');
  await expect(blob.getByTestId('resource-hex')).toContainText('52 65 73 6f 75 72 63 65');
  await blob.getByRole('button', { name: 'Text' }).click();
  await expect(blob.locator('pre')).toContainText('Resource 7: This is a base64 blob');
  const download = page.waitForEvent('download');
  await blob.getByTestId('resource-download').click();
  expect((await download).suggestedFilename()).toBe('7.txt');

  await templates.filter({ hasText: 'demo://resource/dynamic/text/{resourceId}' }).click();
  await ui.templateInput('resourceId').fill('3');
  await page.getByTestId('resource-read').click();
  await expect(ui.content('text')).toContainText('Resource 3: This is a plaintext resource');
  const uri = 'demo://resource/dynamic/text/3';

  // Subscribe (resources/subscribe), then let the server's update ticker run.
  await page.getByTestId('resource-subscribe').click();
  await expect(page.getByTestId('resource-subscribe')).toHaveAttribute('aria-pressed', 'true');
  await ui.request('tools/call', { name: 'toggle-subscriber-updates', arguments: {} });
  await expect(page.getByTestId('resource-updated')).toHaveAttribute('data-stale', 'true', { timeout: 20_000 });
  await ui.screenshot(info, 'resources-everything-updated');
  await ui.request('tools/call', { name: 'toggle-subscriber-updates', arguments: {} });
  await expect(ui.resource(uri)).toHaveCount(0); // a template expansion, not a listed resource
});

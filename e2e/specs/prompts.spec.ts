import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { PrimitivesPage } from '../fixtures/primitives';

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

test('demo server: a prompt without arguments, and one with completed arguments and mixed content', async ({ page }, info) => {
  app = await launchMcpscope(['--demo']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');
  const ui = new PrimitivesPage(page, app);
  await ui.openTab('prompts');

  await ui.prompt('greeting').click();
  await page.getByTestId('prompt-get').click();
  await expect(ui.messages()).toHaveCount(2);
  await expect(ui.messages('user')).toContainText('What can the mcpscope demo server do?');
  await expect(ui.messages('assistant')).toContainText('It has tools, resources, prompts');

  await ui.prompt('summarize_item').click();
  await expect(page.locator('[data-testid="prompt-arg"][data-arg="id"]')).toHaveAttribute('data-required', 'true');
  await expect(page.locator('[data-testid="prompt-arg"][data-arg="style"]')).toHaveAttribute('data-required', 'false');
  await ui.promptInput('id').fill('1');
  await expect(page.getByTestId('prompt-completion-option')).toHaveText(['1', '10', '11', '12']);
  await page.getByTestId('prompt-completion-option').filter({ hasText: /^11$/ }).click();
  await ui.promptInput('style').fill('b');
  await expect(page.getByTestId('prompt-completion-option')).toHaveText(['bullet points']);
  await ui.promptInput('style').press('ArrowDown');
  await ui.promptInput('style').press('Enter');
  await expect(ui.promptInput('style')).toHaveValue('bullet points');
  await page.getByTestId('prompt-get').click();

  await expect(ui.messages('user')).toHaveCount(3);
  await expect(ui.messages().nth(0)).toContainText('Write a bullet points summary of the item below.');
  await expect(ui.messages().nth(1).locator('[data-testid="resource-content"][data-kind="json"]')).toContainText('demo://items/11');
  await expect(ui.messages().nth(2).locator('[data-testid="resource-content"][data-kind="image"] img')).toHaveAttribute(
    'src',
    /^data:image\//,
  );
  await ui.screenshot(info, 'prompts-demo');
});

test('server-everything (legacy): required arguments, context-aware completion, an embedded resource', async ({ page }, info) => {
  app = await launchMcpscope(['--', process.execPath, everythingEntry(), 'stdio']);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('legacy');
  const ui = new PrimitivesPage(page, app);
  await ui.openTab('prompts');

  await ui.prompt('args-prompt').click();
  await ui.promptInput('city').fill('Lisbon');
  await page.getByTestId('prompt-get').click();
  await expect(ui.messages('user')).toContainText('Lisbon');

  // `name` is completed from the chosen `department` (context.arguments).
  await ui.prompt('completable-prompt').click();
  await ui.promptInput('department').fill('Sa');
  await expect(page.getByTestId('prompt-completion-option')).toHaveText(['Sales']);
  await page.getByTestId('prompt-completion-option').click();
  await ui.promptInput('name').fill('');
  await ui.promptInput('name').focus();
  await expect(page.getByTestId('prompt-completion-option')).toHaveText(['David', 'Eve', 'Frank']);
  await page.getByTestId('prompt-completion-option').filter({ hasText: 'Eve' }).click();
  await page.getByTestId('prompt-get').click();
  await expect(ui.messages('user')).toContainText('Please promote Eve to the head of the Sales team.');
  await ui.screenshot(info, 'prompts-everything-completion');

  await ui.prompt('resource-prompt').click();
  await ui.promptInput('resourceType').fill('Blob');
  await ui.promptInput('resourceId').fill('2');
  await page.getByTestId('prompt-get').click();
  await expect(page.locator('[data-testid="prompt-message"] [data-testid="resource-content"]')).toContainText(
    'demo://resource/dynamic/blob/2',
  );
  await ui.screenshot(info, 'prompts-everything-resource');
});

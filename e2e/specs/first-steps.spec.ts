import type { Page } from '@playwright/test';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';
import { PrimitivesPage } from '../fixtures/primitives';
import { ToolsPage } from '../fixtures/tools';

/**
 * A newcomer's first minutes on server-everything (stdio): the first screen is not a failure,
 * rows name their target, the palette leaves the focus where the next keystroke goes, forms do
 * not scold before they are touched, completion offers values on focus and Enter takes the
 * highlighted one.
 */
let app: Launched;
test.setTimeout(120_000);
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

async function openEverything(page: Page): Promise<McpscopeApp> {
  app = await launchMcpscope(['--', process.execPath, everythingEntry(), 'stdio']);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('legacy');
  return ui;
}

test('the first screen: the era probe answered -32601 is neutral with its reason, and a line says where to start', async ({ page }) => {
  const ui = await openEverything(page);
  const probe = ui.frameRows('server/discover', 'in');
  await expect(probe).toHaveCount(1);
  await expect(probe).toHaveAttribute('data-kind', 'error');
  await expect(probe.getByTestId('frame-method')).toHaveAttribute('data-expected', 'negotiation');
  await expect(probe.getByText('expected', { exact: true })).toBeVisible();
  // Nothing on the first screen is painted as a failure.
  await expect(page.locator('[data-testid="frame-row"] .text-danger')).toHaveCount(0);
  await probe.click();
  await expect(page.getByTestId('frame-detail-expected')).toContainText('server/discover');
  await expect(page.getByTestId('server-guide')).toBeVisible();
  await expect(page.getByTestId('server-guide-step').first()).toBeVisible();
});

test('Ctrl+K → a tool → Enter puts the focus in its first argument; a required field says so only once left or on Call; Frames names the tool', async ({
  page,
}) => {
  const ui = await openEverything(page);
  const tools = new ToolsPage(page);
  await page.keyboard.press('Control+K');
  await page.getByTestId('palette-input').fill('get-sum');
  await expect(page.getByTestId('palette-item').first()).toHaveAttribute('data-id', 'tool:get-sum');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tool-header')).toHaveAttribute('data-name', 'get-sum');
  await expect(tools.input('a')).toBeFocused();

  // Untouched: a to-do, not an error.
  await expect(page.getByTestId('tool-args-validation')).toHaveText('2 to fill in');
  await expect(tools.field('a')).not.toContainText('Required');
  await expect(tools.field('b')).not.toContainText('Required');
  // Left empty: that field says so, the other still does not.
  await page.keyboard.press('Tab');
  await expect(tools.field('a')).toContainText('Required');
  await expect(tools.field('b')).not.toContainText('Required');
  // Call: every problem shows and the call waits for "Send anyway".
  await page.getByTestId('tool-call').click();
  await expect(tools.field('b')).toContainText('Required');
  await expect(page.getByTestId('tool-args-validation')).toHaveText('✕ 2 problems');
  await expect(page.getByTestId('tool-call-anyway')).toBeVisible();

  await tools.select('echo');
  await tools.fill('message', 'hello');
  await tools.call();
  await tools.expectOutcome('result');
  await page.getByTestId('tab-frames').click();
  for (const dir of ['out', 'in'] as const) {
    const method = ui.frameRows('tools/call', dir).getByTestId('frame-method');
    await expect(method).toHaveAttribute('data-target', 'echo');
    await expect(method).toHaveText(/tools\/call\s*echo/);
  }
});

test('completion: suggestions when an empty field gets the focus; Enter takes the highlighted one', async ({ page }) => {
  await openEverything(page);
  const ui = new PrimitivesPage(page, app);
  await ui.openTab('prompts');
  await ui.prompt('completable-prompt').click();
  const department = ui.promptInput('department');
  await department.focus();
  const options = page.getByTestId('prompt-completion-option');
  await expect(options).toHaveText(['Engineering', 'Sales', 'Marketing', 'Support']);
  await department.pressSequentially('Eng');
  await expect(options).toHaveText(['Engineering']);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await department.press('Enter');
  await expect(department).toHaveValue('Engineering');
  await expect(options).toHaveCount(0);
});

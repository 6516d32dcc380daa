import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { CLI, launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

/**
 * A trace opened offline shows what it recorded. Tools, Resources and Prompts
 * come from the recorded list results (the last complete listing), Capabilities from the
 * recorded handshake, and every control that would send a request is disabled with the reason.
 */
let app: Launched;
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-offline-lists-'));
  mkdirSync(join(dir, 'store'));
});
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

const READ_ONLY = 'opened from a trace: read-only';

/** `mcpscope call <method> --record` against server-everything: a real recorded trace. */
async function record(method: string): Promise<{ id: string; file: string; result: Record<string, unknown[]> }> {
  const id = method.replace('/', '-');
  const file = join(dir, 'store', `${id}.ndjson`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [CLI, 'call', method, '--record', file, '--', process.execPath, everythingEntry(), 'stdio'],
    { timeout: 60_000 },
  );
  return { id, file, result: JSON.parse(stdout) as Record<string, unknown[]> };
}

/** Opens a trace of the traces folder from the Traces tab, as a user would. */
async function openTrace(page: Page, id: string): Promise<void> {
  await page.getByTestId('tab-traces').click();
  const item = page.locator(`[data-testid="trace-item"][data-id="${id}"]`);
  await expect(item).toHaveCount(1);
  await item.getByTestId('trace-open').click();
  await expect(page.getByTestId('offline-banner')).toContainText(READ_ONLY);
}

test('an offline trace lists the recorded tools, resources and prompts; every sending control says read-only', async ({ page }, info) => {
  test.setTimeout(120_000);
  const tools = await record('tools/list');
  const resources = await record('resources/list');
  const prompts = await record('prompts/list');
  expect(readFileSync(tools.file, 'utf8')).toContain('"tools/list"');

  app = await launchMcpscope(['--traces-dir', join(dir, 'store')]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);

  // Tools: exactly the recorded listing; calling and re-listing are disabled with the reason.
  await openTrace(page, tools.id);
  await page.getByTestId('tab-tools').click();
  await expect(page.getByTestId('tool-item')).toHaveCount(tools.result.tools.length);
  await expect(page.getByTestId('tab-badge-tools')).toHaveText(String(tools.result.tools.length));
  await page.getByTestId('tool-item').first().click();
  await expect(page.getByTestId('tool-call')).toBeDisabled();
  await expect(page.getByTestId('tool-call')).toHaveAttribute('title', READ_ONLY);
  await expect(page.getByTestId('tool-relist')).toBeDisabled();
  await expect(page.getByTestId('tool-relist')).toHaveAttribute('title', READ_ONLY);
  await ui.screenshot(info, 'offline-tools');

  // Capabilities: the recorded handshake.
  await page.getByTestId('tab-capabilities').click();
  await expect(page.locator('[data-testid="capability-row"][data-side="server"][data-feature="tools"]')).toBeVisible();

  // Composer, ping, log level, roots: nothing can be sent.
  await page.getByTestId('tab-composer').click();
  await expect(page.getByTestId('composer-send')).toBeDisabled();
  await expect(page.getByTestId('composer-send')).toHaveAttribute('title', READ_ONLY);
  await page.getByTestId('tab-client').click();
  await expect(page.getByTestId('ping-button')).toBeDisabled();
  await expect(page.getByTestId('ping-button')).toHaveAttribute('title', READ_ONLY);
  await expect(page.getByTestId('roots-add')).toBeDisabled();
  await page.getByTestId('tab-notifications').click();
  await expect(page.getByTestId('log-level-select')).toBeDisabled();
  await expect(page.getByTestId('log-level-select')).toHaveAttribute('title', READ_ONLY);

  // Resources: the recorded list; read disabled with the reason.
  await openTrace(page, resources.id);
  await page.getByTestId('tab-resources').click();
  await expect(page.getByTestId('resource-item')).toHaveCount(resources.result.resources.length);
  await page.getByTestId('resource-item').first().click();
  await expect(page.getByTestId('resource-read')).toBeDisabled();
  await expect(page.getByTestId('resource-read')).toHaveAttribute('title', READ_ONLY);
  await ui.screenshot(info, 'offline-resources');

  // Prompts: the recorded list; get disabled with the reason.
  await openTrace(page, prompts.id);
  await page.getByTestId('tab-prompts').click();
  await expect(page.getByTestId('prompt-item')).toHaveCount(prompts.result.prompts.length);
  await page.getByTestId('prompt-item').first().click();
  await expect(page.getByTestId('prompt-get')).toBeDisabled();
  await expect(page.getByTestId('prompt-get')).toHaveAttribute('title', READ_ONLY);
  await ui.screenshot(info, 'offline-prompts');
});

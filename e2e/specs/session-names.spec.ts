import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { shotAtBothSizes } from '../fixtures/docShots';
import { CLI, expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';

/**
 * One name per session everywhere: the session list, the Traces list (its recording), Compare's
 * pickers and `mcpscope sessions` all say "Everything Reference Server v2.0.0", not `index.js`,
 * and all follow a rename.
 */
let app: Launched;
test.setTimeout(150_000);
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

const run = promisify(execFile);
/** `mcpscope sessions --json` as a user runs it beside the UI (the same data dir: playwright.config's XDG_DATA_HOME). */
async function cliSessions(): Promise<Array<{ id: string; name: string; label: string }>> {
  const { stdout } = await run(process.execPath, [CLI, 'sessions', '--json'], { env: process.env });
  return (JSON.parse(stdout) as { sessions: Array<{ id: string; name: string; label: string; mcpscope: string }> }).sessions.filter((s) =>
    s.mcpscope.startsWith(app.origin),
  );
}

test('the server’s name, then a rename, in the session list, Traces, Compare and mcpscope sessions', async ({ page }, info) => {
  app = await launchMcpscope(['--', process.execPath, everythingEntry(), 'stdio']);
  await page.goto(app.url);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  const item = page.getByTestId('session-item').first();
  await expect(item).toHaveAttribute('data-label', 'Everything Reference Server v2.0.0');

  await page.getByTestId('tab-traces').click();
  const trace = page.getByTestId('trace-item').first();
  await expect(trace.getByTestId('trace-name')).toHaveText('Everything Reference Server v2.0.0');
  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('compare-left').locator('optgroup[label="Trace files"] option')).toContainText([
    /^Everything Reference Server v2\.0\.0 · /,
  ]);
  expect((await cliSessions()).map((s) => s.label)).toEqual(['Everything Reference Server v2.0.0']);

  // Renamed in the session list: every place follows.
  await item.getByTestId('session-label').dblclick();
  await page.getByTestId('session-rename-input').fill('my everything');
  await page.getByTestId('session-rename-input').press('Enter');
  await expect(item).toHaveAttribute('data-label', 'my everything v2.0.0');
  await page.getByTestId('tab-traces').click();
  await expect(trace.getByTestId('trace-name')).toHaveText('my everything v2.0.0');
  await page.getByTestId('tab-compare').click();
  await expect(page.getByTestId('compare-left').locator('optgroup[label="Trace files"] option')).toContainText([
    /^my everything v2\.0\.0 · /,
  ]);
  await expect(page.getByTestId('compare-left').locator('optgroup[label="Live sessions"] option')).toContainText([
    /^my everything v2\.0\.0 · stdio/,
  ]);
  await expect.poll(async () => (await cliSessions()).map((s) => s.label)).toEqual(['my everything v2.0.0']);
  await page.getByTestId('tab-traces').click();
  await shotAtBothSizes(page, info, 'one-name-traces');
});

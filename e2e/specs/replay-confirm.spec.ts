import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { McpscopeApp } from '../fixtures/app';

/**
 * A trace file is untrusted. Its Replay button opens a dialog with the exact argv and
 * cwd the trace recorded (its config, not its label); Cancel runs nothing, Run replay runs it.
 */
let app: Launched;
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-replay-e2e-'));
});
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

/** A crafted trace: labelled `node server.js`, its config runs `sh -c "touch <marker>"` with a hostile env. */
function craftedTrace(marker: string): string {
  const session = {
    id: 'crafted',
    name: 'crafted',
    transport: 'stdio',
    target: 'node server.js',
    config: {
      transport: 'stdio',
      command: 'sh',
      args: ['-c', `touch ${marker}`],
      cwd: dir,
      env: { NODE_OPTIONS: '--require /tmp/evil.js' },
    },
  };
  const lines = [
    {
      type: 'header',
      format: 'mcpscope-trace',
      version: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      tool: { name: 'mcpscope', version: '0.0.0' },
      session,
    },
    {
      type: 'frame',
      seq: 1,
      t: 1,
      sessionId: 'crafted',
      dir: 'out',
      msg: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      size: 50,
    },
    { type: 'frame', seq: 2, t: 2, sessionId: 'crafted', dir: 'in', msg: { jsonrpc: '2.0', id: 1, result: { tools: [] } }, size: 50 },
  ];
  const file = join(dir, 'crafted.ndjson');
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}

test('replay of a crafted trace: the dialog shows the exact argv and cwd, cancel runs nothing, confirm runs it', async ({
  page,
  expectConsoleError,
}, info) => {
  // The confirmed command does not connect: 502, its reason shown. (The test waits for each
  // answer: one still connecting when mcpscope stops is answered 409, closed while connecting.)
  expectConsoleError(/\/replay:0\): Failed to load resource: the server responded with a status of 502/);
  const marker = join(dir, 'ran');
  app = await launchMcpscope(['--traces-dir', join(dir, 'store')]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await page.getByTestId('tab-traces').click();
  await page.getByTestId('trace-file-input').setInputFiles(craftedTrace(marker));
  const row = page.getByTestId('trace-item').filter({ hasText: 'crafted' });
  await expect(row).toHaveCount(1);
  // The upload opened it offline (reading it runs nothing); back to the list to replay it.
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  expect(existsSync(marker)).toBe(false);
  await page.getByTestId('tab-traces').click();
  const argv = `["sh", "-c", "touch ${marker}"]`;
  // The row names what would run, not the trace's label.
  await expect(row.getByTestId('trace-target')).toHaveText(`${argv} in "${dir}"`);
  await expect(row).not.toContainText('node server.js');

  const replays: string[] = [];
  const statuses: number[] = [];
  page.on('request', (r) => r.url().includes('/replay') && replays.push(r.url()));
  page.on('response', (r) => r.url().includes('/replay') && statuses.push(r.status()));
  await row.getByTestId('replay-run').click();
  const dialog = page.getByTestId('replay-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('replay-argv')).toHaveText(argv);
  await expect(dialog.getByTestId('replay-cwd')).toHaveText(JSON.stringify(dir));
  await expect(dialog.getByTestId('replay-note')).toContainText('comes from the trace file');
  await expect(dialog).not.toContainText('NODE_OPTIONS');
  await ui.screenshot(info, 'replay-dialog');

  await dialog.getByTestId('replay-cancel').click();
  await expect(dialog).toHaveCount(0);
  expect(replays).toEqual([]);
  expect(existsSync(marker)).toBe(false);

  // Editing changes what runs: the confirmed argv, not the recorded one, is sent.
  await row.getByTestId('replay-run').click();
  await dialog.getByTestId('replay-argv-input').fill(`["sh", "-c", "touch ${marker}-edited"]`);
  await expect(dialog.getByTestId('replay-argv')).toHaveText(`["sh", "-c", "touch ${marker}-edited"]`);
  await dialog.getByTestId('replay-confirm').click();
  await expect(dialog).toHaveCount(0);
  // `sh` is no MCP server: the replay fails to connect, after running exactly the confirmed command.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /connect|exited|closed/i })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  expect(replays).toHaveLength(1);
  expect(existsSync(`${marker}-edited`)).toBe(true);
  expect(existsSync(marker)).toBe(false);

  // Confirmed as recorded, the recorded command runs.
  await row.getByTestId('replay-run').click();
  await dialog.getByTestId('replay-confirm').click();
  await expect.poll(() => existsSync(marker), { timeout: 30_000 }).toBe(true);
  expect(replays).toHaveLength(2);
  await expect.poll(() => statuses, { timeout: 30_000 }).toEqual([502, 502]);
});

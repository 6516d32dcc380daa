import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { McpscopeApp } from '../fixtures/app';
import { CLI, test, expect } from '../fixtures/mcpscope';

/**
 * Connect once, run many: what an agent runs with `call --session` shows live
 * in the browser a person opened on the link `connect` printed, each frame with its origin.
 */
const run = promisify(execFile);
const data = mkdtempSync(join(tmpdir(), 'mcpscope-e2e-live-'));
const cli = async (args: string[]) => {
  try {
    return { code: 0, ...(await run(process.execPath, [CLI, ...args], { env: { ...process.env, XDG_DATA_HOME: data } })) };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

test.afterEach(async () => {
  expect((await cli(['stop'])).code).toBe(0);
});

test("a session opened by `connect` is in the browser, and `call --session` frames appear there live, marked as the CLI's", async ({
  page,
}, info) => {
  const connected = await cli(['connect', '--name', 'dev', '--json', '--demo']);
  expect(connected.code).toBe(0);
  const { link } = JSON.parse(connected.stdout) as { link: string };
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#code=[\w-]{22}$/);

  await page.goto(link);
  await expect(page.getByTestId('session-item').filter({ hasText: 'dev' })).toBeVisible();
  const ui = new McpscopeApp(page);
  await ui.expectConnected('modern');

  for (const message of ['first', 'second']) {
    const call = await cli(['call', 'tools/call', '--tool', 'echo', '--arg', `message=${message}`, '--session', 'dev']);
    expect(call.code).toBe(0);
  }
  await expect(ui.frameRows('tools/call', 'out')).toHaveCount(2);
  await expect(ui.frameRows('tools/call', 'out').last().getByTestId('frame-origin')).toHaveText('you · cli: call tools/call');
  await expect(ui.frameRows('initialize', 'out')).toHaveCount(0); // 2026-07-28: server/discover, once
  await expect(ui.frameRows('server/discover', 'out')).toHaveCount(1);
  await ui.screenshot(info, 'live-session-cli-frames');
});

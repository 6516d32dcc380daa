import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { shotAtBothSizes } from '../fixtures/docShots';
import { expect, launchMcpscope, test, type Launched } from '../fixtures/mcpscope';

/**
 * Replay and Compare do not cry wolf: what is expected to differ between two runs (a timestamp
 * in a tool's text) is ignored by default and listed as ignored; a real difference can be
 * marked as expected from the diff, kept for this trace and server, sent with the next replay
 * and honoured by Compare of the same pair. Rows name their target (`tools/call get-env`).
 */
let app: Launched;
let dir: string;
test.setTimeout(180_000);
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-expected-e2e-'));
});
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A trace of server-everything: echo (answers the same live), get-resource-reference (its text
 * has a time no clock shows, so it always differs live, by a timestamp only) and get-env (a
 * recorded environment the live server will not have: a real difference).
 */
function everythingTrace(): string {
  const config = { transport: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'] };
  const calls: Array<[string, Record<string, unknown>, unknown[]]> = [
    ['echo', { message: 'hi' }, [{ type: 'text', text: 'Echo: hi' }]],
    [
      'get-resource-reference',
      { resourceType: 'Text', resourceId: 1 },
      [
        { type: 'text', text: 'Returning resource reference for Resource 1:' },
        {
          type: 'resource',
          resource: {
            uri: 'demo://resource/dynamic/text/1',
            mimeType: 'text/plain',
            text: 'Resource 1: This is a plaintext resource created at 99:99:99 AM',
          },
        },
        { type: 'text', text: 'You can access this resource using the URI: demo://resource/dynamic/text/1' },
      ],
    ],
    ['get-env', {}, [{ type: 'text', text: '{\n  "MARK": "recorded"\n}' }]],
  ];
  const session = { id: 's1', name: 'index.js', transport: 'stdio', target: `${config.command} ${config.args.join(' ')}`, config };
  const lines: unknown[] = [
    {
      type: 'header',
      format: 'mcpscope-trace',
      version: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      tool: { name: 'mcpscope', version: '0.0.0' },
      session,
    },
  ];
  let seq = 0;
  calls.forEach(([name, args, content], i) => {
    const requestSeq = ++seq;
    lines.push({
      type: 'frame',
      seq: requestSeq,
      t: seq,
      sessionId: 's1',
      dir: 'out',
      msg: { jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name, arguments: args } },
      size: 80,
    });
    lines.push({
      type: 'frame',
      seq: ++seq,
      t: seq,
      sessionId: 's1',
      dir: 'in',
      msg: { jsonrpc: '2.0', id: i + 1, result: { content } },
      size: 80,
      pair: { requestSeq, method: 'tools/call', latencyMs: 1 },
    });
  });
  const file = join(dir, 'everything.ndjson');
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}

const step = (page: Page, label: string) =>
  page.getByTestId('replay-step').filter({ has: page.locator(`[data-testid="replay-step-label"][title="${label}"]`) });

async function replay(page: Page, traceId: string) {
  await page.getByTestId('tab-traces').click();
  const row = page.locator(`[data-testid="trace-item"][data-id="${traceId}"]`);
  await row.getByTestId('replay-run').click();
  await page.getByTestId('replay-confirm').click();
  await expect(page.getByTestId('replay-report')).toBeVisible({ timeout: 90_000 });
}

test('a replay ignores a timestamp in text and says so; a real difference marked expected passes, then and on the next replay, and in Compare', async ({
  page,
}, info) => {
  app = await launchMcpscope(['--traces-dir', join(dir, 'store')]);
  await page.goto(app.url);
  await page.getByTestId('tab-traces').click();
  await page.getByTestId('trace-file-input').setInputFiles(everythingTrace());
  await expect(page.getByTestId('trace-item')).toHaveCount(1);
  // Its own replays are recorded too: the uploaded trace is known by its id.
  const traceId = (await page.getByTestId('trace-item').getAttribute('data-id'))!;
  await replay(page, traceId);

  // Rows name their target; the timestamp is not a failure, but it is listed as ignored.
  await expect(page.getByTestId('replay-step-label')).toHaveText([
    'tools/call echo',
    'tools/call get-resource-reference',
    'tools/call get-env',
  ]);
  await expect(step(page, 'tools/call echo')).toHaveAttribute('data-outcome', 'match');
  const resource = step(page, 'tools/call get-resource-reference');
  await expect(resource).toHaveAttribute('data-outcome', 'match');
  await expect(resource.getByTestId('replay-ignored')).toContainText('1 ignored as expected: timestamp in text');
  await resource.getByTestId('replay-ignored').locator('summary').click();
  await expect(resource.getByTestId('diff-ignored-row')).toHaveAttribute('data-path', '/result/content/1/resource/text');
  const env = step(page, 'tools/call get-env');
  await expect(env).toHaveAttribute('data-outcome', 'differ');
  await expect(page.getByTestId('replay-summary')).toContainText('failed — 2 match, 1 differ, 0 failed');
  await shotAtBothSizes(page, info, 'replay-ignored');

  // The environment is expected to differ (a trace's env is never applied): mark it.
  await env.getByTestId('diff-mark-expected').click();
  await expect(env).toHaveAttribute('data-outcome', 'match');
  await expect(env.getByTestId('replay-ignored')).toContainText('marked expected');
  await expect(page.getByTestId('replay-summary')).toContainText('passed — 3 match, 0 differ, 0 failed');
  await expect(page.getByTestId('replay-report')).toHaveAttribute('data-passed', 'true');
  await shotAtBothSizes(page, info, 'replay-marked-expected');

  // Kept: after a reload, the next replay sends the mark and the engine reports it ignored.
  await page.reload();
  await replay(page, traceId);
  await expect(page.getByTestId('replay-report')).toHaveAttribute('data-passed', 'true');
  await expect(step(page, 'tools/call get-env').getByTestId('replay-ignored')).toContainText('marked expected');
  await page.getByTestId('expected-marks-toggle').click();
  await expect(page.getByTestId('expected-mark')).toHaveText(['tools/call get-env|/result/content/0/text✕']);

  // Compare of the trace with the replay session (the same trace and server): the same verdict.
  await page.getByTestId('replay-show-session').click();
  const sessionId = await page.locator('[data-testid="session-item"][aria-selected="true"]').getAttribute('data-session-id');
  await page.getByTestId('tab-compare').click();
  await page.getByTestId('compare-left').selectOption(`trace:${traceId}`);
  await page.getByTestId('compare-right').selectOption(`session:${sessionId}`);
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare-summary')).toHaveAttribute('data-same', 'true');
  await expect(page.getByTestId('compare-summary')).toContainText('with expected differences ignored');
  await expect(page.getByTestId('compare-row-label')).toHaveText([
    '✓ tools/call echo',
    '✓ tools/call get-resource-reference',
    '✓ tools/call get-env',
  ]);
  // Everything compared (no default rule): the timestamp is a difference again.
  await page.getByTestId('compare-defaults').uncheck();
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare-summary')).toHaveAttribute('data-same', 'false');
  await shotAtBothSizes(page, info, 'compare-strict');
});

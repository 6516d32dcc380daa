import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { McpscopeApp } from '../fixtures/app';

/**
 * Traces in the browser: traces listed, uploaded (picker and drop, one cut off mid-line),
 * opened offline (read-only, every view), the timeline (bars, progress, markers, click → frame)
 * and compare (two traces differing in one response).
 */
let app: Launched;
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-traces-e2e-'));
});
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

/** A small trace v1: spawn, stderr, handshake, a tools/call with two progress notifications, tools/list, exit. */
function fixtureTrace(name: string, toolText: string, { truncated = false } = {}): string {
  const sessionId = `fx-${name}`;
  const frame = (seq: number, t: number, dir: 'in' | 'out', msg: object) => {
    const size = JSON.stringify(msg).length;
    return { type: 'frame', seq, t, sessionId, dir, msg, size };
  };
  const lines: object[] = [
    {
      type: 'header',
      format: 'mcpscope-trace',
      version: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      tool: { name: 'mcpscope', version: '0.0.0' },
      session: { id: sessionId, name, transport: 'stdio', target: 'node fixture.js' },
    },
    { type: 'lifecycle', seq: 1, t: 0, sessionId, phase: 'spawn', pid: 4242 },
    { type: 'stderr', seq: 2, t: 1, sessionId, text: 'fixture server starting\n' },
    frame(3, 2, 'out', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpscope', version: '0' } },
    }),
    frame(4, 10, 'in', {
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'fixture', version: '1.0.0' } },
    }),
    frame(5, 11, 'out', { jsonrpc: '2.0', method: 'notifications/initialized' }),
    { type: 'lifecycle', seq: 6, t: 12, sessionId, phase: 'connect' },
    frame(7, 20, 'out', {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'slow', arguments: { steps: 2 }, _meta: { progressToken: 'p1' } },
    }),
    frame(8, 40, 'in', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p1', progress: 1, total: 2 } }),
    frame(9, 60, 'in', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p1', progress: 2, total: 2 } }),
    frame(10, 80, 'in', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: toolText }] } }),
    frame(11, 90, 'out', { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    frame(12, 95, 'in', { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'slow', inputSchema: { type: 'object' } }] } }),
    { type: 'stderr', seq: 13, t: 100, sessionId, text: 'done\n' },
    { type: 'lifecycle', seq: 14, t: 120, sessionId, phase: 'exit', code: 0 },
  ];
  let text = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
  if (truncated) text += '{"type":"frame","seq":15,"t":130,"sessionId":"fx-cut","dir":"out","msg":{"jsonrpc":"2.0","id":3,"meth';
  const file = join(dir, `${name}.ndjson`);
  writeFileSync(file, text);
  return file;
}

/** Uploads a trace with the file picker; it opens offline at once, in Frames. */
async function uploadWithPicker(page: Page, file: string, name: string) {
  await page.getByTestId('tab-traces').click();
  await page.getByTestId('trace-file-input').setInputFiles(file);
  await expect(traceItem(page, name)).toHaveCount(1);
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid="session-item"][aria-selected="true"]').getByTestId('offline-badge')).toHaveCount(1);
}

/** Drops a file on the Traces tab as a user dragging it from their file manager would. */
async function dropFile(page: Page, name: string, content: string) {
  const transfer = await page.evaluateHandle(
    ({ name, content }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], name, { type: 'application/x-ndjson' }));
      return dt;
    },
    { name, content },
  );
  const zone = page.getByTestId('trace-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/**
 * A trace by the session name in its header (its file id carries it): the row itself reads as
 * its session did, here the server's own name from the handshake ("fixture v1.0.0").
 */
const traceItem = (page: Page, name: string) => page.locator(`[data-testid="trace-item"][data-id*="-${name}-"]`);

test('traces: the live session is listed, fixtures upload (picker and drop), one cut off mid-line opens offline with a warning', async ({
  page,
}, info) => {
  app = await launchMcpscope(['--demo', '--traces-dir', join(dir, 'store')]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('modern');
  await ui.sendTemplate('tools/list');

  await page.getByTestId('tab-traces').click();
  await expect(page.getByTestId('trace-item').filter({ has: page.getByTestId('trace-live') })).toHaveCount(1);
  // Export of the active (live, stdio) session.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-ndjson').click();
  expect((await download).suggestedFilename()).toMatch(/\.ndjson$/);
  await expect(page.getByTestId('export-har')).toBeDisabled();
  // Replay the live demo session's trace against a fresh demo server: every request matches.
  await page
    .getByTestId('trace-item')
    .filter({ has: page.getByTestId('trace-live') })
    .getByTestId('replay-run')
    .click();
  // The recorded demo command is shown for confirmation first (replay-confirm.spec.ts covers a crafted trace).
  await expect(page.getByTestId('replay-argv')).toContainText('demo-server');
  await page.getByTestId('replay-confirm').click();
  await expect(page.getByTestId('replay-report')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="replay-step"][data-method="tools/list"]')).toHaveAttribute('data-outcome', 'match');
  await expect(page.locator('[data-testid="replay-step"][data-outcome="failed"]')).toHaveCount(0);

  await uploadWithPicker(page, fixtureTrace('fixture-a', 'all good'), 'fixture-a');
  const cut = fixtureTrace('fixture-cut', 'all good', { truncated: true });
  await page.getByTestId('tab-traces').click();
  await dropFile(page, 'fixture-cut.ndjson', (await import('node:fs')).readFileSync(cut, 'utf8'));
  await expect(traceItem(page, 'fixture-cut')).toHaveCount(1);

  // A dropped trace opens offline too, as Open in the list does.
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  const offline = page.getByTestId('session-item').filter({ has: page.getByTestId('offline-badge') });
  await expect(offline).toHaveCount(2);
  await expect(page.locator('[data-testid="session-item"][aria-selected="true"]').getByTestId('offline-badge')).toHaveCount(1);
  await expect(page.getByTestId('offline-banner').getByTestId('trace-warning')).toHaveCount(1);
  // Every event before the cut is there.
  await expect(ui.frameRows()).toHaveCount(9);
  await expect(ui.frameRows('tools/call', 'out')).toHaveCount(1);
  await page.getByTestId('tab-console').click();
  await expect(page.getByTestId('console-line').filter({ hasText: 'fixture server starting' })).toHaveCount(1);
  // Read-only: nothing can be sent.
  await page.getByTestId('tab-composer').click();
  await expect(page.getByTestId('composer-send')).toBeDisabled();
  await expect(page.getByTestId('composer-send')).toHaveAttribute('title', 'opened from a trace: read-only');
  await page.getByTestId('tab-frames').click();
  await ui.screenshot(info, 'traces-offline');
  await page.getByTestId('tab-traces').click();
  await ui.screenshot(info, 'traces-list');
});

test('timeline: bars from request to response with progress inside, markers, zoom, a click opens the frame', async ({ page }, info) => {
  app = await launchMcpscope(['--demo', '--traces-dir', join(dir, 'store')]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('modern');
  await uploadWithPicker(page, fixtureTrace('fixture-a', 'all good'), 'fixture-a');
  await expect(ui.frameRows()).toHaveCount(9);

  await page.getByTestId('tab-timeline').click();
  const call = page.locator('[data-testid="timeline-bar"][data-method="tools/call"]');
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute('data-seq', '7');
  await expect(call).toHaveAttribute('data-outcome', 'ok');
  await expect(call.getByTestId('timeline-progress')).toHaveCount(2);
  await expect(page.locator('[data-testid="timeline-bar"][data-method="initialize"]')).toHaveCount(1);
  for (const kind of ['spawn', 'stderr', 'connect', 'exit'])
    await expect(page.locator(`[data-testid="timeline-marker"][data-kind="${kind}"]`).first()).toBeVisible();

  const span = page.getByTestId('timeline-span');
  const before = await span.textContent();
  const widthBefore = (await call.boundingBox())!.width;
  await page.getByTestId('timeline-zoom-in').click();
  await expect(span).not.toHaveText(before!);
  expect((await call.boundingBox())!.width).toBeGreaterThan(widthBefore);
  await page.getByTestId('timeline-zoom-out').click();
  await ui.screenshot(info, 'timeline');

  await call.click();
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('frame-detail')).toHaveAttribute('data-seq', '7');
});

test('compare: two traces differing in one response, matched side by side with the diff', async ({ page }, info) => {
  app = await launchMcpscope(['--demo', '--traces-dir', join(dir, 'store')]);
  await page.goto(app.url);
  await new McpscopeApp(page).expectConnected('modern');
  await uploadWithPicker(page, fixtureTrace('left-run', 'answer: 41'), 'left-run');
  await uploadWithPicker(page, fixtureTrace('right-run', 'answer: 42'), 'right-run');
  const leftId = await traceItem(page, 'left-run').getAttribute('data-id');
  const rightId = await traceItem(page, 'right-run').getAttribute('data-id');

  await page.getByTestId('tab-compare').click();
  await page.getByTestId('compare-left').selectOption(`trace:${leftId}`);
  await page.getByTestId('compare-right').selectOption(`trace:${rightId}`);
  await page.getByTestId('compare-run').click();
  await expect(page.locator('[data-testid="compare-row"][data-method="tools/list"]')).toHaveAttribute('data-same', 'true');
  const call = page.locator('[data-testid="compare-row"][data-method="tools/call"]');
  await expect(call).toHaveAttribute('data-same', 'false');
  await expect(page.getByTestId('compare-diff')).toHaveCount(1);
  await expect(page.getByTestId('compare-diff')).toContainText('answer: 41');
  await expect(page.getByTestId('compare-diff')).toContainText('answer: 42');
  await new McpscopeApp(page).screenshot(info, 'compare');
});

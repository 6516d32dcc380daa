import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { everythingEntry } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { PrimitivesPage } from '../fixtures/primitives';

/**
 * The rough edges a new user hits: the filter grammar flags what it does not
 * know and its help lists every term; is:error is the error responses (is:failed adds their
 * requests); an uploaded trace opens; the hex view is not cut; Ctrl+Enter in the Composer
 * survives a session switch; a replay reports where it was started.
 */
let app: Launched;
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-rough-'));
});
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

async function openDemo(page: Page): Promise<McpscopeApp> {
  await page.setViewportSize({ width: 1280, height: 800 });
  app = await launchMcpscope(['--demo', '--traces-dir', join(dir, 'store')]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('modern');
  return ui;
}

/** Sends a Composer template with the Send button and waits for its answer. */
async function sendFromComposer(page: Page, template: string, state: 'ok' | 'rpc-error') {
  await page.getByTestId('tab-composer').click();
  await page.getByTestId('composer-template').selectOption(template);
  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('composer-response')).toHaveAttribute('data-state', state);
}

const filterRows = (page: Page) => page.getByTestId('frame-row');

async function filterBy(page: Page, text: string) {
  const box = page.getByTestId('frame-filter');
  await box.fill(text);
  await box.press('Enter');
}

/** Outgoing frames the Composer sent in a session, as the proxy recorded them. */
async function composerSends(page: Page, sessionId: string): Promise<number> {
  const res = await page.request.get(`${app.origin}/api/sessions/${sessionId}/events?from=0&limit=5000`, {
    headers: { Authorization: `Bearer ${app.token}` },
  });
  const body = (await res.json()) as { events?: unknown[] } | unknown[];
  const events = (Array.isArray(body) ? body : (body.events ?? [])) as Array<{ type: string; dir?: string; origin?: { reason?: string } }>;
  return events.filter((e) => e.type === 'frame' && e.dir === 'out' && e.origin?.reason === 'composer: send').length;
}

/** A small trace v1 with one failed call. */
function traceFile(name: string): string {
  const sessionId = `fx-${name}`;
  const frame = (seq: number, t: number, d: 'in' | 'out', msg: object) => ({
    type: 'frame',
    seq,
    t,
    sessionId,
    dir: d,
    msg,
    size: JSON.stringify(msg).length,
  });
  const lines = [
    {
      type: 'header',
      format: 'mcpscope-trace',
      version: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      tool: { name: 'mcpscope', version: '0.0.0' },
      session: { id: sessionId, name, transport: 'stdio', target: 'node fixture.js' },
    },
    frame(1, 2, 'out', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpscope', version: '0' } },
    }),
    frame(2, 10, 'in', {
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'fixture', version: '1.0.0' } },
    }),
    frame(3, 20, 'out', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nope', arguments: {} } }),
    frame(4, 30, 'in', { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Unknown tool: nope' } }),
  ];
  const file = join(dir, `${name}.ndjson`);
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}

test('filter: an unknown term is flagged where it is, with the fix; the help lists every term, has: included', async ({ page }, info) => {
  const ui = await openDemo(page);
  await page.getByTestId('tab-frames').click();
  await filterBy(page, 'method:tools/* is:erorr');
  const problem = page.getByTestId('frame-filter-problem');
  await expect(problem).toContainText('unknown term "is:erorr" — did you mean is:error?');
  await expect(page.getByTestId('frame-filter-flag')).toHaveText('is:erorr');
  await expect(page.getByTestId('frame-filter')).toHaveAttribute('aria-invalid', 'true');
  await ui.screenshot(info, 'filter-unknown-term');
  await page.getByTestId('frame-filter-fix').click();
  await expect(page.getByTestId('frame-filter')).toHaveValue('method:tools/* is:error');
  await expect(problem).toHaveCount(0);

  await filterBy(page, 'foo:bar');
  await expect(problem).toContainText('unknown term "foo:bar"');
  await filterBy(page, '');
  await page.getByTestId('frame-filter-help-toggle').click();
  const help = page.getByTestId('frame-filter-help');
  await expect(help).toBeVisible();
  for (const term of [
    'has:finding',
    'has:error',
    'has:warning',
    'is:error',
    'is:failed',
    'method:<glob>',
    'origin:user',
    'channel:app',
    'app:<text>',
    '-<term>',
  ]) {
    await expect(help.locator(`[data-testid="frame-filter-help-row"][data-term="${term}"]`)).toHaveCount(1);
  }
  await ui.screenshot(info, 'filter-help');
  await help.locator('[data-testid="frame-filter-help-row"][data-term="has:finding"]').getByTestId('frame-filter-example').click();
  await expect(help).toHaveCount(0);
  await expect(page.getByTestId('frame-filter')).toHaveValue('has:finding');
});

test('is:error shows the failed response only; is:failed (and the Kind "failed pairs") adds the request it answers', async ({
  page,
}, info) => {
  const ui = await openDemo(page);
  await sendFromComposer(page, 'resources/read', 'rpc-error'); // file:///example.txt is no demo resource
  await page.getByTestId('tab-frames').click();
  await filterBy(page, 'is:error');
  await expect(filterRows(page)).toHaveCount(1);
  await expect(filterRows(page)).toHaveAttribute('data-dir', 'in');
  await expect(filterRows(page)).toHaveAttribute('data-method', 'resources/read');
  await ui.screenshot(info, 'filter-is-error');
  await filterBy(page, 'is:failed');
  await expect(filterRows(page)).toHaveCount(2);
  await expect(filterRows(page).nth(0)).toHaveAttribute('data-dir', 'out');
  await expect(filterRows(page).nth(1)).toHaveAttribute('data-dir', 'in');
  await ui.screenshot(info, 'filter-is-failed');
  await filterBy(page, '');
  await page.getByTestId('frame-kind').selectOption('failed');
  await expect(filterRows(page)).toHaveCount(2);
});

test('uploading a trace opens it offline; a file that fails says why and the others still open', async ({
  page,
  expectConsoleError,
}, info) => {
  expectConsoleError(/Failed to load resource: the server responded with a status of 4\d\d/); // the broken file, refused on purpose
  const ui = await openDemo(page);
  await page.getByTestId('tab-traces').click();
  await page.getByTestId('trace-file-input').setInputFiles(traceFile('uploaded-one'));
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  const selected = page.locator('[data-testid="session-item"][aria-selected="true"]');
  await expect(selected.getByTestId('offline-badge')).toHaveCount(1);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(ui.frameRows()).toHaveCount(4);
  await ui.screenshot(info, 'upload-opened');

  await page.getByTestId('tab-traces').click();
  const broken = join(dir, 'broken.ndjson');
  writeFileSync(broken, '{"not":"a trace"}\n');
  await page.getByTestId('trace-file-input').setInputFiles([broken, traceFile('uploaded-two')]);
  const problem = page.getByTestId('trace-upload-error');
  await expect(problem).toContainText('Could not upload broken.ndjson:');
  await expect(problem).toContainText('uploaded-two.ndjson');
  await expect(page.getByTestId('tab-traces')).toHaveAttribute('aria-selected', 'true'); // stays to say why
  await expect(page.getByTestId('session-item').filter({ has: page.getByTestId('offline-badge') })).toHaveCount(2);
  // Both uploads are listed by what their server called itself (one name per session).
  await expect(page.getByTestId('trace-item').filter({ hasText: 'fixture v1.0.0' })).toHaveCount(2);
  await ui.screenshot(info, 'upload-failed');
});

test('the hex view of a blob is not cut at 1280×800: every column in view, scrolled sideways only when narrower', async ({
  page,
}, info) => {
  const ui = await openDemo(page);
  const res = new PrimitivesPage(page, app);
  await res.openTab('resources');
  const image = await res.readResource('demo://static/pixel.png', 'image');
  await image.getByRole('button', { name: 'Hex' }).click();
  const hex = image.getByTestId('resource-hex');
  await expect(hex).toContainText('89 50 4e 47');
  const fit = await hex.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const ascii = el.querySelector('[data-testid="hex-ascii"]')!.getBoundingClientRect();
    return { overflow: el.scrollWidth - el.clientWidth, asciiRight: ascii.right, boxRight: box.right, viewport: innerWidth };
  });
  expect(fit.overflow).toBeLessThanOrEqual(0);
  expect(fit.asciiRight).toBeLessThanOrEqual(fit.boxRight);
  expect(fit.boxRight).toBeLessThanOrEqual(fit.viewport);
  await expect(hex.getByTestId('hex-ascii').first()).toHaveText(/^\.PNG/);
  await ui.screenshot(info, 'hex-1280');
  // Wide: 16 bytes a row.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(hex).toHaveAttribute('data-bytes-per-row', '16');
  await ui.screenshot(info, 'hex-1920');
});

test('Ctrl+Enter in the Composer sends after switching sessions and views', async ({ page }) => {
  await openDemo(page);
  const demo = (await page.getByTestId('session-item').first().getAttribute('data-session-id'))!;
  const created = await page.request.post(`${app.origin}/api/sessions`, {
    headers: { Authorization: `Bearer ${app.token}` },
    data: { config: { transport: 'stdio', name: 'everything', command: process.execPath, args: [everythingEntry(), 'stdio'] } },
  });
  const everything = ((await created.json()) as { session: { id: string } }).session.id;
  const select = async (id: string) => {
    await page.locator(`[data-testid="session-item"][data-session-id="${id}"]`).click();
    await expect(page.locator(`[data-testid="session-item"][data-session-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');
  };
  const editor = page.locator('[data-testid="composer-editor"] .monaco-editor');

  await select(demo);
  await page.getByTestId('tab-composer').click();
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect.poll(() => composerSends(page, demo)).toBe(1);

  await select(everything);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await expect(editor).toBeVisible();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect.poll(() => composerSends(page, everything)).toBe(1);

  await select(demo);
  await expect(editor).toBeVisible();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect.poll(() => composerSends(page, demo)).toBe(2);

  // Away to Frames and back: the focus is on the view's tab, not in the editor.
  await page.getByTestId('tab-frames').click();
  await page.getByTestId('tab-composer').click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect.poll(() => composerSends(page, demo)).toBe(3);
  expect(await composerSends(page, everything)).toBe(1);
});

test('a replay reports where it was started: under the trace in Traces, under the Replay button in Frames', async ({ page }, info) => {
  const ui = await openDemo(page);
  await sendFromComposer(page, 'tools/list', 'ok');
  const demo = (await page.getByTestId('session-item').first().getAttribute('data-session-id'))!;

  // Frames: the detail's Replay, the result right under it.
  await page.getByTestId('tab-frames').click();
  await ui.frameRows('tools/list', 'out').last().click();
  await page.getByTestId('frame-detail-replay').click();
  const inDetail = page.getByTestId('frame-detail').getByTestId('frame-detail-replay-result');
  await expect(inDetail).toHaveAttribute('data-state', 'ok');
  await expect(inDetail).toBeInViewport();
  await expect(page.getByTestId('frame-replay-status')).toContainText('answered');
  await ui.screenshot(info, 'replay-frames');

  // Traces: the report under the trace whose Replay was clicked, in view and focused.
  await page.getByTestId('tab-traces').click();
  const liveId = (await page
    .getByTestId('trace-item')
    .filter({ has: page.getByTestId('trace-live') })
    .getAttribute('data-id'))!;
  const live = page.locator(`[data-testid="trace-item"][data-id="${liveId}"]`);
  await live.getByTestId('replay-run').click();
  await page.getByTestId('replay-confirm').click();
  const report = live.getByTestId('replay-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report).toBeInViewport();
  await expect(live.getByTestId('replay-slot')).toBeFocused();
  await expect(page.getByTestId('replay-status')).toContainText('passed');
  await ui.screenshot(info, 'replay-traces');
  await report.getByTestId('replay-show-session').click();
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid="session-item"][aria-selected="true"]')).not.toHaveAttribute('data-session-id', demo);
});

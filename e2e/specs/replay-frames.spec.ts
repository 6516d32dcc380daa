import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { PrimitivesPage } from '../fixtures/primitives';
import { ToolsPage } from '../fixtures/tools';

/**
 * Any outgoing request in the frame log can be replayed as is (a new id,
 * origin `frames: replay #N`, its response paired) or edited and replayed from the Composer;
 * Tools/Resources/Prompts history entries do the same; pinned frames stay above the log.
 */
let app: Launched | undefined;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  app = undefined;
});

async function openDemo(page: Page) {
  app = await launchMcpscope(['--demo']);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('modern');
  return { ui, tools: new ToolsPage(page), primitives: new PrimitivesPage(page, app) };
}

const row = (page: Page, seq: string | number) => page.locator(`[data-testid="frame-row"][data-seq="${seq}"]`);

/** Replaces the Composer's text by pasting, as a user would (typing gets auto-closed by Monaco). */
async function pasteIntoComposer(page: Page, text: string) {
  const editor = page.locator('[data-testid="composer-editor"] .monaco-editor');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** The Composer's draft as JSON (Monaco's model, through the copy of the editor text). */
async function composerDraft(page: Page): Promise<unknown> {
  const editor = page.locator('[data-testid="composer-editor"] .monaco-editor');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  return JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
}

async function expectReplayPair(page: Page, originalSeq: string, method: string): Promise<Locator> {
  const banner = page.getByTestId('frame-replay-result');
  await expect(banner).toHaveAttribute('data-state', 'ok');
  await expect(banner).toHaveAttribute('data-response', /\d+/);
  const requestSeq = (await banner.getAttribute('data-request'))!;
  const responseSeq = (await banner.getAttribute('data-response'))!;
  const request = row(page, requestSeq);
  await expect(request).toHaveAttribute('data-method', method);
  await expect(request).toHaveAttribute('data-dir', 'out');
  await expect(request.getByTestId('frame-origin')).toHaveText(`you · frames: replay #${originalSeq}`);
  await expect(row(page, originalSeq)).not.toHaveAttribute('data-id', (await request.getAttribute('data-id'))!);
  // Paired: the response answers the new id, and the detail jumps from one to the other.
  await expect(row(page, responseSeq)).toHaveAttribute('data-id', (await request.getAttribute('data-id'))!);
  await page.getByTestId('frame-replay-request').click();
  await expect(page.getByTestId('frame-detail')).toHaveAttribute('data-seq', requestSeq);
  await expect(page.getByTestId('frame-detail-goto')).toHaveText(`Go to response #${responseSeq} ↗`);
  return request;
}

test('replay a tools/call from the log; edit and replay it from the Composer with a changed argument', async ({ page }, info) => {
  const { ui, tools } = await openDemo(page);
  await tools.open();
  await tools.select('echo');
  await tools.fill('message', 'first');
  await (await tools.call()).waitFor();
  await tools.expectOutcome('result');

  await page.getByTestId('tab-frames').click();
  const original = ui.frameRows('tools/call', 'out').first();
  const seq = (await original.getAttribute('data-seq'))!;
  // The row's context menu: Replay.
  await original.click({ button: 'right' });
  await expect(page.getByTestId('frame-menu')).toContainText(`Frame #${seq}`);
  await ui.screenshot(info, 'replay-row-menu');
  await page.getByTestId('frame-menu-replay').click();
  await expect(ui.frameRows('tools/call', 'out')).toHaveCount(2);
  const replayed = await expectReplayPair(page, seq, 'tools/call');
  await page
    .getByTestId('frame-detail')
    .getByRole('button', { name: /Expand/ })
    .click();
  await expect(page.getByTestId('frame-detail')).toContainText('"first"');
  await ui.screenshot(info, 'replay-paired');

  // The detail's button replays too; an incoming frame offers none.
  await original.click();
  await page.getByTestId('frame-detail-replay').click();
  await expect(ui.frameRows('tools/call', 'out')).toHaveCount(3);
  await ui.frameRows('tools/call', 'in').first().click();
  await expect(page.getByTestId('frame-detail')).toBeVisible();
  await expect(page.getByTestId('frame-detail-replay')).toHaveCount(0);
  await expect(page.getByTestId('frame-detail-edit')).toHaveCount(0);

  // Edit and replay: the Composer opens with the message (no id), focused; change an argument, send.
  const replayedSeq = (await replayed.getAttribute('data-seq'))!;
  await replayed.click();
  await page.getByTestId('frame-detail-edit').click();
  await expect(page.getByTestId('tab-composer')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('composer-prefill')).toContainText(`frame #${replayedSeq}`);
  await expect(page.locator('[data-testid="composer-editor"] .monaco-editor')).toHaveClass(/focused/);
  const draft = (await composerDraft(page)) as { id?: unknown; method: string; params: { name: string; arguments: { message: string } } };
  expect(draft.id).toBeUndefined();
  expect(draft.method).toBe('tools/call');
  expect(draft.params.arguments).toEqual({ message: 'first' });
  await ui.screenshot(info, 'edit-and-replay-composer');
  await pasteIntoComposer(
    page,
    JSON.stringify({ ...draft, params: { ...draft.params, arguments: { message: 'changed by edit' } } }, null, 2),
  );
  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('composer-response')).toHaveAttribute('data-state', 'ok');
  await page
    .getByTestId('composer-response')
    .getByRole('button', { name: /Expand/ })
    .click();
  await expect(page.getByTestId('composer-response')).toContainText('changed by edit');
  await page.getByTestId('tab-frames').click();
  const edited = ui.frameRows('tools/call', 'out').last();
  await expect(edited.getByTestId('frame-origin')).toHaveText(`you · composer: edit of frame #${replayedSeq}`);
  await edited.click();
  await page
    .getByTestId('frame-detail')
    .getByRole('button', { name: /Expand/ })
    .click();
  await expect(page.getByTestId('frame-detail')).toContainText('changed by edit');
  await ui.screenshot(info, 'edit-and-replay-sent');
});

test('replay and edit from the Tools, Resources and Prompts histories', async ({ page }, info) => {
  const { ui, tools, primitives } = await openDemo(page);
  // Tools: Re-run is the replay; Edit opens the tools/call in the Composer.
  await tools.open();
  await tools.select('echo');
  await tools.fill('message', 'from history');
  await (await tools.call()).waitFor();
  await page.getByTestId('tool-history-rerun').first().click();
  await expect(page.getByTestId('tool-history-item')).toHaveCount(2);
  await page.getByTestId('tool-history-edit').first().click();
  await expect(page.getByTestId('composer-prefill')).toContainText('Tools history (echo)');
  expect(await composerDraft(page)).toEqual({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'from history' } } });

  // Resources: a read is recorded; Re-run reads again (a new resources/read frame).
  await primitives.openTab('resources');
  await primitives.readResource('demo://static/hello.txt', 'text');
  const history = page.getByTestId('resource-history-item');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText('demo://static/hello.txt');
  await primitives.readResource('demo://static/config.json', 'json');
  await expect(history).toHaveCount(2);
  await history.nth(1).getByTestId('resource-history-rerun').click();
  await expect(history).toHaveCount(3);
  await expect(history.first()).toContainText('demo://static/hello.txt');
  await expect(primitives.content('text')).toContainText('Hello from the mcpscope demo server.');
  await ui.screenshot(info, 'resources-history');
  await history.first().getByTestId('resource-history-edit').click();
  await expect(page.getByTestId('composer-prefill')).toContainText('Resources history');
  expect(await composerDraft(page)).toEqual({ method: 'resources/read', params: { uri: 'demo://static/hello.txt' } });

  // Prompts: the same with a prompt and its arguments.
  await primitives.openTab('prompts');
  await primitives.prompt('greeting').click();
  await page.getByTestId('prompt-get').click();
  await expect(primitives.messages()).toHaveCount(2);
  const gets = page.getByTestId('prompt-history-item');
  await expect(gets).toHaveCount(1);
  await gets.first().getByTestId('prompt-history-rerun').click();
  await expect(gets).toHaveCount(2);
  await ui.screenshot(info, 'prompts-history');
  await gets.first().getByTestId('prompt-history-edit').click();
  expect(await composerDraft(page)).toEqual({ method: 'prompts/get', params: { name: 'greeting' } });

  // Every one of them went out as its tab's request: two reads of hello.txt, two prompts/get.
  await page.getByTestId('tab-frames').click();
  await expect(ui.frameRows('resources/read', 'out')).toHaveCount(3);
  await expect(ui.frameRows('prompts/get', 'out')).toHaveCount(2);
  await expect(ui.frameRows('tools/call', 'out')).toHaveCount(2);
});

test('a pinned frame stays above the log while it scrolls; a click selects it in the log', async ({ page }, info) => {
  const { ui } = await openDemo(page);
  const first = ui.frameRows('server/discover', 'out');
  await expect(first).toHaveCount(1);
  const seq = (await first.getAttribute('data-seq'))!;
  await first.hover();
  await first.getByTestId('frame-pin').click();
  const pinned = page.locator(`[data-testid="frame-pin-item"][data-seq="${seq}"]`);
  await expect(pinned).toBeVisible();
  await expect(first).toHaveAttribute('data-pinned', 'true');

  // Enough frames to scroll: 400 pings through the proxy's raw path (800 frames).
  const sessionId = (await page.getByTestId('session-item').first().getAttribute('data-session-id'))!;
  for (let batch = 0; batch < 20; batch++) {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        page.request.post(`${app!.origin}/api/sessions/${sessionId}/messages`, {
          headers: { Authorization: `Bearer ${app!.token}` },
          data: { message: { method: 'ping' } },
        }),
      ),
    );
  }
  await expect
    .poll(async () => Number((await page.getByTestId('frame-count').textContent())!.replace(/\D/g, '')))
    .toBeGreaterThanOrEqual(800);
  const list = page.getByTestId('frame-list');
  await list.evaluate((el) => void (el.scrollTop = el.scrollHeight));
  await expect(row(page, seq)).toHaveCount(0); // virtualized: far out of view
  await expect(pinned).toBeVisible();
  await expect(pinned).toContainText('server/discover');
  await ui.screenshot(info, 'pinned-while-scrolled');

  await pinned.click();
  await expect(row(page, seq)).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, seq)).toBeInViewport();
  await expect(page.getByTestId('frame-detail')).toHaveAttribute('data-seq', seq);
  await ui.screenshot(info, 'pinned-selected');

  // Pins belong to the session and survive a reload of the page; unpinning removes them.
  await page.reload();
  await expect(pinned).toBeVisible();
  await pinned.getByTestId('frame-pin-remove').click();
  await expect(page.getByTestId('frame-pins')).toHaveCount(0);
});

const CHATTY = fileURLToPath(new URL('../fixtures/chatty-server.mjs', import.meta.url));

test('a pinned frame that left memory is paged back from disk when clicked', async ({ page }, info) => {
  test.setTimeout(240_000);
  const FLOOD = 20_000;
  app = await launchMcpscope(['--memory-budget', '1', '--', process.execPath, CHATTY, String(FLOOD)]);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  await expect
    .poll(async () => Number((await page.getByTestId('frame-count').textContent())!.replace(/\D/g, '')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(FLOOD + 3);
  await expect(page.getByTestId('frame-memory')).toContainText('older frames on disk');

  // Scrolling up from the end, 100 screens, without a pin and then with one: the same work.
  const list = page.getByTestId('frame-list');
  const scrollUp = () =>
    list.evaluate(async (el) => {
      el.scrollTop = el.scrollHeight;
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      const t0 = performance.now();
      let frames = 0;
      for (; frames < 100 && el.scrollTop > 0; frames++) {
        el.scrollTop = Math.max(0, el.scrollTop - el.clientHeight);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      return { frames, ms: (performance.now() - t0) / frames };
    });
  const without = await scrollUp();
  await list.evaluate((el) => void (el.scrollTop = 0));

  // At the top (read back from disk): pin the initialize request there.
  const init = ui.frameRows('initialize', 'out');
  await expect(init).toHaveCount(1);
  const seq = (await init.getAttribute('data-seq'))!;
  await init.click({ button: 'right' });
  await page.getByTestId('frame-menu-pin').click();
  const pinned = page.locator(`[data-testid="frame-pin-item"][data-seq="${seq}"]`);
  await expect(pinned).toBeVisible();

  const withPin = await scrollUp();
  await list.evaluate((el) => void (el.scrollTop = el.scrollHeight));
  const note = `scrolling ${FLOOD} frames up a screen at a time (${withPin.frames} screens): ${without.ms.toFixed(1)} ms a screen without a pin, ${withPin.ms.toFixed(1)} ms with one`;
  console.log(note);
  info.annotations.push({ type: 'scroll', description: note });
  await list.focus();
  await page.keyboard.press('End');
  await expect(row(page, seq)).toHaveCount(0);
  await expect(pinned).toBeVisible();
  await ui.screenshot(info, 'pinned-flood');

  // The pinned frame left memory: a click scrolls to its ordinal, pages it back and selects it.
  await pinned.click();
  await expect(row(page, seq)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('frame-detail')).toHaveAttribute('data-seq', seq);
  await expect(page.getByTestId('frame-detail')).toContainText('initialize');
  await ui.screenshot(info, 'pinned-flood-selected');
});

/** A recorded session (trace v1) with one tools/call of echo, written to `file`. */
function echoTrace(file: string): string {
  const sessionId = 'fx-recorded';
  const frame = (seq: number, t: number, dir: 'in' | 'out', msg: object) => ({
    type: 'frame',
    seq,
    t,
    sessionId,
    dir,
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
      session: { id: sessionId, name: 'recorded', transport: 'stdio', target: 'node fixture.js' },
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
    frame(3, 11, 'out', { jsonrpc: '2.0', method: 'notifications/initialized' }),
    frame(4, 20, 'out', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'recorded' } } }),
    frame(5, 30, 'in', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'recorded' }] } }),
  ];
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}

test('a trace: Replay is disabled and says why; Edit and replay sends it from the live session', async ({ page }, info) => {
  const { ui } = await openDemo(page);
  await page.getByTestId('tab-traces').click();
  await page.getByTestId('trace-file-input').setInputFiles(echoTrace(info.outputPath('recorded.ndjson')));
  // The upload opens it offline, in Frames.
  await expect(page.getByTestId('session-item').filter({ has: page.getByTestId('offline-badge') })).toHaveCount(1);
  await expect(page.getByTestId('tab-frames')).toHaveAttribute('aria-selected', 'true');
  await ui.frameRows('tools/call', 'out').click();
  const replay = page.getByTestId('frame-detail-replay');
  await expect(replay).toHaveAttribute('aria-disabled', 'true');
  await expect(replay).toHaveAttribute('title', /opened from a trace: nothing is sent to a recording/);
  await expect(page.getByTestId('frame-detail-edit')).toHaveAttribute('title', /live session “demo v\d+\.\d+\.\d+”/); // its label (lib/sessionLabel.ts)
  await ui.frameRows('tools/call', 'out').click({ button: 'right' });
  await expect(page.getByTestId('frame-menu-replay')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('frame-menu-edit')).toHaveText(/^✎ Edit and replay in “demo v\d+\.\d+\.\d+”…$/);
  await ui.screenshot(info, 'trace-frame-menu');
  await page.getByTestId('frame-menu-edit').click();

  // The live demo session is shown, its Composer holds the recorded message: nothing was sent yet.
  await expect(page.getByTestId('tab-composer')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('composer-prefill')).toContainText('trace frame #4');
  await expect(page.getByTestId('session-item').filter({ hasText: 'demo' })).toHaveAttribute('aria-selected', 'true');
  expect(await composerDraft(page)).toEqual({
    jsonrpc: '2.0',
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: 'recorded' } },
  });
  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('composer-response')).toHaveAttribute('data-state', 'ok');
  await page.getByTestId('tab-frames').click();
  await expect(ui.frameRows('tools/call', 'out').last().getByTestId('frame-origin')).toHaveText('you · composer: edit of trace frame #4');
  await ui.screenshot(info, 'trace-edit-sent-live');
});

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  APP_SERVERS,
  AppsPage,
  appServerArgs,
  findingsOf,
  method,
  params,
  responseOf,
  watchOwnErrors,
  watchPopups,
} from '../fixtures/apps';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { ToolsPage } from '../fixtures/tools';

/**
 * MCP Apps (ext-apps 2026-01-26) rendered by mcpscope as the host, end to end with the
 * published example servers (pinned 2.0.3) and a hostile app (e2e/fixtures/hostile-app-server.mjs).
 * The app runs in a sandbox iframe of another origin; its postMessage conversation with mcpscope
 * is recorded as app-channel frames, its server requests as ordinary frames with origin
 * `app: <uri>`. Set UPDATE_SCREENSHOTS=1 to rewrite docs/mcp-apps.png.
 */
const SCREENSHOT = fileURLToPath(new URL('../../docs/mcp-apps.png', import.meta.url));

let app: Launched;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
});

async function open(page: Page, entry: string) {
  app = await launchMcpscope(appServerArgs(entry));
  const errors = watchOwnErrors(page, app.origin);
  await page.goto(app.url);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  const tools = new ToolsPage(page);
  await tools.open();
  return { tools, apps: new AppsPage(page, app), errors };
}

test.describe('MCP Apps — published example servers', () => {
  test('server-basic-vanillajs: get-time renders its app, which calls the server through mcpscope; the conversation is in the frame log', async ({
    page,
  }, info) => {
    const URI = 'ui://get-time/mcp-app.html';
    const { tools, apps, errors } = await open(page, APP_SERVERS.vanillajs);
    await expect(tools.item('get-time').getByTestId('tool-ui-badge')).toBeVisible();

    await tools.select('get-time');
    await tools.call();
    await tools.expectOutcome('result');
    await apps.expectReady(URI);
    await expect(apps.view(URI).getByTestId('app-csp')).toBeVisible();

    // The app shows the time of the call's result (host → app ui/notifications/tool-result).
    const first = await apps.waitForServerFrame(
      (f) => f.dir === 'in' && typeof (f.msg?.result as { structuredContent?: { time?: unknown } })?.structuredContent?.time === 'string',
      'the get-time result',
    );
    const firstTime = (first.msg!.result as { structuredContent: { time: string } }).structuredContent.time;
    await expect(apps.inner().locator('#server-time')).toHaveText(firstTime);
    await apps.waitForAppFrame((f) => f.dir === 'out' && method(f) === 'ui/notifications/tool-result', 'tool-result sent to the app');
    if (process.env.UPDATE_SCREENSHOTS === '1') {
      mkdirSync(fileURLToPath(new URL('../../docs/', import.meta.url)), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
    }
    const shot = info.outputPath('mcp-apps-vanillajs.png');
    await page.screenshot({ path: shot });
    await info.attach('mcp-apps-vanillajs', { path: shot, contentType: 'image/png' });

    // The app's button calls get-time on the server, through mcpscope, marked as the app's.
    await apps.inner().getByRole('button', { name: 'Get Server Time' }).click();
    const byApp = await apps.waitForServerFrame(
      (f) => f.dir === 'out' && method(f) === 'tools/call' && (f.origin?.reason ?? '').startsWith('app: ui://'),
      'a tools/call from the app',
    );
    expect(byApp.origin).toEqual({ by: 'user', reason: `app: ${URI}` });
    expect(params(byApp).name).toBe('get-time');
    const second = await apps.waitForServerFrame(
      (f) => f.dir === 'in' && f.msg?.id === byApp.msg?.id && f.seq > byApp.seq,
      'the app call result',
    );
    await expect(apps.inner().locator('#server-time')).toHaveText(
      (second.msg!.result as { structuredContent: { time: string } }).structuredContent.time,
    );

    // Frame log: the app's tools/call row says who sent it; app rows have ui/initialize and its reply with a latency.
    await apps.openFrames('');
    await expect(
      page
        .locator(`[data-testid="frame-row"][data-method="tools/call"][data-dir="out"]:not([data-channel="app"])`)
        .filter({ hasText: `app: ${URI}` }),
    ).toHaveCount(1);
    await expect(page.locator('[data-testid="frame-row"]:not([data-channel="app"])').first()).toBeVisible();
    await apps.openFrames('channel:app');
    await expect(apps.appRows('ui/initialize', 'in')).toHaveCount(1);
    const reply = apps.appRows('ui/initialize', 'out');
    await expect(reply).toHaveCount(1);
    await expect(reply).toHaveAttribute('data-kind', 'response');
    await expect(reply).toContainText(/\d(\.\d+)? (ms|s)/);
    await expect(apps.appRows('ui/notifications/initialized', 'in')).toHaveCount(1);
    await expect(apps.appRows().filter({ hasText: URI }).first()).toBeVisible();
    // channel:app keeps only app rows.
    await expect(page.locator('[data-testid="frame-row"]:not([data-channel="app"])')).toHaveCount(0);
    expect(await page.getByTestId('frame-row').count()).toBeGreaterThan(3);
    await new McpscopeApp(page).screenshot(info, 'mcp-apps-frame-log');
    await apps.openFrames('');

    // Theme: mcpscope dark → the app is told (host-context-changed) and applies it to its document.
    await apps.openTools();
    const toggle = page.getByTestId('theme-toggle');
    for (let i = 0; i < 3 && (await toggle.getAttribute('data-theme-preference')) !== 'dark'; i++) await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-preference', 'dark');
    await apps.waitForAppFrame(
      (f) => f.dir === 'out' && method(f) === 'ui/notifications/host-context-changed' && params(f).theme === 'dark',
      'host-context-changed with theme dark',
    );
    await expect(apps.inner().locator('html')).toHaveAttribute('data-theme', 'dark');
    await new McpscopeApp(page).screenshot(info, 'mcp-apps-vanillajs-dark');
    await apps.openFrames('channel:app');
    await expect(apps.appRows('ui/notifications/host-context-changed', 'out').first()).toBeVisible();

    // A published app talking to mcpscope by the spec gets no findings.
    expect(findingsOf(await apps.appFrames(URI))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('server-budget-allocator: renders and the frame follows the size the app asks for', async ({ page }, info) => {
    const URI = 'ui://budget-allocator/mcp-app.html';
    const { tools, apps, errors } = await open(page, APP_SERVERS.budget);
    await expect(tools.item('get-budget-data').getByTestId('tool-ui-badge')).toBeVisible();
    await tools.select('get-budget-data');
    await apps.recordFrameHeights();
    await tools.call();
    await tools.expectOutcome('result');
    await apps.expectReady(URI);
    await expect(apps.inner().locator('#status-bar')).toContainText(/Allocated: \$[\d,.]+\w* \/ \$[1-9]/);
    await expect(apps.inner().locator('#sliders-container > *').first()).toBeVisible();

    // The frame's height is the one the app's last size-changed said (the app keeps sending them).
    await apps.waitForAppFrame((f) => f.dir === 'in' && method(f) === 'ui/notifications/size-changed', 'a size-changed');
    await expect.poll(() => apps.heightMatch(URI), { message: 'the app frame has the height of the last size-changed' }).toBe('match');
    const before = await apps.frameHeight();
    // It changed to it: the frame started at mcpscope's initial height, then took the app's.
    const heights = await apps.frameHeights();
    expect(heights.length, `heights seen: ${heights.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect(heights.at(-1)).toBe(before);
    await new McpscopeApp(page).screenshot(info, 'mcp-apps-budget');

    // A narrower window: the app reflows, reports a new size, and the frame follows it again.
    const sizesBefore = (await apps.appFrames(URI)).filter((f) => method(f) === 'ui/notifications/size-changed').length;
    await page.setViewportSize({ width: 900, height: 900 });
    await expect
      .poll(async () => (await apps.appFrames(URI)).filter((f) => method(f) === 'ui/notifications/size-changed').length)
      .toBeGreaterThan(sizesBefore);
    await expect.poll(() => apps.heightMatch(URI), { message: 'the app frame follows the new size-changed' }).toBe('match');
    info.annotations.push({ type: 'heights', description: `${before}px at 1440 wide, ${await apps.frameHeight()}px at 900 wide` });
    await new McpscopeApp(page).screenshot(info, 'mcp-apps-budget-narrow');

    expect(findingsOf(await apps.appFrames(URI))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('server-basic-react: renders the time and calls the server from its button', async ({ page }) => {
    const URI = 'ui://get-time/mcp-app.html';
    const { tools, apps, errors } = await open(page, APP_SERVERS.react);
    await tools.select('get-time');
    await tools.call();
    await apps.expectReady(URI);
    await expect(apps.inner().locator('code')).toHaveText(/^\d{4}-\d\d-\d\dT/);
    await apps.inner().getByRole('button', { name: 'Get Server Time' }).click();
    await apps.waitForServerFrame(
      (f) => f.dir === 'out' && method(f) === 'tools/call' && f.origin?.reason === `app: ${URI}`,
      'a tools/call from the React app',
    );
    expect(errors).toEqual([]);
  });
});

test('a hostile app reaches neither mcpscope nor its token, cannot navigate, pop up or call a model-only tool', async ({
  page,
  context,
  expectConsoleError,
}, info) => {
  expectConsoleError(
    /violates the (following Content Security Policy directive|document's Content Security Policy)|Unsafe attempt to initiate navigation|Blocked opening/,
  ); // the app's attempts, reported by its frames
  const URI = 'ui://hostile/app.html';
  const popups = watchPopups(context);
  const { tools, apps, errors } = await open(page, APP_SERVERS.hostile);
  const startUrl = page.url();
  await expect(tools.item('hostile').getByTestId('tool-ui-badge')).toBeVisible();
  await expect(tools.item('report').getByTestId('tool-app-only-badge')).toBeVisible();
  await expect(tools.item('secret').getByTestId('tool-app-only-badge')).toHaveCount(0);

  await tools.select('hostile');
  await tools.call();
  await tools.expectOutcome('result');
  await apps.expectReady(URI);

  // The app's report reached the server as an app-only tools/call, marked as the app's.
  const report = await apps.waitForServerFrame(
    (f) => f.dir === 'out' && method(f) === 'tools/call' && params(f).name === 'report',
    'the app report',
  );
  expect(report.origin).toEqual({ by: 'user', reason: `app: ${URI}` });
  await expect(apps.inner().locator('#status')).toHaveText('reported');
  const o = (params(report).arguments as { outcomes: Record<string, { ok: boolean; value?: unknown; error?: unknown }> }).outcomes;
  await info.attach('hostile-outcomes.json', { body: JSON.stringify(o, null, 2), contentType: 'application/json' });

  expect(o.initialize).toMatchObject({ ok: true, value: { protocolVersion: '2026-01-26' } });
  // It runs on the sandbox origin, not mcpscope's: mcpscope's document, location and storage are out of reach.
  const where = o.whereAmI.value as { origin: string; ancestorOrigins: string[] };
  expect(where.origin).not.toBe(app.origin);
  expect(where.ancestorOrigins).toContain(app.origin);
  if (o.parentDocument.ok) expect((o.parentDocument.value as { origin: string }).origin).not.toBe(app.origin); // the sandbox proxy: same origin as the app
  for (const name of ['parentParentDocument', 'topDocument', 'topHref', 'topSessionStorage', 'topLocalStorage']) {
    expect(o[name], name).toMatchObject({ ok: false, error: expect.stringMatching(/^SecurityError/) });
  }
  // The API: blocked for every origin it found (CSP connect-src, and it has no token anyway).
  const apiFetch = o.apiFetch as unknown as Record<string, { ok: boolean }>;
  expect(Object.keys(apiFetch)).toContain(app.origin);
  for (const [origin, outcome] of Object.entries(apiFetch)) expect(outcome.ok, `fetch ${origin}/api/sessions`).toBe(false);
  expect(o.exampleFetch.ok).toBe(false);
  expect(o.imageLoad.ok).toBe(false);
  expect(o.cspViolations as unknown as string[]).toEqual(
    expect.arrayContaining([
      `connect-src ${app.origin}/api/sessions`,
      'connect-src https://example.com/',
      'img-src https://example.com/pixel.png',
    ]),
  );
  // No popup, no navigation of mcpscope's tab.
  expect(o.windowOpen).toEqual({ ok: true, value: null });
  expect(o.topNavigate).toMatchObject({ ok: false, error: expect.stringMatching(/^SecurityError/) });
  expect(popups).toEqual([]);
  expect(page.url()).toBe(startUrl);
  await expect(page.getByTestId('status-state')).toContainText('connected');
  // The model-only tool: refused by the host with a JSON-RPC error, never sent to the server.
  expect(o.secretCall.ok).toBe(false);
  expect(o.secretCall.error).toMatchObject({ code: expect.any(Number), message: expect.any(String) });

  const frames = await apps.frames();
  const appFrames = frames.filter((f) => f.channel === 'app');
  const secretAsk = appFrames.find((f) => f.dir === 'in' && method(f) === 'tools/call' && params(f).name === 'secret');
  expect(secretAsk, 'the app asked for secret').toBeDefined();
  expect(responseOf(appFrames, secretAsk!)?.msg?.error).toMatchObject({ code: expect.any(Number) });
  expect(secretAsk!.findings ?? []).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'app-tool-not-callable' })]));
  expect(frames.filter((f) => f.channel === undefined && method(f) === 'tools/call' && params(f).name === 'secret')).toEqual([]);
  const recorded = await callReports(page, apps);
  expect(recorded.secretCalls).toEqual([]);
  expect(recorded.reports).toHaveLength(1);

  // What was dropped never arrived anywhere: a wrong targetOrigin, a message straight to the top
  // window (not through the sandbox proxy) and a forged sandbox-resource-ready.
  const everything = JSON.stringify(frames);
  for (const mark of ['HOSTILE-MARK-evil-origin', 'HOSTILE-MARK-direct', 'HOSTILE-MARK-forged'])
    expect(everything, mark).not.toContain(mark);
  expect(JSON.stringify(o)).not.toContain(app.token);
  expect(JSON.stringify(appFrames)).not.toContain(app.token);
  expect(everything).not.toContain(app.token);

  // Visible: the refused call is an error row on the app channel in the frame log.
  await apps.openFrames('channel:app');
  await expect(apps.appRows('tools/call', 'out').and(page.locator('[data-kind="error"]'))).toHaveCount(1);
  await expect(apps.appRows('tools/call', 'in').filter({ has: page.getByTestId('frame-finding') })).toHaveCount(1);
  await new McpscopeApp(page).screenshot(info, 'mcp-apps-hostile-frames');
  await apps.openTools();
  // And in the app view's host log, next to the app.
  await expect(apps.view(URI).getByTestId('app-host-log')).toContainText(/secret[\s\S]*visibility/);
  await new McpscopeApp(page).screenshot(info, 'mcp-apps-hostile');

  // Script the app ran in the sandbox proxy (same origin by design) spoke as the proxy; the host
  // kept the view as it was.
  info.annotations.push({ type: 'relayScript', description: JSON.stringify(o.relayScript) });
  await expect(apps.view(URI)).toHaveAttribute('data-state', 'ready');
  await expect(apps.inner().locator('#status')).toHaveText('reported');

  expect(page.url()).toBe(startUrl);
  expect(popups).toEqual([]);
  expect(errors).toEqual([]);
});

/** The hostile server's own record (tool `reports`), asked through mcpscope's API as the user. */
async function callReports(page: Page, apps: AppsPage): Promise<{ reports: unknown[]; secretCalls: unknown[] }> {
  const res = await page.request.post(`${app.origin}/api/sessions/${await apps.sessionId()}/requests`, {
    headers: { Authorization: `Bearer ${app.token}` },
    data: { method: 'tools/call', params: { name: 'reports', arguments: {} } },
  });
  expect(res.status()).toBe(200);
  const reply = (await res.json()) as { outcome: string; result?: { structuredContent?: { reports: unknown[]; secretCalls: unknown[] } } };
  expect(reply.outcome).toBe('result');
  return reply.result!.structuredContent!;
}

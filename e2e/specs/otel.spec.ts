import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';
import { McpscopeApp } from '../fixtures/app';
import { ToolsPage } from '../fixtures/tools';

/**
 * OpenTelemetry in the browser: trace context and "collect server spans" turned on in the Connect
 * form, the demo server (instrumented, exporting to mcpscope's receiver) called from the Tools tab,
 * and the server's own spans nested under the tools/call — in the Timeline and in the frame's
 * detail, live and again after the recorded trace is reopened offline.
 */
let app: Launched;
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpscope-otel-e2e-'));
});
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

/** The tools/call of echo in the Timeline: its bar, and the server's spans nested under it. */
async function expectSpansInTimeline(page: Page): Promise<string> {
  await page.getByTestId('tab-timeline').click();
  const bar = page.locator('[data-testid="timeline-bar"][data-method="tools/call"][data-target="echo"]');
  await expect(bar).toHaveCount(1);
  const seq = (await bar.getAttribute('data-seq'))!;
  const server = page.locator(`[data-testid="timeline-span-row"][data-request-seq="${seq}"][data-name="tools/call echo"]`);
  const child = page.locator(`[data-testid="timeline-span-row"][data-request-seq="${seq}"][data-name="demo.echo.format"]`);
  await expect(server).toHaveAttribute('data-depth', '0');
  await expect(child).toHaveAttribute('data-depth', '1');
  // Directly below the request's own row, in tree order.
  const rows = page.locator('[data-testid="timeline-rows"] [data-testid="timeline-label"], [data-testid="timeline-span-row"]');
  const order = await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.name ?? `bar#${(e as HTMLElement).dataset.seq}`));
  const at = order.indexOf(`bar#${seq}`);
  expect(order.slice(at, at + 3)).toEqual([`bar#${seq}`, 'tools/call echo', 'demo.echo.format']);
  return seq;
}

/** The frame's detail lists the server's spans (name, duration, attributes) and says what mcpscope added. */
async function expectSpansInFrameDetail(page: Page, seq: string): Promise<void> {
  await page.getByTestId('tab-frames').click();
  await page.locator(`[data-testid="frame-row"][data-seq="${seq}"]`).click();
  const detail = page.getByTestId('frame-detail');
  await expect(detail).toHaveAttribute('data-seq', seq);
  await expect(detail.getByTestId('frame-detail-added')).toContainText('params._meta.traceparent');
  const spans = detail.getByTestId('frame-detail-spans');
  await expect(spans.locator('[data-testid="span-item"][data-name="tools/call echo"][data-depth="0"][data-kind="server"]')).toBeVisible();
  const child = spans.locator('[data-testid="span-item"][data-name="demo.echo.format"][data-depth="1"]');
  await expect(child).toBeVisible();
  await expect(child.getByTestId('span-duration')).toHaveText(/\d/);
  await child.getByRole('button').first().click();
  await expect(child.getByTestId('span-attributes')).toContainText('demo.message.length');
  await expect(child.getByTestId('span-attributes')).toContainText('11');
}

test("server spans: trace context and collect server spans on, the demo's child span nested under its tools/call, live and reopened", async ({
  page,
}, info) => {
  // Two sessions' worth of steps (live, then the reopened trace), each with screenshots.
  test.setTimeout(180_000);
  app = await launchMcpscope(['--traces-dir', join(dir, 'traces')]);
  const ui = new McpscopeApp(page);
  await page.goto(app.url);
  await page.getByTestId('conn-trace-context').check();
  await page.getByTestId('conn-collect-spans').check();
  // What the server's environment gets, before anything runs.
  const env = page.getByTestId('conn-otel-env');
  await expect(env).toContainText(`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=${app.origin}/otlp/v1/traces`);
  await expect(env).toContainText('OTEL_EXPORTER_OTLP_TRACES_HEADERS=x-mcpscope-otlp-secret=<a secret made for this session>');
  await ui.screenshot(info, 'otel-connect-form');
  await page.getByTestId('conn-demo').click();
  await ui.expectConnected('modern');
  await expect(page.getByTestId('status-trace-context')).toBeVisible();

  const tools = new ToolsPage(page);
  await tools.open();
  await tools.select('echo');
  await tools.fill('message', 'hello spans');
  await tools.call();
  await tools.expectOutcome('result');

  const seq = await expectSpansInTimeline(page);
  await ui.screenshot(info, 'otel-timeline-live');
  await expectSpansInFrameDetail(page, seq);
  await ui.screenshot(info, 'otel-frame-detail-live');
  await page.getByTestId('tab-spans').click();
  await expect(page.locator(`[data-testid="spans-request"][data-request-seq="${seq}"]`)).toContainText('tools/call echo');
  await ui.screenshot(info, 'otel-spans-view');

  // The recorded trace, reopened offline: the same spans in the same places.
  await page.getByTestId('tab-traces').click();
  await page.getByTestId('trace-item').first().getByTestId('trace-open').click();
  await expect(page.locator('[data-testid="session-item"][aria-selected="true"]').getByTestId('offline-badge')).toHaveCount(1);
  const offlineSeq = await expectSpansInTimeline(page);
  expect(offlineSeq).toBe(seq);
  await ui.screenshot(info, 'otel-timeline-offline');
  await expectSpansInFrameDetail(page, seq);
  await ui.screenshot(info, 'otel-frame-detail-offline');
});

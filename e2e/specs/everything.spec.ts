import { everythingEntry, startEverything, type RunningServer } from '../../packages/engine/test-fixtures/servers';
import { McpscopeApp } from '../fixtures/app';
import { launchMcpscope, test, expect, type Launched } from '../fixtures/mcpscope';

let app: Launched;
let server: RunningServer | undefined;
test.afterEach(async () => {
  expect(await app?.stop()).toBe(0);
  await server?.stop();
  server = undefined;
});

test('server-everything over stdio: initialize handshake and tools/list pair', async ({ page }, info) => {
  app = await launchMcpscope(['--', process.execPath, everythingEntry(), 'stdio']);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('legacy');
  await expect(ui.frameRows('initialize', 'out')).toHaveCount(1);
  await expect(ui.frameRows('initialize', 'in')).toHaveCount(1);
  await expect(ui.frameRows('notifications/initialized', 'out')).toHaveCount(1);
  await ui.sendTemplate('tools/list');
  await expect(ui.frameRows('tools/list', 'in')).toHaveCount(1);
  await ui.openFrame('initialize', 'in');
  await expect(page.getByTestId('frame-detail')).toContainText('protocolVersion');
  await ui.screenshot(info, 'everything-stdio');
});

test('server-everything over Streamable HTTP: initialize handshake and tools/list pair', async ({ page }, info) => {
  server = await startEverything('streamableHttp');
  app = await launchMcpscope(['--url', server.url, '--transport', 'http']);
  await page.goto(app.url);
  const ui = new McpscopeApp(page);
  await ui.expectConnected('legacy');
  await expect(ui.frameRows('initialize', 'out')).toHaveCount(1);
  await ui.sendTemplate('tools/list');
  await expect(ui.frameRows('tools/list', 'in')).toHaveCount(1);
  await ui.openFrame('tools/list', 'in');
  await expect(page.getByTestId('frame-detail')).toContainText('echo');
  await ui.screenshot(info, 'everything-http');
});

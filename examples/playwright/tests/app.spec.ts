import { expect, test } from '@mcpscope/playwright';
import { bin } from './servers';

// The ext-apps example @modelcontextprotocol/server-basic-vanillajs 2.0.3: a tool with a ui:// app,
// rendered by mcpscope as the host (a sandbox of another origin, the real AppBridge).
test.use({ mcpServer: { command: bin('mcp-server-basic-vanillajs'), args: ['--stdio'] } });

const timeOf = (msg: Record<string, unknown> | undefined) =>
  (msg?.result as { structuredContent?: { time?: string } } | undefined)?.structuredContent?.time;

test("get-time renders its app; the app's button calls the server and shows the answer", async ({ mcp, inspector }) => {
  const app = await inspector.app('get-time');
  expect(app.uri).toBe('ui://get-time/mcp-app.html');
  await expect(app.frame.locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/);

  await app.frame.getByRole('button', { name: 'Get Server Time' }).click();
  // The app asked the host, the host sent it to the server as the app's call.
  await expect(mcp).toHaveReceived({ channel: 'app', method: 'tools/call', params: { name: 'get-time' } });
  await expect(mcp).toHaveSent({ method: 'tools/call', params: { name: 'get-time' }, origin: { reason: `app: ${app.uri}` } });

  // What the app shows is the server's answer to that call (waited for: the sent call may be
  // recorded before its answer arrives).
  const answerTo = async () => {
    const frames = await mcp.frames();
    const call = frames.find((f) => f.dir === 'out' && f.method === 'tools/call' && f.origin?.reason === `app: ${app.uri}`);
    return call && frames.find((f) => f.dir === 'in' && f.kind === 'response' && f.msg?.id === call.msg?.id && f.seq > call.seq);
  };
  await expect.poll(async () => (await answerTo()) !== undefined).toBe(true);
  const answer = await answerTo();
  await expect(app.frame.locator('#server-time')).toHaveText(timeOf(answer?.msg)!);

  // The app's conversation with its host, in order.
  const methods = (await app.messages()).map((m) => `${m.dir} ${m.method}`);
  expect(methods.slice(0, 3)).toEqual([
    'in ui/notifications/sandbox-proxy-ready',
    'out ui/notifications/sandbox-resource-ready',
    'in ui/initialize',
  ]);
  expect(methods).toContain('out ui/notifications/tool-result');
  await expect(mcp).toHaveNoFindings();

  // The same session in mcpscope's own views.
  await inspector.frames.filter('channel:app');
  await expect(inspector.frames.rows('ui/initialize', 'in')).toHaveCount(1);
});

// @vitest-environment jsdom
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { App } from '@modelcontextprotocol/ext-apps';
import { UI_MIME_TYPE } from '@mcpscope/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppMessagesBody } from '../../../lib/appMessagesApi';
import { RpcError } from '../../../lib/workbenchApi';
import { AppHost, type AppHostOptions } from './appHost';
import type { BridgeMessage, BridgeTransport } from './tapTransport';

/**
 * AppHost against a real view: ext-apps' own `App` (what published apps run) behind a stand-in
 * for the sandbox page — it announces sandbox-proxy-ready, takes the one sandbox-resource-ready,
 * and relays everything else (spec "Sandbox proxy").
 */
const URI = 'ui://clock/app.html';
const HTML = '<!doctype html><html><body>clock</body></html>';
const TOOLS: Record<string, Record<string, unknown>> = {
  'get-time': { name: 'get-time', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: URI } } },
  refresh: { name: 'refresh', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: URI, visibility: ['app'] } } },
  'model-only': { name: 'model-only', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } },
};

interface Sandbox {
  /** What the host sent to the sandbox page itself. */
  resources: unknown[];
  app: App | undefined;
  /** Resolves when the app finished ui/initialize. */
  appConnected: Promise<App>;
  announce(): Promise<void>;
}

function sandboxFor(makeApp: () => App): { transport: BridgeTransport; sandbox: Sandbox } {
  const [host, page] = InMemoryTransport.createLinkedPair();
  const appSide: BridgeTransport = { start: async () => undefined, close: async () => undefined, send: (m) => page.send(m) };
  let connected!: (app: App) => void;
  const sandbox: Sandbox = {
    resources: [],
    app: undefined,
    appConnected: new Promise((r) => (connected = r)),
    announce: () => page.send({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }),
  };
  page.onmessage = (m: BridgeMessage) => {
    if ('method' in m && m.method === 'ui/notifications/sandbox-resource-ready') {
      sandbox.resources.push(m.params);
      const app = makeApp();
      sandbox.app = app;
      void app.connect(appSide).then(() => connected(app));
      return;
    }
    appSide.onmessage?.(m);
  };
  void page.start();
  return { transport: host, sandbox };
}

function setup(over: Partial<AppHostOptions> = {}, content: Record<string, unknown> = { uri: URI, mimeType: UI_MIME_TYPE, text: HTML }) {
  const posted: AppMessagesBody[] = [];
  const requests: Array<{ method: string; params: unknown; origin: string }> = [];
  const result = vi.fn(async (_sid: string, method: string, params: Record<string, unknown> | undefined, origin: string) => {
    requests.push({ method, params, origin });
    if (method === 'resources/read') return { contents: [content] };
    if (method === 'tools/call') return { content: [{ type: 'text', text: `called ${String(params?.name)}` }] };
    throw new RpcError(-32601, `Method not found: ${method}`);
  });
  const events: string[] = [];
  const { transport, sandbox } = sandboxFor(() => {
    const app = new App({ name: 'clock', version: '1.0.0' }, { availableDisplayModes: ['inline', 'fullscreen'] }, { autoResize: false });
    app.ontoolinput = (p) => void events.push(`tool-input ${JSON.stringify(p.arguments)}`);
    app.ontoolresult = (p) => void events.push(`tool-result ${JSON.stringify(p.content)}`);
    app.ontoolcancelled = (p) => void events.push(`tool-cancelled ${p.reason}`);
    app.onhostcontextchanged = (p) => void events.push(`context ${JSON.stringify(p)}`);
    app.onteardown = async () => {
      events.push('teardown');
      return {};
    };
    return app;
  });
  const opened: string[] = [];
  const host = new AppHost({
    sessionId: 's1',
    view: 'v1',
    uri: URI,
    tool: TOOLS['get-time'],
    args: { tz: 'UTC' },
    wb: { result: result as AppHostOptions['wb']['result'] },
    postMessages: async (_sid, body) => void posted.push(body),
    sandboxOrigin: 'http://127.0.0.1:5001',
    ownOrigin: 'http://127.0.0.1:5000',
    hostVersion: '1.2.3',
    theme: 'light',
    lookupTool: (name) => TOOLS[name],
    openWindow: (url) => void opened.push(url),
    createTransport: () => transport,
    ...over,
  });
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const methods = () =>
    posted.flatMap((b) =>
      b.messages.map((m) => `${m.dir} ${(m.msg as { method?: string }).method ?? ('result' in (m.msg as object) ? 'result' : 'error')}`),
    );
  return { host, frame, sandbox, posted, requests, events, opened, methods };
}

async function ready(t: ReturnType<typeof setup>): Promise<App> {
  await t.host.start();
  await t.host.attach(t.frame);
  await t.sandbox.announce();
  const app = await t.sandbox.appConnected;
  await vi.waitFor(() => expect(t.host.getSnapshot().state).toBe('ready'));
  return app;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('AppHost', () => {
  it('reads the resource, sends it once the sandbox is ready, and delivers tool input then result after initialized', async () => {
    const t = setup();
    await t.host.start();
    expect(t.requests[0]).toEqual({ method: 'resources/read', params: { uri: URI }, origin: 'tools: open app' });
    const snap = t.host.getSnapshot();
    // No csp declared: no csp parameter, so the sandbox applies the spec's restrictive default, as the header says.
    expect(snap.sandboxUrl).toBe('http://127.0.0.1:5001/sandbox.html');
    expect(snap.csp?.policy).toContain("connect-src 'none'");
    await t.host.attach(t.frame);
    expect(t.frame.getAttribute('src')).toBe(snap.sandboxUrl);
    t.host.settle({ outcome: 'result', result: { content: [{ type: 'text', text: '12:00' }] }, latencyMs: 3 });
    await t.sandbox.announce();
    await t.sandbox.appConnected;
    await vi.waitFor(() => expect(t.events).toEqual(['tool-input {"tz":"UTC"}', 'tool-result [{"type":"text","text":"12:00"}]']));
    expect(t.sandbox.resources).toEqual([{ html: HTML, permissions: {} }]);
    expect(t.host.getSnapshot()).toMatchObject({
      state: 'ready',
      appInfo: { name: 'clock', version: '1.0.0' },
      appModes: ['inline', 'fullscreen'],
    });
    // Every message of the conversation, both ways, in order, for the frame log.
    await t.host.messages.drain();
    expect(t.methods()).toEqual([
      'in ui/notifications/sandbox-proxy-ready',
      'out ui/notifications/sandbox-resource-ready',
      'in ui/initialize',
      'out result',
      'in ui/notifications/initialized',
      'out ui/notifications/tool-input',
      'out ui/notifications/tool-result',
    ]);
    expect(t.posted.every((b) => b.view === 'v1' && b.uri === URI)).toBe(true);
    // A second sandbox-proxy-ready (the sandbox page reloaded): warned, not resent.
    await t.sandbox.announce();
    await vi.waitFor(() => expect(t.host.getSnapshot().log.some((e) => e.kind === 'warning' && e.text.includes('second'))).toBe(true));
    expect(t.sandbox.resources).toHaveLength(1);
  });

  it('passes the declared CSP on validated, shows what was dropped, and builds allow from the permissions', async () => {
    const declared = { connectDomains: ['https://api.example.com', "'unsafe-eval'"], resourceDomains: ['https://cdn.example.com'] };
    const t = setup(
      {},
      {
        uri: URI,
        mimeType: UI_MIME_TYPE,
        text: HTML,
        _meta: { ui: { csp: declared, permissions: { microphone: {}, clipboardWrite: {}, usb: {} } } },
      },
    );
    await t.host.start();
    const snap = t.host.getSnapshot();
    const applied = {
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://cdn.example.com'],
      frameDomains: [],
      baseUriDomains: [],
    };
    expect(snap.sandboxUrl).toBe(`http://127.0.0.1:5001/sandbox.html?csp=${encodeURIComponent(JSON.stringify(applied))}`);
    expect(snap.csp?.policy).toContain("connect-src 'self' https://api.example.com");
    expect(snap.csp?.dropped).toEqual([expect.stringContaining('connectDomains[1]')]);
    expect(snap.log.map((e) => e.text)).toEqual([expect.stringContaining('1 declared CSP entry was dropped')]);
    expect(snap.allow).toBe('microphone; clipboard-write');
    await t.host.attach(t.frame);
    await t.sandbox.announce();
    await t.sandbox.appConnected;
    expect(t.sandbox.resources).toEqual([{ html: HTML, csp: applied, permissions: { microphone: {}, clipboardWrite: {} } }]);
  });

  it('sends tool-cancelled when the call did not produce a result', async () => {
    const t = setup();
    await ready(t);
    t.host.settle({ outcome: 'rpc-error', error: { code: -32602, message: 'bad args' }, latencyMs: 1 });
    await vi.waitFor(() => expect(t.events).toContain('tool-cancelled The server rejected the call: -32602 bad args'));
  });

  it("forwards the app's tools/call with the origin app: <uri>, after its own message, and rejects tools not visible to apps", async () => {
    const t = setup();
    const app = await ready(t);
    const reply = await app.callServerTool({ name: 'refresh', arguments: { n: 1 } });
    expect(reply.content).toEqual([{ type: 'text', text: 'called refresh' }]);
    // The app's progressToken belongs to its hop; the engine makes its own request.
    expect(t.requests.at(-1)).toEqual({ method: 'tools/call', params: { name: 'refresh', arguments: { n: 1 } }, origin: `app: ${URI}` });
    await expect(app.callServerTool({ name: 'model-only', arguments: {} })).rejects.toThrow(/not callable by apps/);
    expect(t.requests.filter((r) => r.method === 'tools/call')).toHaveLength(1);
    await t.host.messages.drain();
    expect(t.methods().slice(-4)).toEqual(['in tools/call', 'out result', 'in tools/call', 'out error']);
  });

  it('shows ui/message and ui/update-model-context in the host log and asks before opening a link', async () => {
    const t = setup();
    const app = await ready(t);
    await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hello host' }] });
    await app.updateModelContext({ content: [{ type: 'text', text: 'the clock says noon' }] });
    const log = t.host.getSnapshot().log;
    expect(log.filter((e) => e.kind === 'message').map((e) => e.text)).toEqual(['hello host']);
    expect(log.filter((e) => e.kind === 'model-context').map((e) => e.text)).toEqual(['the clock says noon']);

    const denied = app.openLink({ url: 'https://example.com/a' });
    await vi.waitFor(() => expect(t.host.getSnapshot().openLink).toEqual({ url: 'https://example.com/a' }));
    t.host.answerOpenLink(false);
    await expect(denied).rejects.toThrow(/denied by user/);
    const allowed = app.openLink({ url: 'https://example.com/b' });
    await vi.waitFor(() => expect(t.host.getSnapshot().openLink).toBeDefined());
    t.host.answerOpenLink(true);
    await allowed;
    expect(t.opened).toEqual(['https://example.com/b']);
    await expect(app.openLink({ url: 'javascript:alert(1)' })).rejects.toThrow(/Invalid URL/);
    expect(t.host.getSnapshot().openLink).toBeUndefined();
  });

  it('switches display mode on request, only to modes both sides support, and tells the view', async () => {
    const t = setup();
    const app = await ready(t);
    expect(await app.requestDisplayMode({ mode: 'fullscreen' })).toEqual({ mode: 'fullscreen' });
    expect(t.host.getSnapshot().displayMode).toBe('fullscreen');
    expect(await app.requestDisplayMode({ mode: 'pip' })).toEqual({ mode: 'fullscreen' });
    await vi.waitFor(() => expect(t.events.some((e) => e.startsWith('context') && e.includes('"displayMode":"fullscreen"'))).toBe(true));
  });

  it('sends theme changes only after initialized, as a diff', async () => {
    const t = setup();
    await t.host.start();
    await t.host.attach(t.frame);
    t.host.setTheme('dark'); // before the view initialized: held back
    await t.sandbox.announce();
    const app = await t.sandbox.appConnected;
    await vi.waitFor(() => expect(t.events.filter((e) => e.startsWith('context'))).toEqual(['context {"theme":"dark"}']));
    expect(app.getHostContext()?.theme).toBe('dark');
    t.host.setTheme('light');
    await vi.waitFor(() => expect(app.getHostContext()?.theme).toBe('light'));
  });

  it('follows size-changed, bounded', async () => {
    const t = setup();
    const app = await ready(t);
    await app.sendSizeChanged({ width: 300, height: 420.4 });
    await vi.waitFor(() => expect(t.host.getSnapshot().height).toBe(421));
    await app.sendSizeChanged({ height: 1e9 });
    await vi.waitFor(() => expect(t.host.getSnapshot().height).toBe(4000));
  });

  it('stops talking to a sandbox frame that navigated (a second load)', async () => {
    const t = setup();
    await ready(t);
    t.frame.dispatchEvent(new Event('load')); // the sandbox page
    expect(t.host.getSnapshot().state).toBe('ready');
    t.frame.dispatchEvent(new Event('load')); // anything after it
    expect(t.host.getSnapshot()).toMatchObject({ state: 'failed', error: expect.stringContaining('was navigated') });
    await t.host.close('gone');
    await t.host.messages.drain();
    expect(t.methods()).not.toContain('out ui/resource-teardown'); // nothing more to that window
  });

  it('tears the view down before closing', async () => {
    const t = setup();
    await ready(t);
    await t.host.close('the user closed the app');
    expect(t.events).toContain('teardown');
    expect(t.host.getSnapshot().state).toBe('closed');
    await t.host.messages.drain();
    expect(t.methods().slice(-2)).toEqual(['out ui/resource-teardown', 'in result']);
    // The spec's reason travels on the wire (ext-apps 2.0.4's own schema has no params to read it into).
    expect(
      t.posted.flatMap((b) => b.messages).find((m) => (m.msg as { method?: string }).method === 'ui/resource-teardown')?.msg,
    ).toMatchObject({ params: { reason: 'the user closed the app' } });
  });

  it('closes after the view asks for it (ui/notifications/request-teardown)', async () => {
    const t = setup();
    const app = await ready(t);
    await app.requestTeardown();
    await vi.waitFor(() => expect(t.host.getSnapshot().state).toBe('closed'));
    expect(t.events).toContain('teardown');
  });

  it.each([
    ['a wrong MIME type', { uri: URI, mimeType: 'text/html', text: HTML }, /wrong MIME type "text\/html"/],
    ['no mimeType', { uri: URI, text: HTML }, /no mimeType/],
    ['no HTML', { uri: URI, mimeType: UI_MIME_TYPE }, /no HTML/],
  ])('fails with a reason and no frame for %s', async (_name, content, reason) => {
    const t = setup({}, content);
    await t.host.start();
    const snap = t.host.getSnapshot();
    expect(snap.state).toBe('failed');
    expect(snap.error).toMatch(reason);
    expect(snap.sandboxUrl).toBeUndefined();
  });

  it('explains why nothing renders without a sandbox origin, and refuses its own origin', async () => {
    const none = setup({ sandboxOrigin: undefined });
    await none.host.start();
    expect(none.host.getSnapshot().error).toMatch(/no sandbox listener/);
    expect(none.requests).toEqual([]);
    const own = setup({ sandboxOrigin: 'http://127.0.0.1:5000' });
    await own.host.start();
    expect(own.host.getSnapshot().error).toMatch(/own origin/);
  });

  it('shows the first failure to record messages once and keeps the app working', async () => {
    const post = vi.fn(async () => {
      throw new Error('HTTP 404');
    });
    const t = setup({ postMessages: post });
    await ready(t);
    await t.host.messages.drain();
    expect(post.mock.calls.length).toBeGreaterThan(1);
    expect(
      t.host
        .getSnapshot()
        .log.filter((e) => e.kind === 'warning')
        .map((e) => e.text),
    ).toEqual([expect.stringContaining('HTTP 404')]);
  });
});

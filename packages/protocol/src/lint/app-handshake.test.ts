import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Direction, Finding, JsonRpcMessage, SessionEvent } from '../events.js';
import { Linter } from './linter.js';

/**
 * The app rules against a real conversation: `App` and `AppBridge` of the pinned
 * @modelcontextprotocol/ext-apps 2.0.4 (installed in apps/web; protocol itself has no
 * dependencies), talking over an in-memory transport pair that records every message the way
 * mcpscope's web records the postMessage traffic (host → app = 'out', app → host = 'in').
 */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const fromWeb = createRequire(resolve(REPO, 'apps/web/package.json'));
const load = async (specifier: string) => import(pathToFileURL(fromWeb.resolve(specifier)).href);

interface Transport {
  start(): Promise<void>;
  send(message: JsonRpcMessage): Promise<void>;
  close(): Promise<void>;
  onmessage?: (message: JsonRpcMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
}

/** Two linked transports; each message is delivered on a later microtask, as postMessage does. */
function transportPair(record: (dir: Direction, message: JsonRpcMessage) => void): { appSide: Transport; hostSide: Transport } {
  const make = (dir: Direction): Transport & { peer?: Transport } => ({
    start: async () => {},
    close: async () => {},
    send: async function (this: Transport & { peer?: Transport }, message: JsonRpcMessage) {
      const copy = JSON.parse(JSON.stringify(message)) as JsonRpcMessage;
      record(dir, copy);
      queueMicrotask(() => this.peer?.onmessage?.(copy));
    },
  });
  const hostSide = make('out');
  const appSide = make('in');
  hostSide.peer = appSide;
  appSide.peer = hostSide;
  return { appSide, hostSide };
}

const TOOLS = [
  {
    name: 'get-time',
    description: 'Returns the time.',
    inputSchema: { type: 'object' },
    _meta: { ui: { resourceUri: 'ui://get-time/app.html' } },
  },
  { name: 'model-only', description: 'For the agent.', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } },
];

/** The events of a session that listed TOOLS, then the recorded app frames of one view. */
function sessionWith(messages: Array<[Direction, JsonRpcMessage]>): SessionEvent[] {
  let seq = 0;
  const ev = (dir: Direction, msg: JsonRpcMessage, app = false): SessionEvent => ({
    type: 'frame',
    seq: ++seq,
    t: seq,
    sessionId: 's',
    dir,
    msg,
    size: 1,
    ...(app ? { channel: 'app' as const, app: { uri: 'ui://get-time/app.html', view: 'view-1' } } : {}),
  });
  return [
    ev('out', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpscope', version: '1' } },
    }),
    ev('in', {
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
    }),
    ev('out', { jsonrpc: '2.0', method: 'notifications/initialized' }),
    ev('out', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    ev('in', { jsonrpc: '2.0', id: 1, result: { tools: TOOLS } }),
    ...messages.map(([dir, msg]) => ev(dir, msg, true)),
  ];
}

function lint(events: SessionEvent[]): Array<{ method: unknown; findings: Finding[] }> {
  const linter = new Linter();
  return events.map((e) => ({ method: e.type === 'frame' ? (e.msg?.method ?? e.msg?.id) : undefined, findings: linter.observe(e) }));
}

/** The part of ext-apps' `App` the tests drive (loaded at run time, so typed here). */
interface RealApp {
  callServerTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  requestDisplayMode(params: { mode: string }): Promise<unknown>;
  sendSizeChanged(params: { width: number; height: number }): Promise<void>;
  sendLog(params: { level: string; data: unknown }): Promise<void>;
  openLink(params: { url: string }): Promise<unknown>;
  sendMessage(params: { role: string; content: unknown[] }): Promise<unknown>;
  updateModelContext(params: { content: unknown[] }): Promise<unknown>;
}

async function converse(run: (app: RealApp) => Promise<void>): Promise<Array<[Direction, JsonRpcMessage]>> {
  const { App } = await load('@modelcontextprotocol/ext-apps');
  const { AppBridge } = await load('@modelcontextprotocol/ext-apps/app-bridge');
  const recorded: Array<[Direction, JsonRpcMessage]> = [];
  const { appSide, hostSide } = transportPair((dir, msg) => recorded.push([dir, msg]));
  const bridge = new AppBridge(
    null,
    { name: 'mcpscope', version: '0.1.0' },
    { serverTools: {}, openLinks: {}, logging: {} },
    {
      hostContext: { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] },
    },
  );
  bridge.oncalltool = async () => ({ content: [{ type: 'text', text: '12:00' }] });
  bridge.onrequestdisplaymode = async ({ mode }: { mode: string }) => ({ mode: mode === 'pip' ? 'inline' : mode });
  bridge.onopenlink = async () => ({});
  bridge.onmessage = async () => ({});
  bridge.onupdatemodelcontext = async () => ({});
  bridge.onloggingmessage = () => {};
  const initialized = new Promise<void>((done) => (bridge.oninitialized = () => done()));
  await bridge.connect(hostSide);
  const app = new App(
    { name: 'get-time-app', version: '1.0.0' },
    { availableDisplayModes: ['inline', 'fullscreen'] },
    { autoResize: false },
  );
  app.onteardown = async () => ({});
  await app.connect(appSide);
  await initialized;
  await bridge.sendToolInput({ arguments: {} });
  await bridge.sendToolResult({ content: [{ type: 'text', text: '12:00' }] });
  await run(app);
  await bridge.teardownResource({});
  return recorded;
}

describe('app rules on a real ext-apps 2.0.4 App ⇄ AppBridge conversation', () => {
  it('a correct handshake and interaction has no finding', async () => {
    const recorded = await converse(async (app) => {
      await app.callServerTool({ name: 'get-time', arguments: {} });
      await app.requestDisplayMode({ mode: 'fullscreen' });
      await app.sendSizeChanged({ width: 400, height: 300 });
      await app.sendLog({ level: 'info', data: 'clicked' });
      await app.openLink({ url: 'https://example.com' });
      await app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'hi' }] });
      await app.updateModelContext({ content: [{ type: 'text', text: 'state' }] });
    });
    const methods = recorded.map(([dir, m]) => `${dir} ${String(m.method ?? 'answer')}`);
    expect(methods.slice(0, 3)).toEqual(['in ui/initialize', 'out answer', 'in ui/notifications/initialized']);
    expect(methods).toEqual(
      expect.arrayContaining([
        'in tools/call',
        'in ui/request-display-mode',
        'out ui/notifications/tool-result',
        'out ui/resource-teardown',
      ]),
    );
    const found = lint(sessionWith(recorded)).filter((r) => r.findings.length > 0);
    expect(found).toEqual([]);
  });

  it('flags what a real App does wrong: a mode the host does not offer, a tool it may not call', async () => {
    const recorded = await converse(async (app) => {
      await app.requestDisplayMode({ mode: 'pip' });
      await app.callServerTool({ name: 'model-only', arguments: {} });
    });
    const found = lint(sessionWith(recorded)).flatMap((r) => r.findings.map((f) => [r.method, f.rule, f.severity]));
    expect(found).toEqual([
      ['ui/request-display-mode', 'app-display-mode-undeclared', 'error'],
      ['tools/call', 'app-tool-not-callable', 'warning'],
    ]);
  });
});

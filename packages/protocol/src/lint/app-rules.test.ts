import { describe, expect, it } from 'vitest';
import type { Direction, Finding, SessionEvent } from '../events.js';
import { Linter } from './linter.js';
import { RULE_CATALOGUE } from './rules.js';

let seq = 0;
const rules = (findings: Finding[]) => findings.map((f) => f.rule);
const server = (dir: Direction, msg: Record<string, unknown>): SessionEvent => ({
  type: 'frame',
  seq: ++seq,
  t: seq,
  sessionId: 's',
  dir,
  msg: { jsonrpc: '2.0', ...msg },
  size: 1,
});
/** An app-channel frame of view `view`: 'in' = app → host, 'out' = host → app. */
const app = (dir: Direction, msg: Record<string, unknown>, view = 'v1'): SessionEvent => ({
  type: 'frame',
  seq: ++seq,
  t: seq,
  sessionId: 's',
  dir,
  channel: 'app',
  app: { uri: 'ui://budget/app', view },
  msg: { jsonrpc: '2.0', ...msg },
  size: 1,
});

const TOOLS = [
  { name: 'echo', description: 'Echoes a message back.', inputSchema: { type: 'object' } },
  {
    name: 'refresh',
    description: 'Refreshes the view.',
    inputSchema: { type: 'object' },
    _meta: { ui: { resourceUri: 'ui://budget/app', visibility: ['app'] } },
  },
  { name: 'agent_only', description: 'For the model only.', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } },
];

/** A legacy session that listed TOOLS, then the handshake of view `view`. */
function session(opts: { listed?: boolean } = {}): Linter {
  const l = new Linter();
  l.observe(
    server('out', {
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    }),
  );
  l.observe(
    server('in', {
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
    }),
  );
  l.observe(server('out', { method: 'notifications/initialized' }));
  if (opts.listed !== false) {
    l.observe(server('out', { id: 1, method: 'tools/list', params: {} }));
    l.observe(server('in', { id: 1, result: { tools: TOOLS } }));
  }
  return l;
}

function handshake(
  l: Linter,
  view = 'v1',
  hostContext: Record<string, unknown> = { availableDisplayModes: ['inline', 'fullscreen'] },
): Finding[] {
  return [
    ...l.observe(
      app(
        'in',
        {
          id: 1,
          method: 'ui/initialize',
          params: { protocolVersion: '2026-01-26', appInfo: { name: 'a', version: '1' }, appCapabilities: {} },
        },
        view,
      ),
    ),
    ...l.observe(
      app(
        'out',
        {
          id: 1,
          result: { protocolVersion: '2026-01-26', hostInfo: { name: 'mcpscope', version: '1' }, hostCapabilities: {}, hostContext },
        },
        view,
      ),
    ),
    ...l.observe(app('in', { method: 'ui/notifications/initialized', params: {} }, view)),
  ];
}

describe('app rules', () => {
  it('find nothing in a correct handshake and session, and never run server rules on app frames', () => {
    const l = session();
    expect(handshake(l)).toEqual([]);
    // The app's id 1 and the server's id 1 are different conversations: no response-unknown-id, no duplicate.
    expect(l.observe(app('in', { id: 2, method: 'tools/call', params: { name: 'refresh', arguments: {} } }))).toEqual([]);
    expect(l.observe(app('out', { id: 2, result: { content: [] } }))).toEqual([]);
    expect(l.observe(app('in', { id: 3, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } }))).toEqual([]);
    expect(l.observe(app('out', { id: 3, result: { mode: 'fullscreen' } }))).toEqual([]);
    expect(l.observe(app('in', { method: 'ui/notifications/size-changed', params: { width: 300, height: 200 } }))).toEqual([]);
    expect(l.observe(app('in', { method: 'notifications/message', params: { level: 'info', data: 'x' } }))).toEqual([]);
    expect(l.observe(app('out', { method: 'ui/notifications/tool-result', params: { content: [] } }))).toEqual([]);
    expect(l.observe(app('out', { id: 'td', method: 'ui/resource-teardown', params: {} }))).toEqual([]);
    expect(l.observe(app('in', { id: 'td', result: {} }))).toEqual([]);
    // A server response with id 2 is not taken for the app's answer, and the other way round.
    expect(rules(l.observe(server('in', { id: 2, result: {} })))).toEqual(['response-unknown-id']);
  });

  it('app-before-initialize: a request other than ui/initialize or ping before the answer (per view)', () => {
    const l = session();
    expect(l.observe(app('in', { id: 1, method: 'ping' }))).toEqual([]);
    const early = l.observe(app('in', { id: 2, method: 'tools/call', params: { name: 'echo' } }));
    expect(rules(early)).toEqual(['app-before-initialize']);
    expect(early[0]).toMatchObject({ severity: 'warning', spec: 'ext-apps/2026-01-26/apps#standard-mcp-messages' });
    expect(early[0].message).toMatch(/"tools\/call" before its ui\/initialize was answered/);
    // Notifications are not requests; an error answer to initialize does not complete it.
    expect(l.observe(app('in', { method: 'ui/notifications/size-changed', params: { width: 1, height: 1 } }))).toEqual([]);
    l.observe(app('in', { id: 3, method: 'ui/initialize', params: { appCapabilities: {} } }));
    l.observe(app('out', { id: 3, error: { code: -32603, message: 'no' } }));
    expect(rules(l.observe(app('in', { id: 4, method: 'ui/open-link', params: { url: 'https://x' } })))).toEqual(['app-before-initialize']);
    // Another view that completed its handshake is judged on its own.
    expect(handshake(l, 'v2')).toEqual([]);
    expect(l.observe(app('in', { id: 5, method: 'ui/open-link', params: { url: 'https://x' } }, 'v2'))).toEqual([]);
    expect(rules(l.observe(app('in', { id: 6, method: 'ui/message', params: {} }, 'v1')))).toEqual(['app-before-initialize']);
  });

  it('app-initialize-capabilities: ui/initialize without an appCapabilities object', () => {
    const l = session();
    const missing = l.observe(
      app('in', { id: 1, method: 'ui/initialize', params: { protocolVersion: '2026-01-26', appInfo: { name: 'a', version: '1' } } }),
    );
    expect(rules(missing)).toEqual(['app-initialize-capabilities']);
    expect(missing[0]).toMatchObject({ severity: 'error', quote: expect.stringContaining('MUST include its capabilities') });
    expect(l.observe(app('in', { id: 2, method: 'ui/initialize', params: { appCapabilities: [] } }, 'v2'))[0].message).toMatch(
      /an array, not an object/,
    );
    expect(rules(l.observe(app('in', { id: 3, method: 'ui/initialize' }, 'v3')))).toEqual(['app-initialize-capabilities']);
    // The host's messages are not the app's: nothing is judged on dir "out".
    expect(l.observe(app('out', { id: 9, method: 'ui/initialize', params: {} }, 'v4'))).toEqual([]);
  });

  it('app-unknown-method: app requests and notifications outside the spec and the pinned App', () => {
    const l = session();
    handshake(l);
    const odd = l.observe(app('in', { id: 2, method: 'ui/make-coffee', params: {} }));
    expect(rules(odd)).toEqual(['app-unknown-method']);
    expect(odd[0].severity).toBe('warning');
    expect(rules(l.observe(app('in', { method: 'notifications/whatever' })))).toEqual(['app-unknown-method']);
    // The host's own notification is not the app's to send.
    expect(rules(l.observe(app('in', { method: 'ui/notifications/tool-result', params: {} })))).toEqual(['app-unknown-method']);
    for (const method of [
      'ui/download-file',
      'ui/update-model-context',
      'resources/read',
      'resources/list',
      'resources/templates/list',
      'prompts/list',
      'ping',
    ]) {
      expect(l.observe(app('in', { id: method, method, params: {} })), method).toEqual([]);
    }
    for (const method of ['ui/notifications/request-teardown', 'notifications/tools/list_changed', 'notifications/cancelled']) {
      expect(l.observe(app('in', { method, params: {} })), method).toEqual([]);
    }
    // A long hostile method is shown cut, not whole.
    const long = l.observe(app('in', { method: `x/${'a'.repeat(10_000)}` }));
    expect(long[0].message.length).toBeLessThan(300);
  });

  it('app-tool-not-callable: a tool without "app" in its visibility, or one the server never listed', () => {
    const l = session();
    handshake(l);
    const modelOnly = l.observe(app('in', { id: 2, method: 'tools/call', params: { name: 'agent_only', arguments: {} } }));
    expect(rules(modelOnly)).toEqual(['app-tool-not-callable']);
    expect(modelOnly[0]).toMatchObject({ severity: 'warning', spec: 'ext-apps/2026-01-26/apps#visibility' });
    expect(modelOnly[0].message).toMatch(/\["model"\] does not include "app"/);
    expect(l.observe(app('in', { id: 3, method: 'tools/call', params: { name: 'nope' } }))[0].message).toMatch(/did not list/);
    expect(l.observe(app('in', { id: 4, method: 'tools/call', params: { name: 'echo' } }))).toEqual([]);
    // A name that is an Object.prototype key is just an unknown tool.
    expect(rules(l.observe(app('in', { id: 5, method: 'tools/call', params: { name: '__proto__' } })))).toEqual(['app-tool-not-callable']);
  });

  it('app-tool-not-callable is not judged before a complete tool listing was seen', () => {
    const l = session({ listed: false });
    handshake(l);
    expect(l.observe(app('in', { id: 2, method: 'tools/call', params: { name: 'anything' } }))).toEqual([]);
  });

  it('app-display-mode-undeclared: a mode missing from the host context, as updated by host-context-changed', () => {
    const l = session();
    expect(l.observe(app('in', { id: 1, method: 'ui/request-display-mode', params: { mode: 'pip' } }))).toEqual(
      ['app-before-initialize'].map((rule) => expect.objectContaining({ rule })),
    );
    handshake(l);
    const pip = l.observe(app('in', { id: 2, method: 'ui/request-display-mode', params: { mode: 'pip' } }));
    expect(rules(pip)).toEqual(['app-display-mode-undeclared']);
    expect(pip[0]).toMatchObject({ severity: 'error', spec: 'ext-apps/2026-01-26/apps#requirements' });
    expect(pip[0].message).toMatch(/"pip", but the host context lists only "inline", "fullscreen"/);
    l.observe(app('out', { method: 'ui/notifications/host-context-changed', params: { availableDisplayModes: ['inline', 'pip'] } }));
    expect(l.observe(app('in', { id: 3, method: 'ui/request-display-mode', params: { mode: 'pip' } }))).toEqual([]);
    expect(rules(l.observe(app('in', { id: 4, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } })))).toEqual([
      'app-display-mode-undeclared',
    ]);
    // A host context with no availableDisplayModes offers none.
    const bare = session();
    handshake(bare, 'v1', { theme: 'dark' });
    expect(bare.observe(app('in', { id: 2, method: 'ui/request-display-mode', params: { mode: 'inline' } }))[0].message).toMatch(
      /lists no availableDisplayModes/,
    );
  });

  it('judges hostile app messages without throwing', () => {
    const l = session();
    const hostile = JSON.parse(
      '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{"__proto__":{"appCapabilities":{}},"appCapabilities":null}}',
    );
    const found = l.observe({
      type: 'frame',
      seq: ++seq,
      t: seq,
      sessionId: 's',
      dir: 'in',
      channel: 'app',
      app: { uri: 'ui://x', view: 'v9' },
      msg: hostile,
      size: 1,
    });
    expect(rules(found)).toEqual(['app-initialize-capabilities']);
    expect(({} as Record<string, unknown>).appCapabilities).toBeUndefined();
    for (const msg of [
      { id: {}, method: 'x' },
      { id: 1, result: 1, error: 1 },
      { method: 7 },
      { id: 2, method: 'ui/request-display-mode', params: 'fullscreen' },
    ]) {
      expect(() => l.observe(app('in', msg, 'v9'))).not.toThrow();
    }
    // A frame without an app field is judged as view '' (a trace may lack it).
    expect(
      rules(
        l.observe({
          type: 'frame',
          seq: ++seq,
          t: seq,
          sessionId: 's',
          dir: 'in',
          channel: 'app',
          msg: { jsonrpc: '2.0', id: 1, method: 'ui/initialize' },
          size: 1,
        }),
      ),
    ).toEqual(['app-initialize-capabilities']);
  });

  it('lists every app rule in the catalogue with its ext-apps section', () => {
    const ids = [
      'app-before-initialize',
      'app-initialize-capabilities',
      'app-unknown-method',
      'app-tool-not-callable',
      'app-display-mode-undeclared',
      'app-message-refused',
    ];
    for (const id of ids)
      expect(
        RULE_CATALOGUE.find((r) => r.id === id),
        id,
      ).toBeDefined();
    for (const r of RULE_CATALOGUE.filter((x) => ids.includes(x.id) && x.spec !== ''))
      expect(r.spec).toMatch(/^ext-apps\/2026-01-26\/apps#/);
  });
});

// @vitest-environment jsdom
import { UI_MIME_TYPE, type FrameEvent } from '@mcpscope/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { conversationOf } from './app/AppConversation';
import AppsWorkbench from './AppsWorkbench';

afterEach(cleanup);

const URI = 'ui://clock/app.html';
const TOOLS = [
  { name: 'plain', inputSchema: { type: 'object' } },
  { name: 'get-time', title: 'Clock', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: URI } } },
  {
    name: 'budget',
    inputSchema: { type: 'object', properties: { year: { type: 'integer' } } },
    _meta: { ui: { resourceUri: 'ui://budget/app.html' } },
  },
];

function setup() {
  const call = vi.fn(async (_m: string, path: string, _s: unknown, body?: unknown) => {
    const b = body as { method: string; callId?: string };
    if (path.endsWith('/app-messages')) return undefined;
    if (b.method === 'tools/list') return { callId: 'l', outcome: 'result', result: { tools: TOOLS }, latencyMs: 1 };
    if (b.method === 'resources/read')
      return {
        callId: 'r',
        outcome: 'result',
        result: { contents: [{ uri: URI, mimeType: UI_MIME_TYPE, text: '<p>clock</p>' }] },
        latencyMs: 1,
      };
    return { callId: b.callId, outcome: 'result', result: { content: [{ type: 'text', text: 'noon' }] }, latencyMs: 3 };
  });
  const services = testServices({
    call: call as never,
    info: async () => ({ name: 'mcpscope' as const, version: '9.9.9', wireVersion: 1, sandboxOrigin: 'http://127.0.0.1:5001' }),
  });
  services.store.upsertSession({
    id: 's1',
    name: 'demo',
    state: 'connected',
    transport: 'stdio',
    target: 'node demo.js',
    createdAt: 0,
    wrapped: false,
    era: 'legacy',
    serverCapabilities: { tools: {}, resources: {} },
  });
  activeSessionStore.set('s1');
  render(<AppsWorkbench />, { wrapper: services.wrapper });
  return { call };
}

describe('Apps view', () => {
  it('lists only the tools with a ui:// interface, and renders the selected one’s app at full width on Run', async () => {
    const { call } = setup();
    await waitFor(() => expect(screen.getAllByTestId('apps-item')).toHaveLength(2));
    expect(screen.getAllByTestId('apps-item').map((b) => b.dataset.name)).toEqual(['get-time', 'budget']);
    expect(screen.getByTestId('apps-header').dataset.name).toBe('get-time');
    await waitFor(() => expect((screen.getByTestId('apps-run') as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(screen.getByTestId('apps-run')));
    await waitFor(() => expect(document.querySelector('[data-testid="app-view"]:not([hidden]) [data-testid="app-frame"]')).toBeTruthy());
    const view = document.querySelector('[data-testid="app-view"]:not([hidden])') as HTMLElement;
    expect(view.dataset.uri).toBe(URI);
    expect(view.className).toContain('flex-1');
    expect(call.mock.calls.some((c) => (c[3] as { method?: string; params?: { name?: string } }).params?.name === 'get-time')).toBe(true);
    expect(screen.getByTestId('app-conversation')).toBeTruthy();
    // A tool with arguments offers its form.
    fireEvent.click(screen.getAllByTestId('apps-item')[1]!);
    fireEvent.click(screen.getByTestId('apps-args-toggle'));
    expect(document.querySelector('[data-testid="apps-args"] [data-testid="tool-field"][data-path="year"]')).toBeTruthy();
  });
});

describe('conversationOf', () => {
  const frame = (seq: number, view: string, dir: 'in' | 'out', method?: string): FrameEvent => ({
    type: 'frame',
    seq,
    t: seq,
    sessionId: 's1',
    dir,
    size: 1,
    channel: 'app',
    app: { uri: URI, view },
    msg: method ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', id: 1, result: {} },
  });
  it('keeps one view’s app-channel frames, oldest first, the newest `shown` of them', () => {
    const frames = [
      frame(1, 'a', 'in', 'ui/initialize'),
      frame(2, 'b', 'in', 'ui/initialize'),
      frame(3, 'a', 'out'),
      frame(4, 'a', 'in', 'ui/notifications/size-changed'),
    ];
    const list = { length: frames.length, get: (i: number) => frames[i] };
    expect(conversationOf(list, 'a').rows.map((f) => f.seq)).toEqual([1, 3, 4]);
    expect(conversationOf(list, 'a', 2)).toMatchObject({ more: true });
    expect(conversationOf(list, 'a', 2).rows.map((f) => f.seq)).toEqual([3, 4]);
    const hostile = { ...frame(5, 'a', 'in', 'x'), app: 'a' } as unknown as FrameEvent;
    expect(conversationOf({ length: 1, get: () => hostile }, 'a').rows).toEqual([]);
  });
});

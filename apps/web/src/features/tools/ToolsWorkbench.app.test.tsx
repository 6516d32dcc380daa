// @vitest-environment jsdom
import { UI_MIME_TYPE } from '@mcpscope/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import ToolsWorkbench from './ToolsWorkbench';

vi.mock('../../ui/JsonEditor', () => ({
  JsonEditor: ({ value, onChange, testId }: { value: string; onChange: (v: string) => void; testId?: string }) => (
    <textarea data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

afterEach(cleanup);

const URI = 'ui://clock/app.html';
const TOOLS = [
  { name: 'get-time', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: URI } } },
  { name: 'refresh', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: URI, visibility: ['app'] } } },
  { name: 'plain', inputSchema: { type: 'object' } },
];

function setup(sandboxOrigin: string | null = 'http://127.0.0.1:5001') {
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
    info: async () => ({ name: 'mcpscope' as const, version: '9.9.9', wireVersion: 1, ...(sandboxOrigin ? { sandboxOrigin } : {}) }),
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
  render(<ToolsWorkbench />, { wrapper: services.wrapper });
  return { call };
}

const item = (name: string) => document.querySelector(`[data-testid="tool-item"][data-name="${name}"]`) as HTMLElement;
const shownView = () =>
  Array.from(document.querySelectorAll('[data-testid="app-view"]')).find((v) => !(v as HTMLElement).hidden) as HTMLElement | undefined;

describe('Tools tab: MCP Apps', () => {
  it('badges UI and app-only tools, opens the app view for a call, and closes it on Close and on switching tools', async () => {
    setup();
    await waitFor(() => expect(item('get-time')).toBeTruthy());
    expect(item('get-time').querySelector('[data-testid="tool-ui-badge"]')).toBeTruthy();
    expect(item('get-time').querySelector('[data-testid="tool-app-only-badge"]')).toBeNull();
    expect(item('refresh').querySelector('[data-testid="tool-app-only-badge"]')?.getAttribute('title')).toMatch(
      /hidden from the agent, callable by its app/,
    );
    expect(item('plain').querySelector('[data-testid="tool-ui-badge"]')).toBeNull();

    fireEvent.click(item('get-time'));
    await waitFor(() => expect((screen.getByTestId('tool-call') as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(screen.getByTestId('tool-call')));
    await waitFor(() => expect(shownView()?.querySelector('[data-testid="app-frame"]')).toBeTruthy());
    const view = shownView()!;
    expect(view.dataset.uri).toBe(URI);
    expect(view.dataset.state).toBe('loading'); // waiting for the sandbox page, which jsdom does not load
    const frame = view.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(frame.getAttribute('src')).toBe('http://127.0.0.1:5001/sandbox.html');
    expect(screen.getByTestId('app-csp').textContent).toContain("connect-src 'none'");
    await waitFor(() => expect(screen.getByTestId('tool-result')).toBeTruthy());

    fireEvent.click(screen.getByTestId('app-close'));
    await waitFor(() => expect(shownView()?.dataset.state).toBe('closed'));
    expect(shownView()!.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByTestId('app-reopen'));
    await waitFor(() => expect(shownView()?.querySelector('[data-testid="app-frame"]')).toBeTruthy());

    // Another tool: the view goes (torn down, then removed); back again, it can be reopened.
    fireEvent.click(item('plain'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="app-view"]')).toHaveLength(0));
    fireEvent.click(item('get-time'));
    await waitFor(() => expect(screen.getByTestId('app-open')).toBeTruthy());
    fireEvent.click(screen.getByTestId('app-open'));
    await waitFor(() => expect(shownView()?.dataset.state).toBe('loading'));
  });

  it('explains a missing sandbox listener instead of rendering', async () => {
    setup(null);
    await waitFor(() => expect(item('get-time')).toBeTruthy());
    fireEvent.click(item('get-time'));
    await waitFor(() => expect((screen.getByTestId('tool-call') as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(screen.getByTestId('tool-call')));
    await waitFor(() => expect(shownView()?.dataset.state).toBe('failed'));
    expect(screen.getByTestId('app-error').textContent).toMatch(/no sandbox listener/);
    expect(document.querySelector('[data-testid="app-frame"]')).toBeNull();
  });
});

// @vitest-environment jsdom
import type { FrameEvent } from '@mcpscope/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { request, response } from '../../lib/testFrames';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { FramesPanel } from './FramesPanel';

afterEach(cleanup);

// jsdom has no layout: give elements a size so the virtualized list renders rows.
beforeAll(() => {
  for (const [prop, value] of [
    ['clientHeight', 600],
    ['clientWidth', 1000],
    ['offsetHeight', 600],
    ['offsetWidth', 1000],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });
  }
});

const URI = 'ui://clock/app.html';
function appFrame(seq: number, dir: 'in' | 'out', msg: Record<string, unknown>): FrameEvent {
  return {
    type: 'frame',
    seq,
    t: seq,
    sessionId: 's1',
    dir,
    msg,
    size: JSON.stringify(msg).length,
    channel: 'app',
    app: { uri: URI, view: 'v1' },
  };
}

describe('frame log: MCP App channel', () => {
  it('marks app-channel rows with an app badge and the uri, filters with channel:app, and shows the channel in the detail', async () => {
    const services = testServices();
    services.store.enqueue({
      type: 'hello',
      wireVersion: 1,
      sessions: [
        { id: 's1', name: 'demo', state: 'connected', transport: 'stdio', target: 'x', createdAt: 0, wrapped: false, era: 'legacy' },
      ],
    });
    [
      request(1, 1, 'tools/call'),
      response(2, 1),
      appFrame(3, 'in', { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }),
      appFrame(4, 'out', { jsonrpc: '2.0', id: 1, result: {} }),
    ].forEach((f) => services.store.enqueue(f));
    services.store.enqueue({ type: 'ready' });
    activeSessionStore.set('s1');
    render(<FramesPanel />, { wrapper: services.wrapper });
    const rows = () => Array.from(document.querySelectorAll('[data-testid="frame-row"]')) as HTMLElement[];
    await waitFor(() => expect(rows()).toHaveLength(4));
    const app = rows().filter((r) => r.dataset.channel === 'app');
    expect(app.map((r) => r.dataset.seq)).toEqual(['3', '4']);
    expect(app[0].querySelector('[data-testid="frame-app"]')?.textContent).toBe(`app${URI}`);
    expect(rows()[0].dataset.channel).toBeUndefined();

    fireEvent.change(screen.getByTestId('frame-filter'), { target: { value: 'channel:app' } });
    act(() => fireEvent.keyDown(screen.getByTestId('frame-filter'), { key: 'Enter' }));
    await waitFor(() => expect(rows().map((r) => r.dataset.seq)).toEqual(['3', '4']));

    fireEvent.mouseDown(rows()[0]);
    const detail = await screen.findByTestId('frame-detail-app');
    expect(detail.textContent).toContain('v1');
    expect(detail.textContent).toContain(URI);
    expect(screen.getByTestId('frame-detail').textContent).toContain('app → mcpscope (host)');
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from '../lib/testServices';
import { notification, rawFrame, request, response } from '../lib/testFrames';
import { activeSessionStore, activeTabStore } from '../lib/uiState';
import { Shell } from './Shell';

afterEach(cleanup);

// jsdom has no layout: give elements a size so the virtualized lists render rows.
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

function renderShell() {
  const services = testServices({ info: async () => ({ name: 'mcpscope' as const, version: '9.9.9', wireVersion: 1 }) });
  const { store } = services;
  activeSessionStore.set(null);
  activeTabStore.set('frames');
  store.enqueue({
    type: 'hello',
    wireVersion: 1,
    sessions: [
      {
        id: 's1',
        name: 'demo',
        state: 'connected',
        transport: 'stdio',
        target: 'node demo.js',
        createdAt: 0,
        wrapped: false,
        era: 'legacy',
        protocolVersion: '2025-11-25',
        serverInfo: { name: 'demo', version: '1.0.0' },
        serverCapabilities: { tools: { listChanged: true } },
      },
    ],
  });
  [request(1, 1, 'tools/list'), response(2, 1), notification(3, 'notifications/message'), rawFrame(4, 'not json')].forEach((f) =>
    store.enqueue(f),
  );
  store.enqueue({ type: 'stderr', sessionId: 's1', seq: 5, t: 5, text: 'server listening\n' });
  store.enqueue({ type: 'ready' });
  const view = render(<Shell />, { wrapper: services.wrapper });
  return { ...services, view };
}

describe('Shell (smoke)', () => {
  it('renders the session, status bar and frame rows with their test attributes', async () => {
    renderShell();
    expect(screen.getAllByTestId('session-item')).toHaveLength(1);
    expect(screen.getByTestId('status-era').textContent).toBe('legacy');
    expect(screen.getByTestId('status-version').textContent).toBe('2025-11-25');
    const rows = screen.getAllByTestId('frame-row');
    expect(rows.map((r) => [r.dataset.method, r.dataset.dir, r.dataset.kind])).toEqual([
      ['tools/list', 'out', 'request'],
      ['tools/list', 'in', 'response'],
      ['notifications/message', 'in', 'notification'],
      ['', 'in', 'raw'],
    ]);
    for (const id of [
      'conn-transport',
      'conn-command',
      'conn-args',
      'conn-connect',
      'conn-demo',
      'frame-filter',
      'theme-toggle',
      'tab-frames',
      'tab-console',
      'tab-composer',
    ]) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
  });

  it('opens the detail on click, moves with the keyboard and jumps to the paired request', () => {
    renderShell();
    fireEvent.mouseDown(screen.getAllByTestId('frame-row')[1]);
    const detail = screen.getByTestId('frame-detail');
    expect(detail.dataset.seq).toBe('2');
    expect(within(detail).getByTestId('frame-detail-copy')).toBeTruthy();
    fireEvent.click(within(detail).getByTestId('frame-detail-goto'));
    expect(screen.getByTestId('frame-detail').dataset.seq).toBe('1');
    fireEvent.keyDown(screen.getByTestId('frame-list'), { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByTestId('frame-list'), { key: 'ArrowDown' });
    expect(screen.getByTestId('frame-detail').dataset.seq).toBe('3');
    fireEvent.keyDown(screen.getByTestId('frame-list'), { key: 'Escape' });
    expect(screen.queryByTestId('frame-detail')).toBeNull();
  });

  it('shows stderr and lifecycle lines in the Console tab', () => {
    renderShell();
    act(() => fireEvent.click(screen.getByTestId('tab-console')));
    expect(screen.getAllByTestId('console-line').map((l) => l.textContent)).toEqual([expect.stringContaining('server listening')]);
  });
});

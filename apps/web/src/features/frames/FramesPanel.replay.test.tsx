// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { boundAction, isEnabled, performAction } from '../../lib/actions';
import { composerPrefillStore } from '../../lib/composerPrefill';
import { notification, request, response } from '../../lib/testFrames';
import { testServices } from '../../lib/testServices';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { FramesPanel } from './FramesPanel';
import { pinStore } from './pinnedFrames';

afterEach(cleanup);
beforeEach(() => {
  pinStore.set(new Map());
  localStorage.clear();
  composerPrefillStore.set(null);
  activeTabStore.set('frames');
});
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

function renderPanel(offline = false) {
  const sendMessage = vi.fn(async () => ({ response: { jsonrpc: '2.0', id: 'r1', result: {} }, latencyMs: 2 }));
  const services = testServices({ sendMessage });
  services.store.enqueue({
    type: 'hello',
    wireVersion: 1,
    sessions: [
      {
        id: 's1',
        name: 'demo',
        state: offline ? 'closed' : 'connected',
        transport: 'stdio',
        target: 'x',
        createdAt: 0,
        wrapped: false,
        era: 'legacy',
        ...(offline ? { offline: true } : {}),
      },
    ],
  });
  [request(1, 1, 'tools/call'), response(2, 1), notification(3, 'notifications/message', 'in')].forEach((f) => services.store.enqueue(f));
  services.store.enqueue({ type: 'ready' });
  activeSessionStore.set('s1');
  render(<FramesPanel />, { wrapper: services.wrapper });
  const row = (seq: number) => document.querySelector(`[data-testid="frame-row"][data-seq="${seq}"]`) as HTMLElement;
  return { sendMessage, row };
}

describe('frame log: replay, edit and replay, pins', () => {
  it('a row’s context menu replays an outgoing request; the detail offers the same; incoming frames get no replay', async () => {
    const { sendMessage, row } = renderPanel();
    await waitFor(() => expect(row(1)).toBeTruthy());
    fireEvent.contextMenu(row(1), { clientX: 50, clientY: 60 });
    const menu = screen.getByTestId('frame-menu');
    expect(menu.textContent).toContain('Frame #1');
    fireEvent.click(screen.getByTestId('frame-menu-replay'));
    expect(screen.queryByTestId('frame-menu')).toBeNull();
    expect(sendMessage).toHaveBeenCalledWith(
      's1',
      { message: { jsonrpc: '2.0', method: 'tools/call', params: {} }, notification: false },
      'frames: replay #1',
    );
    await waitFor(() => expect(screen.getByTestId('frame-replay-result').dataset.state).toBe('ok'));
    // Where the user replayed from: the replayed frame's detail opens with the result under its buttons.
    expect(screen.getByTestId('frame-detail').dataset.seq).toBe('1');
    expect(screen.getByTestId('frame-detail').contains(screen.getByTestId('frame-detail-replay-result'))).toBe(true);
    expect(screen.getByTestId('frame-detail-replay-result').dataset.state).toBe('ok');
    expect(screen.getByTestId('frame-replay-status').textContent).toMatch(/^Replay of frame 1 \(tools\/call\).*answered/);

    fireEvent.mouseDown(row(3));
    await waitFor(() => expect(screen.getByTestId('frame-detail').dataset.seq).toBe('3'));
    // Another frame's detail: the result stays above the log only.
    expect(screen.queryByTestId('frame-detail-replay-result')).toBeNull();
    expect(screen.getByTestId('frame-replay-result').dataset.state).toBe('ok');
    expect(screen.queryByTestId('frame-detail-replay')).toBeNull();
    fireEvent.contextMenu(row(3));
    expect(screen.queryByTestId('frame-menu-replay')).toBeNull();
    expect(screen.getByTestId('frame-menu').textContent).toContain('Not replayable');
    act(() => void fireEvent.keyDown(document, { key: 'Escape' }));
    expect(screen.queryByTestId('frame-menu')).toBeNull();

    fireEvent.mouseDown(row(1));
    await waitFor(() => expect(screen.getByTestId('frame-detail').dataset.seq).toBe('1'));
    fireEvent.click(screen.getByTestId('frame-detail-edit'));
    expect(composerPrefillStore.getSnapshot()).toMatchObject({ sessionId: 's1', source: 'frame #1' });
    expect(activeTabStore.getSnapshot()).toBe('composer');
  });

  it('a trace: Replay is disabled with the reason on hover', async () => {
    const { sendMessage, row } = renderPanel(true);
    await waitFor(() => expect(row(1)).toBeTruthy());
    fireEvent.mouseDown(row(1));
    const replay = await screen.findByTestId('frame-detail-replay');
    expect(replay.getAttribute('aria-disabled')).toBe('true');
    expect(replay.title).toMatch(/opened from a trace/);
    fireEvent.click(replay);
    expect(sendMessage).not.toHaveBeenCalled();
    expect(screen.getByTestId('frame-detail-edit').title).toMatch(/No live session/);
  });

  it('pins a row into the strip above the log; a click selects it; unpin removes it', async () => {
    const { row } = renderPanel();
    await waitFor(() => expect(row(2)).toBeTruthy());
    expect(screen.queryByTestId('frame-pins')).toBeNull();
    fireEvent.click(row(2).querySelector('[data-testid="frame-pin"]')!);
    const item = await screen.findByTestId('frame-pin-item');
    expect(item.dataset.seq).toBe('2');
    expect(row(2).dataset.pinned).toBe('true');
    fireEvent.click(item);
    await waitFor(() => expect(row(2).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByTestId('frame-detail').dataset.seq).toBe('2');
    expect(screen.getByTestId('frame-detail-pin').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('frame-pin-remove'));
    expect(screen.queryByTestId('frame-pins')).toBeNull();
    // The keyboard: P on the list pins the selected frame.
    fireEvent.keyDown(screen.getByTestId('frame-list'), { key: 'p' });
    expect((await screen.findByTestId('frame-pin-item')).dataset.seq).toBe('2');
  });

  it('the command palette replays and pins the selected frame while the Frames tab is shown', async () => {
    const { sendMessage, row } = renderPanel();
    await waitFor(() => expect(row(1)).toBeTruthy());
    const enabled = (id: string) => isEnabled(boundAction(id)!, { source: 'palette' });
    expect(enabled('frames.replay')).toBe(false); // nothing selected
    fireEvent.mouseDown(row(1));
    expect(enabled('frames.replay')).toBe(true);
    act(() => void performAction('frames.replay', { source: 'palette' }));
    expect(sendMessage).toHaveBeenCalledWith('s1', expect.anything(), 'frames: replay #1');
    act(() => void performAction('frames.pin', { source: 'palette' }));
    expect((await screen.findByTestId('frame-pin-item')).dataset.seq).toBe('1');
    act(() => activeTabStore.set('tools'));
    expect(enabled('frames.edit-replay')).toBe(false);
  });
});

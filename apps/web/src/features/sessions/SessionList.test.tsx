// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { SessionList } from './SessionList';

afterEach(cleanup);

const everything = { name: 'everything', title: '<b>Everything</b>\u202e', version: '2.0.0' };
const s = (id: string, patch: Partial<SessionInfo> = {}): SessionInfo => ({
  id,
  name: 'index.js',
  state: 'connected',
  transport: 'stdio',
  target: 'node index.js',
  createdAt: Number(id.slice(1)),
  wrapped: false,
  ...patch,
});

function renderList(sessions: SessionInfo[], api: Parameters<typeof testServices>[0] = {}) {
  const services = testServices(api);
  services.store.enqueue({ type: 'hello', wireVersion: 1, sessions });
  services.store.enqueue({ type: 'ready' });
  activeSessionStore.set('s1');
  render(<SessionList />, { wrapper: services.wrapper });
  return services;
}

const items = () => screen.getAllByTestId('session-item');

describe('SessionList', () => {
  it('says what would fill it when empty', () => {
    renderList([]);
    expect(screen.getByTestId('sessions-empty').textContent).toMatch(/Connect to a server below, or start the Demo server/);
  });

  it('groups sessions with counts and shows hostile server names as plain text', () => {
    renderList([
      s('s1', { serverInfo: everything }),
      s('s2', { serverInfo: everything, transport: 'http' }),
      s('s3', { state: 'failed', name: 'nope' }),
      s('s4', { state: 'closed', offline: true }),
    ]);
    expect(
      screen.getAllByTestId('session-group').map((g) => [g.dataset.group, within(g).getByTestId('session-group-count').textContent]),
    ).toEqual([
      ['live', '(2)'],
      ['ended', '(1)'],
      ['offline', '(1)'],
    ]);
    const label = within(items()[0]!).getByTestId('session-label');
    expect(label.textContent).toBe('<b>Everything</b> v2.0.0 #2');
    expect(label.querySelector('b')).toBeNull();
    expect(screen.getAllByTestId('session-group-clear').map((b) => b.textContent)).toEqual(['Clear ended', 'Clear offline']);
    // Close for live ones, Remove for the others.
    expect(within(items()[0]!).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(items()[2]!).getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('has one Tab stop (the selected session); arrows move it; F2 renames, Escape cancels, Enter saves', async () => {
    const renameSession = vi.fn(async (id: string, name: string | null) => s(id, { name: name ?? 'index.js', named: name !== null }));
    renderList([s('s1'), s('s2')], { renameSession });
    const [newest, selected] = items() as [HTMLElement, HTMLElement];
    expect([newest.tabIndex, selected.tabIndex]).toEqual([-1, 0]);
    expect(within(newest).getByRole('button', { name: 'Rename' }).tabIndex).toBe(-1);
    selected.focus();
    fireEvent.keyDown(selected, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(newest);
    expect([newest.tabIndex, selected.tabIndex]).toEqual([0, -1]);

    fireEvent.keyDown(newest, { key: 'F2' });
    const input = screen.getByTestId('session-rename-input') as HTMLInputElement;
    expect(input.value).toBe('index.js');
    fireEvent.change(input, { target: { value: 'ignored' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('session-rename-input')).toBeNull();
    expect(renameSession).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(newest);

    fireEvent.doubleClick(within(newest).getByTestId('session-label'));
    fireEvent.change(screen.getByTestId('session-rename-input'), { target: { value: 'mine' } });
    fireEvent.keyDown(screen.getByTestId('session-rename-input'), { key: 'Enter' });
    await waitFor(() => expect(within(items()[0]!).getByTestId('session-label').textContent).toBe('mine'));
    expect(renameSession).toHaveBeenCalledWith('s2', 'mine');
  });

  it('keeps the keyboard in the list after Remove: the next session takes the focus', async () => {
    const forgetSession = vi.fn(async () => undefined);
    renderList([s('s1'), s('s2', { state: 'failed' }), s('s3', { state: 'closed' })], { forgetSession });
    const removed = items().find((el) => el.dataset.sessionId === 's3')!;
    const button = within(removed).getByRole('button', { name: 'Remove' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(items().map((el) => el.dataset.sessionId)).not.toContain('s3'));
    expect(forgetSession).toHaveBeenCalledWith('s3');
    expect((document.activeElement as HTMLElement).dataset.sessionId).toBe('s2');
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestConnectFocus, useConnectFocusRef } from '../../lib/connectFocus';
import { connectedSession } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { activeSessionStore, activeTabStore, connectFocusStore } from '../../lib/uiState';
import { Welcome } from './Welcome';

afterEach(() => {
  cleanup();
  activeSessionStore.set(null);
  activeTabStore.set('frames');
});

const DEMO = { transport: 'stdio' as const, command: 'node', args: ['demo.js'], env: {} };

function renderWelcome(demo = true) {
  const createSession = vi.fn(async () => connectedSession({ id: 'demo-1' }));
  const services = testServices({
    info: async () => ({ name: 'mcpscope' as const, version: '1', wireVersion: 1, ...(demo ? { demo: DEMO } : {}) }),
    createSession,
  });
  render(<Welcome />, { wrapper: services.wrapper });
  return { createSession, services };
}

describe('Welcome', () => {
  it('shows every way to start: connect, the demo, a trace and the CLI forms', () => {
    renderWelcome();
    expect(screen.getByTestId('welcome-connect')).toBeTruthy();
    expect(screen.getByTestId('welcome-demo')).toBeTruthy();
    expect(screen.getByTestId('welcome-trace')).toBeTruthy();
    const cli = screen.getByTestId('welcome-cli').textContent ?? '';
    for (const form of ['npx mcpscope -- node server.js', 'npx mcpscope --url', 'npx mcpscope check', 'npx mcpscope call tools/list'])
      expect(cli).toContain(form);
  });

  it('starts the demo with the config /api/info gives, then shows its frames', async () => {
    const { createSession, services } = renderWelcome();
    const button = screen.getByTestId('welcome-demo-button') as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    act(() => setTab('tools'));
    fireEvent.click(button);
    await waitFor(() => expect(activeSessionStore.getSnapshot()).toBe('demo-1'));
    expect(createSession).toHaveBeenCalledWith(DEMO, undefined); // no trace-context or span options for the demo
    expect(activeTabStore.getSnapshot()).toBe('frames');
    expect(services.store.getSnapshot().sessions.map((s) => s.id)).toEqual(['demo-1']);
  });

  it('disables the demo when this build ships none', async () => {
    const { createSession } = renderWelcome(false);
    await act(async () => {});
    const button = screen.getByTestId('welcome-demo-button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('This build ships no demo server');
    expect(createSession).not.toHaveBeenCalled();
  });

  it('points at the Connect form and opens Traces', () => {
    renderWelcome();
    const before = connectFocusStore.getSnapshot();
    fireEvent.click(screen.getByTestId('welcome-connect-button'));
    expect(connectFocusStore.getSnapshot()).toBe(before + 1);
    fireEvent.click(screen.getByTestId('welcome-traces-button'));
    expect(activeTabStore.getSnapshot()).toBe('traces');
  });
});

function setTab(tab: string) {
  activeTabStore.set(tab);
}

function FocusProbe() {
  const ref = useConnectFocusRef<HTMLInputElement>();
  return <input ref={ref} data-testid="probe" />;
}

describe('useConnectFocusRef', () => {
  it('focuses the field on each request made after it mounted, not on mount', () => {
    requestConnectFocus(); // an old request: not replayed
    render(<FocusProbe />);
    const input = screen.getByTestId('probe');
    expect(document.activeElement).not.toBe(input);
    act(() => requestConnectFocus());
    expect(document.activeElement).toBe(input);
    input.blur();
    act(() => requestConnectFocus());
    expect(document.activeElement).toBe(input);
  });
});

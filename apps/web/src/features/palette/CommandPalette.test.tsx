// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationStore } from '../../lib/navigation';
import { registerShortcutHandler } from '../../lib/shortcuts';
import { testServices } from '../../lib/testServices';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { CommandPalette } from './CommandPalette';
import { closeOverlay } from './paletteStore';

afterEach(() => {
  cleanup();
  closeOverlay();
});
beforeEach(() => {
  activeTabStore.set('frames');
  navigationStore.set(null);
});

const views = [
  { id: 'frames', label: 'Frames' },
  { id: 'tools', label: 'Tools' },
  { id: 'client', label: 'Client' },
];

function setup() {
  const services = testServices({ info: async () => ({ name: 'mcpscope' as const, version: '0', wireVersion: 1 }) });
  services.store.upsertSession({
    id: 's1',
    name: 'demo',
    state: 'connected',
    transport: 'stdio',
    target: '',
    createdAt: 0,
    wrapped: false,
    serverCapabilities: { tools: {}, prompts: {} },
  });
  activeSessionStore.set('s1');
  // What the Tools tab put in the cache (usePagedList's infinite query under [sessionId, method]).
  services.queryClient.setQueryData(['s1', 'tools/list'], {
    pages: [{ tools: [{ name: 'echo' }, { name: 'ask_llm', title: 'Ask the client LLM' }, { name: 'list_roots' }] }],
    pageParams: [undefined],
  });
  services.queryClient.setQueryData(['s1', 'prompts/list'], { pages: [{ prompts: [{ name: 'greeting' }] }], pageParams: [undefined] });
  render(<CommandPalette views={views} />, { wrapper: services.wrapper });
  return services;
}

const key = (init: KeyboardEventInit) =>
  act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })));

describe('CommandPalette', () => {
  it('opens with Ctrl+K and jumps to a tool from the query cache', async () => {
    setup();
    key({ key: 'k', ctrlKey: true });
    // The dialog is a lazy chunk: its first import may take a while on a loaded machine.
    expect(await screen.findByTestId('command-palette', {}, { timeout: 10_000 })).toBeTruthy();
    const input = screen.getByTestId('palette-input');
    fireEvent.change(input, { target: { value: 'askl' } });
    const items = screen.getAllByTestId('palette-item');
    expect(items[0].getAttribute('data-id')).toBe('tool:ask_llm');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByTestId('command-palette')).toBeNull();
    expect(activeTabStore.getSnapshot()).toBe('tools');
    expect(navigationStore.getSnapshot()).toMatchObject({ tab: 'tools', target: { kind: 'tool', name: 'ask_llm' } });
  });

  it('lists views, prompts and actions; ">" narrows to actions; Escape closes', async () => {
    setup();
    key({ key: 'k', ctrlKey: true });
    await screen.findByTestId('command-palette');
    const kinds = new Set(screen.getAllByTestId('palette-item').map((i) => i.getAttribute('data-kind')));
    expect([...kinds].sort()).toEqual(['action', 'prompt', 'tool', 'view']);
    const input = screen.getByTestId('palette-input');
    fireEvent.change(input, { target: { value: '> theme' } });
    expect(screen.getAllByTestId('palette-item').map((i) => i.getAttribute('data-id'))).toEqual(['action:toggle-theme']);
    fireEvent.change(input, { target: { value: 'client' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(activeTabStore.getSnapshot()).toBe('client');
    key({ key: 'k', ctrlKey: true });
    fireEvent.keyDown(await screen.findByTestId('palette-input'), { key: 'Escape' });
    expect(screen.queryByTestId('command-palette')).toBeNull();
  });

  it('"?" shows the shortcuts; Mod+Enter goes to the active tab\'s handler', async () => {
    setup();
    key({ key: '?', shiftKey: true });
    const help = await screen.findByTestId('shortcuts-help');
    expect(help.textContent).toContain('Ctrl+K');
    expect(help.textContent).toContain('Ctrl+Shift+Enter');
    fireEvent.keyDown(help, { key: 'Escape' });
    expect(screen.queryByTestId('shortcuts-help')).toBeNull();

    const call = vi.fn();
    const off = registerShortcutHandler('call', call, { tab: 'tools' });
    key({ key: 'Enter', ctrlKey: true });
    expect(call).not.toHaveBeenCalled(); // Frames is in view
    act(() => activeTabStore.set('tools'));
    key({ key: 'Enter', ctrlKey: true });
    expect(call).toHaveBeenCalledTimes(1);
    off();
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boundActionsStore, type BoundAction } from '../lib/actions';
import { pinStore } from '../features/frames/pinnedFrames';
import { closeOverlay } from '../features/palette/paletteStore';
import { testServices } from '../lib/testServices';
import { request, response } from '../lib/testFrames';
import { activeSessionStore, activeTabStore } from '../lib/uiState';
import { Shell } from './Shell';

afterEach(() => {
  cleanup();
  closeOverlay();
  pinStore.set(new Map()); // pressing P pins: each test starts with none
});

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
  activeSessionStore.set(null);
  activeTabStore.set('frames');
  services.store.enqueue({
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
      },
    ],
  });
  [request(1, 1, 'tools/list'), response(2, 1)].forEach((f) => services.store.enqueue(f));
  services.store.enqueue({ type: 'ready' });
  render(<Shell />, { wrapper: services.wrapper });
  fireEvent.mouseDown(screen.getAllByTestId('frame-row')[0]!); // a selected frame: the frame keys have something to act on
  return services;
}

/** Where an area's keys are pressed: the element whose key handler runs that area's actions. */
const AREA_ELEMENT: Record<string, () => HTMLElement> = {
  window: () => document.body,
  'views navigation': () => screen.getAllByRole('tab')[0]!,
  'sidebar edge': () => screen.getByTestId('sidebar-resize'),
  'frame list': () => screen.getByTestId('frame-list'),
};

/** A key that the shown keys stand for, when they name several ("Alt+1…9"); else one is read from `keys`. */
const SAMPLE: Record<string, KeyboardEventInit> = {
  'tabs.switch': { key: '2', code: 'Digit2', altKey: true },
  'nav.move': { key: 'ArrowDown' },
  'nav.open': { key: 'Enter' },
  'sidebar.resize': { key: 'ArrowRight' },
};

function keyOf(a: BoundAction): KeyboardEventInit {
  if (Object.hasOwn(SAMPLE, a.id)) return SAMPLE[a.id]!;
  expect(a.keyTest, `${a.id}: add a sample key for ${a.keys}`).toBeUndefined();
  const parts = a.keys!.split('+');
  const key = parts.pop()!;
  return {
    key: key.length === 1 ? key.toLowerCase() : key,
    ctrlKey: parts.includes('Mod') || parts.includes('Ctrl'),
    shiftKey: parts.includes('Shift') || key === '?',
    altKey: parts.includes('Alt'),
  };
}

/** The `?` list as shown: action id → the keys and the words. */
async function helpRows(): Promise<Map<string, { keys: string; text: string }>> {
  act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: '?', shiftKey: true, bubbles: true, cancelable: true })));
  const help = await screen.findByTestId('shortcuts-help', {}, { timeout: 10_000 });
  const rows = new Map(
    within(help)
      .getAllByTestId('shortcut')
      .map((r) => [r.dataset.action!, { keys: r.querySelector('kbd')!.textContent!, text: r.textContent! }]),
  );
  fireEvent.keyDown(help, { key: 'Escape' });
  return rows;
}

describe('one action registry feeds the palette, the keys, the ? list and the menus', () => {
  it('every shortcut in the ? list is bound where it is pressed, and every bound shortcut is listed', async () => {
    renderShell();
    await screen.findByTestId('frame-list');
    const rows = await helpRows();
    const withKeys = boundActionsStore.getSnapshot().filter((a) => a.keys !== undefined);
    // Bound but not listed.
    expect(withKeys.map((a) => a.id).filter((id) => !rows.has(id))).toEqual([]);
    // The list as a person reads it: today's shortcuts, the frame list's included.
    expect([...rows.keys()]).toEqual([
      'palette.open',
      'shortcuts',
      'tabs.switch',
      'nav.move',
      'nav.open',
      'sidebar.resize',
      'action.call',
      'action.rerun',
      'action.cancel',
      'frames.pin',
      'frames.focus-filter',
    ]);
    // Listed but not bound: pressing the keys where the list says reaches the action.
    for (const id of rows.keys()) {
      const action = boundActionsStore.getSnapshot().find((a) => a.id === id);
      expect(action, `${id} is listed but not bound`).toBeDefined();
      const reached = vi.fn();
      const binding = action!.binding;
      const { perform, enabled } = binding;
      binding.perform = (ctx) => (reached(), perform(ctx));
      binding.enabled = (ctx) => (reached(), enabled ? enabled(ctx) : true);
      try {
        const element = AREA_ELEMENT[action!.area ?? 'window'];
        expect(element, `${id}: the test knows no element for the area ${action!.area}`).toBeDefined();
        act(() => void fireEvent.keyDown(element!(), keyOf(action!)));
        expect(reached, `${id} (${action!.keys}) is listed but its keys do not reach it`).toHaveBeenCalled();
      } finally {
        binding.perform = perform;
        binding.enabled = enabled;
        closeOverlay();
      }
    }
  });

  it('shows the same keys and words in the palette as in the ? list, and runs the same action from both and from the row menu', async () => {
    renderShell();
    await screen.findByTestId('frame-list');
    const rows = await helpRows();
    expect(rows.get('frames.pin')).toMatchObject({ keys: 'P', text: expect.stringContaining('Pin or unpin the selected frame') });
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true })));
    const input = await screen.findByTestId('palette-input', {}, { timeout: 10_000 });
    fireEvent.change(input, { target: { value: '> pin or unpin' } });
    const item = screen.getAllByTestId('palette-item').find((i) => i.dataset.id === 'action:frames.pin')!;
    expect(item.textContent).toContain('Pin or unpin the selected frame');
    expect(item.textContent).toContain('P');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('frame-pin-item')).dataset.seq).toBe('1');
    // The row menu: the same action, on the row's frame, with the menu's words.
    fireEvent.contextMenu(screen.getAllByTestId('frame-row')[1]!);
    const menu = await screen.findByTestId('frame-menu');
    expect(within(menu).getByTestId('frame-menu-pin').textContent).toBe('Pin to the top of the log');
    fireEvent.click(within(menu).getByTestId('frame-menu-pin'));
    expect(screen.getAllByTestId('frame-pin-item').map((p) => p.dataset.seq)).toEqual(['1', '2']);
    fireEvent.keyDown(screen.getByTestId('frame-list'), { key: 'p' }); // the selected one (1), by its key
    expect(screen.getAllByTestId('frame-pin-item').map((p) => p.dataset.seq)).toEqual(['2']);
  });
});

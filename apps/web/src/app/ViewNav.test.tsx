// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testServices } from '../lib/testServices';
import { activeSessionStore, activeTabStore } from '../lib/uiState';
import { TABS, VIEW_GROUPS } from './tabs';
import { displayOrder, navCompactStore, setNavCompact } from './viewNav';
import { ViewNav } from './ViewNav';

beforeEach(() => {
  activeSessionStore.set(null);
  activeTabStore.set('frames');
  setNavCompact(false);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderNav() {
  const { wrapper } = testServices();
  render(<ViewNav />, { wrapper });
  return screen.getAllByRole('tab');
}
const tabStops = () =>
  screen
    .getAllByRole('tab')
    .filter((t) => t.tabIndex === 0)
    .map((t) => t.id);

describe('the views registry', () => {
  it('is in display order, every view in a known group, groups contiguous', () => {
    const known = VIEW_GROUPS.map((g) => g.id);
    expect(TABS.every((t) => known.includes(t.group))).toBe(true);
    expect(displayOrder(TABS, VIEW_GROUPS).map((t) => t.id)).toEqual(TABS.map((t) => t.id));
    expect(new Set(TABS.map((t) => t.id)).size).toBe(TABS.length);
  });
});

describe('ViewNav', () => {
  it('renders every view as a tab of one vertical tablist, under its group, with the contract attributes', () => {
    const tabs = renderNav();
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    expect(tabs.map((t) => t.id)).toEqual(TABS.map((t) => `tab-${t.id}`));
    for (const t of TABS) {
      const el = screen.getByTestId(`tab-${t.id}`);
      expect(el.getAttribute('aria-controls')).toBe(`panel-${t.id}`);
      expect(el.getAttribute('aria-selected')).toBe(String(t.id === 'frames'));
    }
    expect(screen.getByTestId('view-group-diagnosis').textContent).toContain('Diagnosis');
    expect(screen.getByTestId('tab-frames').title).toBe('Frames (Alt+1)');
    expect(tabStops()).toEqual(['tab-frames']);
  });

  it('moves the focus with arrows and Home/End, opens with Enter/Space, and gives the tab stop back on leaving', () => {
    renderNav();
    const frames = screen.getByTestId('tab-frames');
    act(() => frames.focus());
    fireEvent.keyDown(frames, { key: 'ArrowDown' });
    expect(document.activeElement?.id).toBe('tab-console');
    expect(activeTabStore.getSnapshot()).toBe('frames');
    expect(tabStops()).toEqual(['tab-console']);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.id).toBe(`tab-${TABS.at(-1)!.id}`);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.id).toBe('tab-frames');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(activeTabStore.getSnapshot()).toBe(TABS.at(-1)!.id);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(activeTabStore.getSnapshot()).toBe('frames');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.blur(document.activeElement!, { relatedTarget: document.body });
    expect(tabStops()).toEqual(['tab-frames']);
  });

  it('opens the n-th view in display order with Alt+n from anywhere', () => {
    renderNav();
    const order = displayOrder(TABS, VIEW_GROUPS);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: '6', code: 'Digit6', altKey: true })));
    expect(activeTabStore.getSnapshot()).toBe(order[5].id);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: '6', code: 'Digit6', altKey: true, ctrlKey: true })));
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: '1', code: 'Digit1', altKey: true, ctrlKey: true })));
    expect(activeTabStore.getSnapshot()).toBe(order[5].id);
  });

  it('collapses to icons only, remembered, with every tab still rendered and named', () => {
    renderNav();
    fireEvent.click(screen.getByTestId('view-nav-compact'));
    expect(navCompactStore.getSnapshot()).toBe(true);
    expect(localStorage.getItem('mcpscope.nav.compact')).toBe('true');
    expect(screen.getByTestId('view-nav').dataset.compact).toBe('true');
    expect(screen.getAllByRole('tab')).toHaveLength(TABS.length);
    expect(screen.getByRole('tab', { name: 'Capabilities' })).toBeTruthy();
  });
});

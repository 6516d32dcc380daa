// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testServices } from '../lib/testServices';
import { activeSessionStore, activeTabStore } from '../lib/uiState';
import { TabArea } from './TabArea';

beforeEach(() => {
  activeSessionStore.set(null);
  activeTabStore.set('frames');
});
afterEach(cleanup);

describe('TabArea with no session', () => {
  it('shows the welcome screen in place of a session view, and the app-wide views as usual', () => {
    const { wrapper } = testServices();
    render(<TabArea />, { wrapper });
    const welcome = screen.getByTestId('welcome-panel');
    expect(welcome.id).toBe('panel-frames');
    expect(welcome.getAttribute('role')).toBe('tabpanel');
    expect(screen.queryByTestId('frame-filter')).toBeNull();

    act(() => activeTabStore.set('tools'));
    expect(screen.getByTestId('welcome-panel').id).toBe('panel-tools');

    act(() => activeTabStore.set('traces'));
    expect(screen.queryByTestId('welcome-panel')).toBeNull();
    expect(document.getElementById('panel-traces')?.hidden).toBe(false);
    expect(screen.getByTestId('trace-drop-zone')).toBeTruthy();
  });
});

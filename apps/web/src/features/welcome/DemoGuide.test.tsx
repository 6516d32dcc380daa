// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { boundAction, labelOf, performAction } from '../../lib/actions';
import { navigationStore } from '../../lib/navigation';
import { connectedSession } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { activeSessionStore, activeTabStore, frameFilterRequestStore } from '../../lib/uiState';
import { DemoGuide } from './DemoGuide';
import { DEMO_SERVER_NAME, isLiveDemo } from './demoGuide';
import { demoGuideDismissedStore, DISMISSED_KEY } from './useDemoGuideModel';

afterEach(() => {
  cleanup();
  localStorage.clear();
  demoGuideDismissedStore.set(false);
  activeSessionStore.set(null);
  navigationStore.set(null);
  frameFilterRequestStore.set(null);
});

const demo = (over = {}) => connectedSession({ serverInfo: { name: DEMO_SERVER_NAME, version: '0.1.0' }, ...over });

function renderGuide(session = demo()) {
  const services = testServices();
  services.store.upsertSession(session);
  act(() => activeSessionStore.set(session.id));
  render(<DemoGuide />, { wrapper: services.wrapper });
}

describe('isLiveDemo', () => {
  it('is the connected demo server, not a trace of it, a closed one or another server', () => {
    expect(isLiveDemo(demo())).toBe(true);
    expect(isLiveDemo(demo({ offline: true }))).toBe(false);
    expect(isLiveDemo(demo({ state: 'closed' }))).toBe(false);
    expect(isLiveDemo(connectedSession({ serverInfo: { name: 'everything' } }))).toBe(false);
    expect(isLiveDemo(undefined)).toBe(false);
  });
});

describe('DemoGuide', () => {
  it('shows three steps that take the user there', () => {
    renderGuide();
    const steps = screen.getAllByTestId('demo-step');
    expect(steps.map((s) => s.getAttribute('data-step'))).toEqual(['call', 'frames', 'answer']);

    fireEvent.click(steps[0]);
    expect(navigationStore.getSnapshot()).toMatchObject({ tab: 'tools', sessionId: 's1', target: { kind: 'tool', name: 'add' } });
    expect(activeTabStore.getSnapshot()).toBe('tools');

    fireEvent.click(steps[1]);
    expect(frameFilterRequestStore.getSnapshot()).toEqual({ sessionId: 's1', text: 'method:tools/call' });
    expect(activeTabStore.getSnapshot()).toBe('frames');

    fireEvent.click(steps[2]);
    expect(navigationStore.getSnapshot()).toMatchObject({ tab: 'tools', target: { kind: 'tool', name: 'ask_user' } });
  });

  it('explains each step on request', () => {
    renderGuide();
    expect(screen.queryByTestId('demo-guide-details')).toBeNull();
    fireEvent.click(screen.getByTestId('demo-guide-more'));
    expect(screen.getByTestId('demo-guide-details').textContent).toContain('outputSchema');
  });

  it('stays dismissed: remembered in localStorage', () => {
    renderGuide();
    fireEvent.click(screen.getByTestId('demo-guide-dismiss'));
    expect(screen.queryByTestId('demo-guide')).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe('true');
  });

  it('comes back from the command palette once dismissed', () => {
    renderGuide();
    expect(boundAction('demo-guide-show')).toBeUndefined();
    fireEvent.click(screen.getByTestId('demo-guide-dismiss'));
    const show = boundAction('demo-guide-show');
    expect(show && labelOf(show)).toBe('Show the demo guide again');
    act(() => void performAction('demo-guide-show', { source: 'palette' }));
    expect(screen.getByTestId('demo-guide')).toBeTruthy();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe('false');
    expect(boundAction('demo-guide-show')).toBeUndefined();
  });

  it('is not shown for another server', () => {
    renderGuide(connectedSession({ serverInfo: { name: 'server-everything' } }));
    expect(screen.queryByTestId('demo-guide')).toBeNull();
  });
});

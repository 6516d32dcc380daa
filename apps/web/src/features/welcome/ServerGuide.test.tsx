// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { boundActionsStore, performAction } from '../../lib/actions';
import { navigationStore } from '../../lib/navigation';
import { connectedSession } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { DEMO_SERVER_NAME } from './demoGuide';
import { ServerGuide } from './ServerGuide';
import { SERVER_GUIDE_KEY, serverGuideDismissedStore } from './useServerGuideModel';

afterEach(() => {
  cleanup();
  localStorage.clear();
  serverGuideDismissedStore.set([]);
  activeSessionStore.set(null);
  navigationStore.set(null);
});

const everything = (over = {}) =>
  connectedSession({
    serverInfo: { name: 'example-servers/everything', title: 'Everything Reference Server', version: '2.0.0' },
    serverCapabilities: { tools: {}, prompts: {}, logging: {} },
    protocolVersion: '2025-11-25',
    ...over,
  });

function renderGuide(session = everything()) {
  const services = testServices();
  services.store.upsertSession(session);
  act(() => activeSessionStore.set(session.id));
  return render(<ServerGuide />, { wrapper: services.wrapper });
}

describe('ServerGuide', () => {
  it('points every server that is not the demo to where to start, from what it declared', () => {
    renderGuide();
    const guide = screen.getByTestId('server-guide');
    expect(guide.textContent).toContain('Everything Reference Server v2.0.0');
    const steps = screen.getAllByTestId('server-guide-step');
    expect(steps.map((s) => s.dataset.step)).toEqual(['tools', 'prompts', 'frames']);
    fireEvent.click(steps[0]!);
    expect(activeTabStore.getSnapshot()).toBe('tools');
    fireEvent.click(steps[1]!);
    expect(activeTabStore.getSnapshot()).toBe('prompts');
  });

  it('is not shown for the demo (it has its own), a trace, or a session that is not connected', () => {
    renderGuide(connectedSession({ serverInfo: { name: DEMO_SERVER_NAME } }));
    expect(screen.queryByTestId('server-guide')).toBeNull();
    cleanup();
    renderGuide(everything({ offline: true }));
    expect(screen.queryByTestId('server-guide')).toBeNull();
    cleanup();
    renderGuide(everything({ state: 'failed' }));
    expect(screen.queryByTestId('server-guide')).toBeNull();
  });

  it('is dismissed per server, remembered, and comes back from the palette', () => {
    renderGuide();
    fireEvent.click(screen.getByTestId('server-guide-dismiss'));
    expect(screen.queryByTestId('server-guide')).toBeNull();
    expect(JSON.parse(localStorage.getItem(SERVER_GUIDE_KEY)!)).toEqual(['Everything Reference Server v2.0.0']);
    expect(boundActionsStore.getSnapshot().some((a) => a.id === 'server-guide-show')).toBe(true);
    act(() => void performAction('server-guide-show', { source: 'palette' }));
    expect(screen.getByTestId('server-guide')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSession, fakeWorkbench } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import ToolsWorkbench from './ToolsWorkbench';

afterEach(() => {
  cleanup();
  activeSessionStore.set(null);
});

function renderTools(session = connectedSession({ serverCapabilities: { tools: {} } })) {
  const services = testServices({ call: fakeWorkbench({ 'tools/list': () => ({ tools: [] }) }).call });
  services.store.upsertSession(session);
  act(() => activeSessionStore.set(session.id));
  render(<ToolsWorkbench />, { wrapper: services.wrapper });
}

describe('Tools empty states', () => {
  it('an empty tools/list says the server offers none, and what would change that', async () => {
    renderTools();
    await waitFor(() => expect(screen.getByTestId('tools-empty').textContent).toContain('This server offers no tools'));
    expect(screen.getByTestId('tools-empty').textContent).toContain('notifications/tools/list_changed');
  });

  it('a server without the tools capability: the reason, then what still works', () => {
    renderTools(connectedSession({ serverCapabilities: { resources: {} } }));
    expect(screen.getByTestId('feature-unavailable').getAttribute('data-feature')).toBe('tools');
    expect(screen.getByTestId('tools-empty').textContent).toContain('Resources, Prompts and the Composer');
  });

  it('a failed session points at the Console', () => {
    renderTools(connectedSession({ state: 'failed' }));
    expect(screen.getByTestId('tools-empty').textContent).toContain('Console');
  });
});

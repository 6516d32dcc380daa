// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSession, fakeWorkbench } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { ResourcesPanel } from './ResourcesPanel';

afterEach(() => {
  cleanup();
  activeSessionStore.set(null);
});

function renderPanel(serverCapabilities: Record<string, unknown>, resources = [{ uri: 'demo://a.txt', name: 'a' }]) {
  const fake = fakeWorkbench({
    'resources/list': () => ({ resources }),
    'resources/templates/list': () => ({ resourceTemplates: [] }),
    'resources/read': () => ({ contents: [{ uri: 'demo://a.txt', mimeType: 'text/plain', text: 'A' }] }),
  });
  const services = testServices({ call: fake.call });
  services.store.upsertSession(connectedSession({ serverCapabilities }));
  act(() => activeSessionStore.set('s1'));
  render(<ResourcesPanel />, { wrapper: services.wrapper });
  return fake;
}

describe('ResourcesPanel', () => {
  it('says resources are unavailable when undeclared, and lists them only when asked', async () => {
    const fake = renderPanel({ tools: {} });
    const note = screen.getByTestId('feature-unavailable');
    expect(note.getAttribute('data-feature')).toBe('resources');
    expect(note.textContent).toContain('The server did not declare resources, so listing and reading resources is disabled');
    expect(fake.requests('resources/list')).toHaveLength(0);
    fireEvent.click(screen.getByText('List anyway'));
    await waitFor(() => expect(screen.getAllByTestId('resource-item')).toHaveLength(1));
  });

  it('disables Subscribe with the reason when resources.subscribe is not declared', async () => {
    renderPanel({ resources: {} });
    fireEvent.click(await screen.findByTestId('resource-item'));
    await waitFor(() => expect(screen.getByTestId('resource-content').textContent).toContain('A'));
    const subscribe = screen.getByTestId('resource-subscribe') as HTMLButtonElement;
    expect(subscribe.disabled).toBe(true);
    expect(subscribe.title).toBe('The server did not declare resources.subscribe, so subscribing is disabled');
    expect(screen.getByTestId('feature-unavailable').getAttribute('data-feature')).toBe('resources.subscribe');
  });

  it('says what fills the view: nothing selected, or a server that offers no resources', async () => {
    renderPanel({ resources: {} });
    await waitFor(() => expect(screen.getByTestId('resources-empty').textContent).toContain('No resource selected'));
    cleanup();
    renderPanel({ resources: {} }, []);
    await waitFor(() => expect(screen.getByTestId('resources-empty').textContent).toContain('This server offers no resources'));
  });
});

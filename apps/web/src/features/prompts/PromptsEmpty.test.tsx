// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSession, fakeWorkbench } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { PromptsPanel } from './PromptsPanel';

afterEach(() => {
  cleanup();
  activeSessionStore.set(null);
});

function renderPrompts(serverCapabilities: Record<string, unknown>) {
  const services = testServices({ call: fakeWorkbench({ 'prompts/list': () => ({ prompts: [] }) }).call });
  services.store.upsertSession(connectedSession({ serverCapabilities }));
  act(() => activeSessionStore.set('s1'));
  render(<PromptsPanel />, { wrapper: services.wrapper });
}

describe('Prompts empty states', () => {
  it('an empty prompts/list says the server offers none', async () => {
    renderPrompts({ prompts: {} });
    await waitFor(() => expect(screen.getByTestId('prompts-empty').textContent).toContain('This server offers no prompts'));
  });

  it('a server without the prompts capability says so, and how to list anyway', () => {
    renderPrompts({ tools: {} });
    expect(screen.getByTestId('prompts-empty').textContent).toContain('did not declare the prompts capability');
    expect(screen.getByTestId('prompts-empty').textContent).toContain('List anyway');
  });
});

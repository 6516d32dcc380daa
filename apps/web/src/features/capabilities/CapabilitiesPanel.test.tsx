// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSession } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { CapabilitiesPanel } from './CapabilitiesPanel';

afterEach(() => {
  cleanup();
  activeSessionStore.set(null);
});

describe('CapabilitiesPanel', () => {
  it('shows both sides feature by feature, with what a missing server feature disables', () => {
    const services = testServices();
    services.store.upsertSession(
      connectedSession({
        serverCapabilities: { tools: { listChanged: true }, resources: {} },
        clientCapabilities: { roots: { listChanged: true }, sampling: {} },
      }),
    );
    act(() => activeSessionStore.set('s1'));
    render(<CapabilitiesPanel />, { wrapper: services.wrapper });
    const row = (side: string, feature: string) =>
      document.querySelector(`[data-testid="capability-row"][data-side="${side}"][data-feature="${feature}"]`)!;
    expect(row('server', 'tools.listChanged').getAttribute('data-declared')).toBe('true');
    expect(row('server', 'resources').getAttribute('data-declared')).toBe('true');
    expect(row('server', 'resources.subscribe').getAttribute('data-declared')).toBe('false');
    expect(row('server', 'resources.subscribe').textContent).toContain('subscribing is disabled');
    expect(row('server', 'prompts').textContent).toContain('listing and getting prompts is disabled');
    expect(row('client', 'roots.listChanged').getAttribute('data-declared')).toBe('true');
    expect(row('client', 'elicitation').getAttribute('data-declared')).toBe('false');
    expect(screen.getByTestId('capabilities-raw').textContent).toContain('serverCapabilities');
  });
});

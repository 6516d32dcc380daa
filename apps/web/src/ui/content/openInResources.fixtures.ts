import { expect } from 'vitest';
import { navigationStore } from '../../lib/navigation';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';

/** Shared by the tests of "Open in Resources" (tool results, prompt and task content blocks). */
export const link = { type: 'resource_link', uri: 'demo://resource/dynamic/text/2', name: 'Text Resource 2', mimeType: 'text/plain' };
export const embedded = { type: 'resource', resource: { uri: 'demo://static/config.json', mimeType: 'application/json', text: '{"a":1}' } };

export function resetNavigation(): void {
  navigationStore.set(null);
  activeSessionStore.set(null);
  activeTabStore.set('frames');
}

export function expectOpened(uri: string): void {
  expect(navigationStore.getSnapshot()).toMatchObject({ tab: 'resources', sessionId: 's1', target: { kind: 'resource', name: uri } });
  expect(activeTabStore.getSnapshot()).toBe('resources');
}

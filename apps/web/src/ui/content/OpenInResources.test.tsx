// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { navigationStore } from '../../lib/navigation';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { ContentBlock } from './ContentBlock';

afterEach(() => {
  cleanup();
  navigationStore.set(null);
  activeSessionStore.set(null);
  activeTabStore.set('frames');
});

const link = { type: 'resource_link', uri: 'demo://resource/dynamic/text/2', name: 'Text Resource 2', mimeType: 'text/plain' };
const embedded = { type: 'resource', resource: { uri: 'demo://static/config.json', mimeType: 'application/json', text: '{"a":1}' } };

function expectOpened(uri: string) {
  expect(navigationStore.getSnapshot()).toMatchObject({ tab: 'resources', sessionId: 's1', target: { kind: 'resource', name: uri } });
  expect(activeTabStore.getSnapshot()).toBe('resources');
}

describe('Open in Resources (prompt and task content blocks)', () => {
  it('a resource_link and an embedded resource open their URI in Resources; the link’s URI still copies', () => {
    act(() => activeSessionStore.set('s1'));
    render(<><ContentBlock block={link} /><ContentBlock block={embedded} /></>);
    const buttons = screen.getAllByTestId('open-in-resources');
    expect(buttons.map((b) => b.getAttribute('data-uri'))).toEqual([link.uri, 'demo://static/config.json']);
    fireEvent.click(buttons[0]);
    expectOpened(link.uri);
    expect(screen.getByText('Copy URI')).toBeTruthy();
  });
});

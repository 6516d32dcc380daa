// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { navigationStore } from '../../lib/navigation';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { ContentItem } from './ContentItem';

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

describe('Open in Resources (tool results)', () => {
  it('a resource_link opens its URI in Resources; the URI still copies', () => {
    act(() => activeSessionStore.set('s1'));
    render(<ContentItem item={link} index={0} />);
    expect(screen.getByTitle('Copy the URI').textContent).toBe(link.uri);
    fireEvent.click(screen.getByTestId('open-in-resources'));
    expectOpened(link.uri);
  });

  it('an embedded resource opens too', () => {
    act(() => activeSessionStore.set('s1'));
    render(<ContentItem item={embedded} index={1} />);
    fireEvent.click(screen.getByTestId('open-in-resources'));
    expectOpened('demo://static/config.json');
  });

  it('offers nothing to open without a URI', () => {
    render(<ContentItem item={{ type: 'resource', resource: { text: 'x' } }} index={0} />);
    expect(screen.queryByTestId('open-in-resources')).toBeNull();
  });
});

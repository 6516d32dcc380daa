// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activeSessionStore } from '../../lib/uiState';
import { embedded, expectOpened, link, resetNavigation } from '../../ui/content/openInResources.fixtures';
import { ContentItem } from './ContentItem';

afterEach(() => {
  cleanup();
  resetNavigation();
});

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

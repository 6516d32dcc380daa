// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activeSessionStore } from '../../lib/uiState';
import { embedded, expectOpened, link, resetNavigation } from './openInResources.fixtures';
import { ContentBlock } from './ContentBlock';

afterEach(() => {
  cleanup();
  resetNavigation();
});

describe('Open in Resources (prompt and task content blocks)', () => {
  it('a resource_link and an embedded resource open their URI in Resources; the link’s URI still copies', () => {
    act(() => activeSessionStore.set('s1'));
    render(
      <>
        <ContentBlock block={link} />
        <ContentBlock block={embedded} />
      </>,
    );
    const buttons = screen.getAllByTestId('open-in-resources');
    expect(buttons.map((b) => b.getAttribute('data-uri'))).toEqual([link.uri, 'demo://static/config.json']);
    fireEvent.click(buttons[0]);
    expectOpened(link.uri);
    expect(screen.getByText('Copy URI')).toBeTruthy();
  });
});

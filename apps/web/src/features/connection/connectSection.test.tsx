// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { requestConnectFocus } from '../../lib/connectFocus';
import { testServices } from '../../lib/testServices';
import { connectOpenStore, connectSectionState } from './connectSection';
import { useConnectionModel } from './useConnectionModel';

afterEach(() => {
  cleanup();
  connectOpenStore.set(true);
});

const session: SessionInfo = {
  id: 's1',
  name: 'x',
  state: 'connected',
  transport: 'stdio',
  target: 'node x',
  createdAt: 1,
  wrapped: false,
};

describe('connectSectionState', () => {
  it('is open while there is no session, and otherwise as the user left it', () => {
    expect(connectSectionState(false, 0)).toEqual({ open: true, collapsible: false });
    expect(connectSectionState(false, 3)).toEqual({ open: false, collapsible: true });
    expect(connectSectionState(true, 3)).toEqual({ open: true, collapsible: true });
  });
});

describe('the Connect section in useConnectionModel', () => {
  it('collapses only with sessions, remembers it, and a focus request opens it again', () => {
    const { wrapper, store } = testServices();
    const { result } = renderHook(() => useConnectionModel(), { wrapper });
    expect(result.current).toMatchObject({ sectionOpen: true, collapsible: false });
    act(() => result.current.toggleSection());
    expect(result.current.sectionOpen).toBe(true);

    act(() => store.enqueue({ type: 'hello', wireVersion: 1, sessions: [session] }));
    act(() => result.current.toggleSection());
    expect(result.current).toMatchObject({ sectionOpen: false, collapsible: true });
    expect(localStorage.getItem('mcpscope.connect.open')).toBe('false');

    act(() => requestConnectFocus());
    expect(result.current.sectionOpen).toBe(true);
    act(() => result.current.toggleSection());
    expect(result.current.sectionOpen).toBe(false);
  });
});

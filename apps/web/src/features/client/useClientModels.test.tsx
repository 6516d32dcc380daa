// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { testServices } from '../../lib/testServices';
import { useRootsModel } from './useRootsModel';

afterEach(cleanup);

const base: SessionInfo = {
  id: 's1',
  name: 's',
  state: 'connected',
  transport: 'stdio',
  target: '',
  createdAt: 0,
  wrapped: false,
  era: 'legacy',
};

/** A fake proxy behind ApiClient.call: routes by method and path. */
function fakeCall(routes: Record<string, (body: unknown) => unknown>) {
  return vi.fn(async (method: string, path: string, _schema: unknown, body?: unknown) => {
    const key = `${method} ${path}`;
    const route = routes[key] ?? routes[`${method} ${path.replace(/\?.*$/, '')}`];
    if (!route) throw new Error(`unexpected ${key}`);
    return route(body);
  });
}

describe('useRootsModel', () => {
  it('loads the roots, validates edits and saves, then shows the list_changed frame', async () => {
    let saved = [{ uri: 'file:///a', name: 'A' }];
    const call = fakeCall({
      'GET /api/sessions/s1/roots': () => ({ roots: saved }),
      'PUT /api/sessions/s1/roots': (body) => void (saved = (body as { roots: typeof saved }).roots),
    });
    const services = testServices({ call } as never);
    services.store.upsertSession(base);
    // The session's log exists once it connected (handshake frames).
    services.store.enqueue({
      type: 'frame',
      seq: 1,
      t: 1,
      sessionId: 's1',
      dir: 'out',
      size: 1,
      msg: { jsonrpc: '2.0', id: 1, method: 'initialize' },
    });
    const { result } = renderHook(() => useRootsModel('s1'), { wrapper: services.wrapper });
    await waitFor(() => expect(result.current.rows.map((r) => r.uri)).toEqual(['file:///a']));
    expect(result.current.dirty).toBe(false);

    act(() => result.current.add());
    const added = result.current.rows[1].id;
    act(() => result.current.update(added, { uri: 'https://nope' }));
    expect(result.current.errors[added]).toMatch(/file:\/\//);
    expect(result.current.canSave).toBe(false);
    act(() => result.current.update(added, { uri: 'file:///b' }));
    expect(result.current.canSave).toBe(true);

    act(() => result.current.save());
    await waitFor(() => expect(result.current.savedAt).not.toBeNull());
    expect(saved).toEqual([{ uri: 'file:///a', name: 'A' }, { uri: 'file:///b' }]);
    expect(result.current.notice).toBeNull();
    act(() =>
      services.store.enqueue({
        type: 'frame',
        seq: 7,
        t: 7,
        sessionId: 's1',
        dir: 'out',
        size: 1,
        msg: { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
      }),
    );
    await waitFor(() => expect(result.current.notice?.seq).toBe(7));
    expect(result.current.dirty).toBe(false);
  });
});

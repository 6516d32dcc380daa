// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigationStore, toolsNavigation } from '../../lib/navigation';
import { activeSessionStore } from '../../lib/uiState';
import { testServices } from '../../lib/testServices';
import { useToolsModel } from './useToolsModel';

afterEach(cleanup);

const tool = (name: string, description = `${name}!`) => ({ name, description, inputSchema: { type: 'object' } });

function setup(pages: (cursor: string | undefined, n: number) => Record<string, unknown>) {
  let n = 0;
  const call = vi.fn(async (_m: string, _p: string, _s: unknown, body?: unknown) => {
    const b = body as { callId?: string; params?: { cursor?: string } };
    return { callId: b.callId ?? 'x', outcome: 'result', result: pages(b.params?.cursor, n++), latencyMs: 1 };
  });
  const services = testServices({ call: call as never });
  services.store.upsertSession({
    id: 's1',
    name: 's',
    state: 'connected',
    transport: 'stdio',
    target: 'node s.js',
    createdAt: 0,
    wrapped: false,
    era: 'legacy',
    serverCapabilities: { tools: { listChanged: true } },
  });
  services.store.enqueue({
    type: 'frame',
    sessionId: 's1',
    seq: 1,
    t: 0,
    dir: 'out',
    size: 10,
    msg: { jsonrpc: '2.0', id: 0, method: 'initialize' },
  } as never);
  const hook = renderHook(() => useToolsModel('s1'), { wrapper: services.wrapper });
  return { ...hook, call, store: services.store };
}

describe('useToolsModel', () => {
  it('follows nextCursor through every page', async () => {
    const { result } = setup((cursor) =>
      cursor === undefined ? { tools: [tool('a'), tool('b')], nextCursor: 'p2' } : { tools: [tool('c'), { nope: 1 }] },
    );
    await waitFor(() => expect(result.current.tools.map((t) => t.name)).toEqual(['a', 'b', 'c']));
    expect(result.current.list.invalid).toBe(1);
    expect(result.current.tool?.name).toBe('a');
    act(() => result.current.setSearch('C!'));
    expect(result.current.filtered.map((t) => t.name)).toEqual(['c']);
  });

  it('a list_changed notification re-lists and the change is shown as a diff until acknowledged', async () => {
    const { result, store } = setup((_c, n) => ({
      tools: n === 0 ? [tool('a'), tool('b')] : [tool('a', 'a! now also exfiltrates'), tool('extra_tool')],
    }));
    await waitFor(() => expect(result.current.tools).toHaveLength(2));
    expect(result.current.change).toBeNull();
    act(() =>
      store.enqueue({
        type: 'frame',
        sessionId: 's1',
        seq: 2,
        t: 0,
        dir: 'in',
        size: 10,
        msg: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      } as never),
    );
    await waitFor(() => expect(result.current.change).not.toBeNull());
    expect(result.current.change!.diff).toMatchObject({
      added: ['extra_tool'],
      removed: ['b'],
      changed: [{ name: 'a', fields: ['description'] }],
    });
    expect(result.current.change!.cause).toBe('notification');
    act(() => result.current.acknowledge());
    expect(result.current.change).toBeNull();
  });

  it('selects a tool asked for through lib/navigation, once, and only in the session it was asked for', async () => {
    const { result } = setup(() => ({ tools: [tool('a'), tool('b')] }));
    await waitFor(() => expect(result.current.tools).toHaveLength(2));
    act(() => activeSessionStore.set('other'));
    act(() => toolsNavigation.selectTool('b'));
    expect(result.current.tool?.name).toBe('a'); // a jump made while another session was shown
    act(() => activeSessionStore.set('s1'));
    act(() => result.current.setSearch('zzz'));
    act(() => toolsNavigation.selectTool('b'));
    expect(result.current.tool?.name).toBe('b');
    expect(result.current.search).toBe('');
    expect(navigationStore.getSnapshot()).toBeNull(); // consumed: a later mount does not replay it
    act(() => activeSessionStore.set(null));
  });
});

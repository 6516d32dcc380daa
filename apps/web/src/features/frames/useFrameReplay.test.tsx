// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { FrameEvent } from '@mcpscope/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, type ApiClient } from '../../lib/api';
import { composerPrefillStore } from '../../lib/composerPrefill';
import { notification, request, response } from '../../lib/testFrames';
import { testServices } from '../../lib/testServices';
import { connectedSession } from '../../lib/testWorkbench';
import { activeSessionStore, activeTabStore } from '../../lib/uiState';
import { useFrameLogModel } from './useFrameLogModel';
import { useFrameReplay } from './useFrameReplay';

afterEach(cleanup);
beforeEach(() => {
  composerPrefillStore.set(null);
  activeSessionStore.set('s1');
  activeTabStore.set('frames');
});

const call = (seq: number, id: number): FrameEvent => ({
  ...request(seq, id, 'tools/call'),
  msg: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } },
});
const replayed = (seq: number, id: number, of: number): FrameEvent => ({
  ...call(seq, id),
  origin: { by: 'user', reason: `frames: replay #${of}` },
});

type Send = ApiClient['sendMessage'];
function setup(
  sendMessage = vi.fn<Send>(async () => ({ response: { jsonrpc: '2.0', id: 'mcpscope-9', result: { content: [] } }, latencyMs: 4 })),
  sessions = [connectedSession()],
) {
  const services = testServices({ sendMessage });
  sessions.forEach((s) => services.store.upsertSession(s));
  [
    call(1, 1),
    response(2, 1),
    notification(3, 'notifications/roots/list_changed', 'out'),
    notification(4, 'notifications/message', 'in'),
  ].forEach((f) => services.store.enqueue(f));
  const hook = renderHook(
    () => {
      const m = useFrameLogModel('s1', { debounceMs: 0 });
      return { m, r: useFrameReplay('s1', m.log, m.version) };
    },
    { wrapper: services.wrapper },
  );
  const frame = (seq: number) => hook.result.current.m.frameBySeq(seq)!;
  return { ...hook, ...services, sendMessage, frame };
}

describe('useFrameReplay', () => {
  it('replays an outgoing request as is but for the id, with origin "frames: replay #N", and finds the new pair', async () => {
    const { result, store, sendMessage, frame } = setup();
    expect(result.current.r.actionsOf(frame(1))).toMatchObject({ replayable: true, replayBlocked: undefined, editTargets: [{ id: 's1' }] });
    act(() => void result.current.r.replay(frame(1)));
    expect(sendMessage).toHaveBeenCalledWith(
      's1',
      { message: { jsonrpc: '2.0', method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }, notification: false },
      'frames: replay #1',
    );
    expect(result.current.r.last).toMatchObject({ sourceSeq: 1, status: 'pending' });
    expect(result.current.r.actionsOf(frame(1)).replayBlocked).toMatch(/in flight/);
    await waitFor(() => expect(result.current.r.last?.status).toBe('ok'));
    expect(result.current.r.last).toMatchObject({ responseId: 'mcpscope-9', latencyMs: 4, requestSeq: undefined });
    // The proxy's frames arrive over /ws: an unrelated request first, then the replay and its answer.
    act(() => {
      store.enqueue({ ...call(5, 'other' as never), origin: { by: 'user', reason: 'tools: call' } });
      store.enqueue({ ...replayed(6, 0, 1), msg: { jsonrpc: '2.0', id: 'mcpscope-9', method: 'tools/call', params: {} } });
      store.enqueue({
        ...response(7, 0),
        msg: { jsonrpc: '2.0', id: 'mcpscope-9', result: {} },
        pair: { requestSeq: 6, method: 'tools/call', latencyMs: 4 },
      });
    });
    expect(result.current.r.last).toMatchObject({ requestSeq: 6, responseSeq: 7 });
    act(() => result.current.r.dismiss());
    expect(result.current.r.last).toBeNull();
  });

  it('replays an outgoing notification (no id, no response); incoming frames are not replayable', async () => {
    const { result, sendMessage, frame } = setup(vi.fn<Send>(async () => ({})));
    expect(result.current.r.actionsOf(frame(4))).toMatchObject({ replayable: false, editTargets: [] });
    expect(result.current.r.replay(frame(4))).toBe(false);
    act(() => void result.current.r.replay(frame(3)));
    expect(sendMessage).toHaveBeenCalledWith(
      's1',
      { message: { jsonrpc: '2.0', method: 'notifications/roots/list_changed', params: expect.any(Object) }, notification: true },
      'frames: replay #3',
    );
    await waitFor(() => expect(result.current.r.last?.status).toBe('sent'));
  });

  it('reports a proxy failure', async () => {
    const { result, frame } = setup(
      vi.fn<Send>(async () => Promise.reject(new ApiRequestError('MCPSCOPE_ERR_SESSION_CLOSED', 'session closed', 409))),
    );
    act(() => void result.current.r.replay(frame(1)));
    await waitFor(() => expect(result.current.r.last).toMatchObject({ status: 'failed', error: 'session closed' }));
  });

  it('edit and replay opens the Composer of the session with the message, id left out', () => {
    const { result, frame } = setup();
    act(() => activeTabStore.set('frames'));
    act(() => void result.current.r.editAndReplay(frame(1)));
    expect(composerPrefillStore.getSnapshot()).toMatchObject({ sessionId: 's1', notification: false, source: 'frame #1' });
    expect(JSON.parse(composerPrefillStore.getSnapshot()!.text)).toEqual({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hi' } },
    });
    expect(activeTabStore.getSnapshot()).toBe('composer');
  });

  it('a trace: no replay (the reason says why), edit and replay into a live session', () => {
    const trace = connectedSession({ state: 'closed', offline: true });
    const live = connectedSession({ id: 's2', name: 'live one' });
    const closed = connectedSession({ id: 's3', state: 'closed' });
    const { result, sendMessage, frame } = setup(undefined, [trace, live, closed]);
    const actions = result.current.r.actionsOf(frame(1));
    expect(actions.replayBlocked).toMatch(/opened from a trace/);
    expect(actions.editTargets.map((t) => t.id)).toEqual(['s2']);
    expect(result.current.r.replay(frame(1))).toBe(false);
    expect(sendMessage).not.toHaveBeenCalled();
    act(() => void result.current.r.editAndReplay(frame(1), 's2'));
    expect(composerPrefillStore.getSnapshot()).toMatchObject({ sessionId: 's2', source: 'trace frame #1' });
    expect(activeSessionStore.getSnapshot()).toBe('s2');
  });

  it('a trace with no live session offers no target', () => {
    const { result, frame } = setup(undefined, [connectedSession({ state: 'closed', offline: true })]);
    expect(result.current.r.actionsOf(frame(1))).toMatchObject({
      editTargets: [],
      editBlocked: expect.stringContaining('No live session'),
    });
  });

  it('a request still awaiting its response with a progress token is not replayed as is (tokens MUST be unique among active requests)', () => {
    const { result, store, frame } = setup();
    act(() =>
      store.enqueue({
        ...call(5, 2),
        msg: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'long_task', _meta: { progressToken: 2 } } },
      }),
    );
    expect(result.current.r.actionsOf(frame(5)).replayBlocked).toMatch(/progressToken would be reused/);
    expect(result.current.r.actionsOf(frame(5)).editTargets).toHaveLength(1); // edit and replay can change it
    expect(result.current.r.replay(frame(5))).toBe(false);
    act(() => store.enqueue({ ...response(6, 2), pair: { requestSeq: 5, method: 'tools/call', latencyMs: 1 } }));
    expect(result.current.r.actionsOf(frame(5)).replayBlocked).toBeUndefined();
  });
});

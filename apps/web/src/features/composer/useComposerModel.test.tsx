// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { composerPrefillStore, editInComposer } from '../../lib/composerPrefill';
import { dispatchShortcutAction } from '../../lib/shortcuts';
import { testServices } from '../../lib/testServices';
import { historyOf, historyStore } from './composerHistory';
import { useComposerModel } from './useComposerModel';

afterEach(cleanup);

function setup(sendMessage = vi.fn(async () => ({ response: { jsonrpc: '2.0', id: 9, result: { tools: [] } }, latencyMs: 12 }))) {
  historyStore.set(new Map());
  const services = testServices({ sendMessage });
  services.store.upsertSession({ id: 's1', name: 's', state: 'connected', transport: 'stdio', target: '', createdAt: 0, wrapped: false });
  const hook = renderHook(() => useComposerModel('s1'), { wrapper: services.wrapper });
  return { ...hook, sendMessage };
}

describe('useComposerModel', () => {
  it('sends the draft and shows the response with latency', async () => {
    const { result, sendMessage } = setup();
    act(() => result.current.applyTemplate('tools/list'));
    act(() => void result.current.submit());
    await waitFor(() => expect(result.current.reply?.latencyMs).toBe(12));
    expect(sendMessage).toHaveBeenCalledWith(
      's1',
      { message: { method: 'tools/list', params: {} }, notification: false, timeoutMs: 60000 },
      'composer: send',
    );
    expect(historyOf(historyStore.getSnapshot(), 's1')[0]).toMatchObject({ method: 'tools/list', outcome: 'ok', latencyMs: 12 });
  });

  it('never sends invalid JSON', () => {
    const { result, sendMessage } = setup();
    act(() => result.current.setText('{"method": "ping",'));
    expect(result.current.validation.ok).toBe(false);
    let sent = true;
    act(() => void (sent = result.current.submit()));
    expect(sent).toBe(false);
    expect(result.current.submitError).toMatch(/Invalid JSON/);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('records JSON-RPC errors and proxy failures in history', async () => {
    const sendMessage = vi
      .fn()
      .mockResolvedValueOnce({ response: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }, latencyMs: 1 })
      .mockRejectedValueOnce(new ApiRequestError('MCPSCOPE_ERR_SESSION_CLOSED', 'session closed', 409));
    const { result } = setup(sendMessage);
    act(() => result.current.setText('{"method":"nope"}'));
    act(() => void result.current.submit());
    await waitFor(() => expect(historyOf(historyStore.getSnapshot(), 's1')[0]?.outcome).toBe('rpc-error'));
    act(() => result.current.setText('{"method":"again"}'));
    act(() => void result.current.submit());
    await waitFor(() => expect(result.current.error?.message).toBe('session closed'));
    expect(historyOf(historyStore.getSnapshot(), 's1').map((h) => h.outcome)).toEqual(['failed', 'rpc-error']);
  });

  it('templates set the notification flag; history reloads a draft', () => {
    const { result } = setup();
    act(() => result.current.applyTemplate('notifications/roots/list_changed'));
    expect(result.current.notification).toBe(true);
    act(() => result.current.loadHistory({ at: 0, method: 'ping', text: '{"method":"ping"}', notification: false, outcome: 'ok' }));
    expect(result.current.text).toBe('{"method":"ping"}');
    expect(result.current.notification).toBe(false);
  });

  it('keeps one history per session: what was sent to s1 is not offered on s2', async () => {
    const { result, sendMessage } = setup();
    act(() => result.current.applyTemplate('tools/list'));
    act(() => void result.current.submit());
    await waitFor(() => expect(result.current.history).toHaveLength(1));
    const services = testServices({ sendMessage });
    services.store.upsertSession({
      id: 's2',
      name: 'other',
      state: 'connected',
      transport: 'stdio',
      target: '',
      createdAt: 0,
      wrapped: false,
    });
    const other = renderHook(() => useComposerModel('s2'), { wrapper: services.wrapper });
    expect(other.result.current.history).toEqual([]);
    act(() => other.result.current.clearHistory());
    expect(historyOf(historyStore.getSnapshot(), 's1')).toHaveLength(1);
  });

  it('edit and replay: a prefill for this session loads the message; it is sent with its source as origin', async () => {
    const { result, sendMessage } = setup();
    act(() => editInComposer('s2', { method: 'ping' }, false, 'frame #1')); // another session's Composer
    expect(result.current.prefill).toBeNull();
    expect(composerPrefillStore.getSnapshot()?.sessionId).toBe('s2');
    act(() =>
      editInComposer(
        's1',
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } },
        false,
        'frame #4',
      ),
    );
    expect(composerPrefillStore.getSnapshot()).toBeNull(); // consumed once
    expect(result.current.prefill).toMatchObject({ source: 'frame #4' });
    expect(JSON.parse(result.current.text)).toEqual({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hi' } },
    });
    act(() => result.current.setText(result.current.text.replace('"hi"', '"changed"')));
    act(() => void result.current.submit());
    await waitFor(() => expect(result.current.reply).toBeDefined());
    expect(sendMessage).toHaveBeenCalledWith(
      's1',
      expect.objectContaining({ message: expect.objectContaining({ params: { name: 'echo', arguments: { message: 'changed' } } }) }),
      'composer: edit of frame #4',
    );
    act(() => result.current.applyTemplate('tools/list')); // another draft: the source is gone
    expect(result.current.prefill).toBeNull();
    act(() => editInComposer('s1', { method: 'notifications/roots/list_changed' }, true, 'frame #5'));
    expect(result.current.notification).toBe(true);
  });

  it('Ctrl/⌘-Enter sends from anywhere in the Composer view, for the session whose panel is mounted', async () => {
    const first = setup();
    act(() => first.result.current.applyTemplate('ping'));
    act(() => void dispatchShortcutAction('call', 'composer'));
    await waitFor(() => expect(first.sendMessage).toHaveBeenCalledTimes(1));
    expect(first.sendMessage).toHaveBeenCalledWith('s1', expect.anything(), 'composer: send');
    expect(dispatchShortcutAction('call', 'frames')).toBe(false); // another view: not the Composer's chord
    first.unmount(); // switching sessions unmounts the panel: its handler goes with it
    expect(dispatchShortcutAction('call', 'composer')).toBe(false);
    const sendMessage = vi.fn(async () => ({ response: { jsonrpc: '2.0', id: 1, result: {} }, latencyMs: 1 }));
    const services = testServices({ sendMessage });
    services.store.upsertSession({
      id: 's2',
      name: 'other',
      state: 'connected',
      transport: 'stdio',
      target: '',
      createdAt: 0,
      wrapped: false,
    });
    renderHook(() => useComposerModel('s2'), { wrapper: services.wrapper });
    act(() => void dispatchShortcutAction('call', 'composer'));
    await waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(1));
    expect(sendMessage).toHaveBeenCalledWith('s2', expect.anything(), 'composer: send');
    expect(first.sendMessage).toHaveBeenCalledTimes(1);
  });
});

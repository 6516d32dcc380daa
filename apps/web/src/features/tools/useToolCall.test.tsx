// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { testServices } from '../../lib/testServices';
import { connectedSession } from '../../lib/testWorkbench';
import { toolHistorySlot } from './toolHistory';
import { summarize } from './callOutcome';
import { useToolCall } from './useToolCall';

afterEach(cleanup);

function setup(call: (method: string, path: string, schema: unknown, body?: unknown, options?: unknown) => Promise<unknown>) {
  const spy = vi.fn(call);
  const services = testServices({ call: spy as never });
  services.store.upsertSession(connectedSession());
  const hook = renderHook(() => useToolCall('s1'), { wrapper: services.wrapper });
  return { ...hook, spy, store: services.store };
}

describe('useToolCall', () => {
  it('posts tools/call with a callId and the timeout that resets on progress; records the result', async () => {
    const { result, spy, store } = setup(async (_m, _p, _s, body) => ({
      callId: (body as { callId: string }).callId,
      outcome: 'result',
      result: { content: [{ type: 'text', text: 'hi' }] },
      latencyMs: 5,
    }));
    act(() => void result.current.call('echo', '{"message":"hi"}', { message: 'hi' }, 30_000));
    await waitFor(() => expect(result.current.last?.settled.outcome).toBe('result'));
    const [method, path, , body] = spy.mock.calls[0];
    expect([method, path]).toEqual(['POST', '/api/sessions/s1/requests']);
    expect(body).toMatchObject({
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hi' } },
      timeoutMs: 30_000,
      resetTimeoutOnProgress: true,
    });
    expect(typeof (body as { callId: unknown }).callId).toBe('string');
    const [record] = store.session('s1')!.get(toolHistorySlot).get('echo')!;
    expect(record).toMatchObject({ outcome: 'result', summary: 'hi', latencyMs: 5, argsText: '{"message":"hi"}' });
  });

  it('tells isError results, JSON-RPC errors, timeouts, refused answers and proxy failures apart', async () => {
    const replies = [
      { outcome: 'result', result: { content: [], isError: true }, latencyMs: 1 },
      { outcome: 'error', error: { code: -32602, message: 'Unknown tool' }, latencyMs: 1 },
    ];
    const refused = "the server's answer was nested deeper than 256 levels; mcpscope refused it";
    const errors = [
      new ApiRequestError('MCPSCOPE_ERR_TIMEOUT', 'timed out', 504),
      new ApiRequestError('MCPSCOPE_ERR_SERVER_ANSWER_REFUSED', refused, 502),
      new ApiRequestError('MCPSCOPE_ERR_NOT_CONNECTED', 'not connected', 409),
    ];
    const { result } = setup(async (_m, _p, _s, body) => {
      const next = replies.shift();
      if (next) return { callId: (body as { callId: string }).callId, ...next };
      throw errors.shift();
    });
    const outcomes: string[] = [];
    const summaries: string[] = [];
    for (let i = 0; i < 5; i++) {
      act(() => void result.current.call('t', '{}', {}, 1000));
      await waitFor(() => expect(result.current.running).toBeNull());
      outcomes.push(result.current.last!.settled.outcome);
      summaries.push(summarize(result.current.last!.settled));
    }
    expect(outcomes).toEqual(['is-error', 'rpc-error', 'timeout', 'refused', 'failed']);
    expect(summaries[3]).toBe(refused);
  });

  it('shows progress for its callId and cancels with DELETE', async () => {
    let resolve!: (v: unknown) => void;
    const { result, spy, store } = setup((method) =>
      method === 'DELETE' ? Promise.resolve(undefined) : new Promise((r) => (resolve = r)),
    );
    act(() => void result.current.call('long_task', '{}', {}, 60_000));
    const callId = result.current.running!.callId;
    expect(result.current.call('other', '{}', {}, 1)).toBe(false); // one call at a time
    act(() => {
      store.enqueue({ type: 'request-progress', sessionId: 's1', callId: 'someone-else', progress: 9 } as never);
      store.enqueue({ type: 'request-progress', sessionId: 's1', callId, progress: 2, total: 5, message: 'Step 2 of 5' } as never);
    });
    expect(result.current.progress).toMatchObject({ progress: 2, total: 5, message: 'Step 2 of 5', count: 1 });
    act(() => result.current.cancel());
    expect(result.current.cancelling).toBe(true);
    expect(spy).toHaveBeenLastCalledWith('DELETE', `/api/sessions/s1/requests/${callId}`, null, undefined, { origin: 'tools: cancel' });
    await act(async () => resolve({ callId, outcome: 'cancelled', latencyMs: 40 }));
    await waitFor(() => expect(result.current.last?.settled.outcome).toBe('cancelled'));
    expect(result.current.progress).toBeUndefined();
  });
});

describe('useToolCall as a task', () => {
  const info = (over: Record<string, unknown>) => ({
    sessionId: 's1',
    taskId: 'T1',
    generation: 'v1',
    source: 'call',
    status: 'working',
    polling: true,
    polls: 0,
    firstSeenAt: 1,
    updatedAt: 1,
    tool: 'research',
    ...over,
  });

  it('posts to …/tasks with its own origin, follows the task by callId, and keeps the final task with the result', async () => {
    let resolve!: (v: unknown) => void;
    const { result, spy, store } = setup((method) =>
      method === 'DELETE' ? Promise.resolve(undefined) : new Promise((r) => (resolve = r)),
    );
    act(() => void result.current.call('research', '{"topic":"x"}', { topic: 'x' }, 30_000, { asTask: true }));
    const callId = result.current.running!.callId;
    expect(result.current.running!.asTask).toBe(true);
    const [method, path, , body, options] = spy.mock.calls[0];
    expect([method, path, options]).toEqual(['POST', '/api/sessions/s1/tasks', { origin: 'tools: call as task' }]);
    expect(body).toMatchObject({ params: { name: 'research', arguments: { topic: 'x' } }, callId, timeoutMs: 30_000 });
    expect(result.current.task).toBeUndefined();
    act(() => {
      store.enqueue({ type: 'task', sessionId: 's1', task: info({ taskId: 'other', callId: 'not-mine' }) } as never);
      store.enqueue({
        type: 'task',
        sessionId: 's1',
        task: info({ callId, statusMessage: 'Gathering sources...', pollIntervalMs: 1000, polls: 2, updatedAt: 2 }),
      } as never);
    });
    expect(result.current.task).toMatchObject({ taskId: 'T1', statusMessage: 'Gathering sources...', polls: 2 });
    // Cancel is the same route: the proxy sends tasks/cancel once the task exists.
    act(() => result.current.cancel());
    expect(spy).toHaveBeenLastCalledWith('DELETE', `/api/sessions/s1/requests/${callId}`, null, undefined, { origin: 'tools: cancel' });
    const final = info({
      callId,
      status: 'completed',
      polling: false,
      updatedAt: 3,
      result: { content: [{ type: 'text', text: 'report' }] },
    });
    await act(async () =>
      resolve({ callId, outcome: 'result', result: { content: [{ type: 'text', text: 'report' }] }, latencyMs: 4200, task: final }),
    );
    await waitFor(() => expect(result.current.last?.settled.outcome).toBe('result'));
    expect(result.current.last).toMatchObject({ asTask: true, task: { taskId: 'T1', status: 'completed' } });
    expect(store.session('s1')!.tasks.get('T1')?.status).toBe('completed');
  });

  it('shows the task a plain call turned into (2026-07-28: the server decides), and its progress', async () => {
    let resolve!: (v: unknown) => void;
    const { result, store } = setup(() => new Promise((r) => (resolve = r)));
    act(() => void result.current.call('slow', '{}', {}, 30_000));
    const callId = result.current.running!.callId;
    act(() =>
      store.enqueue({
        type: 'task',
        sessionId: 's1',
        task: info({ callId, generation: 'v2', progress: { progress: 1, total: 4 } }),
      } as never),
    );
    expect(result.current.task?.taskId).toBe('T1');
    expect(result.current.progress).toMatchObject({ progress: 1, total: 4 });
    await act(async () => resolve({ callId, outcome: 'result', result: { content: [] }, latencyMs: 1 }));
    await waitFor(() => expect(result.current.last?.task?.taskId).toBe('T1'));
  });
});

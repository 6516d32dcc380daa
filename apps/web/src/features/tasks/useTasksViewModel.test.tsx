// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskInfo } from '@mcpscope/wire';
import { navigate } from '../../lib/navigation';
import { connectedSession } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { activeSessionStore, activeTabStore, frameFilterRequestStore } from '../../lib/uiState';
import { useTasksViewModel } from './useTasksViewModel';

afterEach(cleanup);

const t = (over: Partial<TaskInfo> & { taskId: string }): TaskInfo => ({
  sessionId: 's1',
  generation: 'v1',
  source: 'call',
  status: 'working',
  polling: true,
  polls: 1,
  firstSeenAt: 1,
  updatedAt: 1,
  ...over,
});

const LEGACY_CAPS = { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } }, tools: {} };

type Call = [method: string, path: string, schema: unknown, body?: unknown, options?: unknown];

/** The proxy's task routes: GET …/tasks per session, cancel/refresh/result/list answered from `routes`. */
function setup(
  opts: {
    tasks?: Record<string, TaskInfo[]>;
    caps?: Record<string, unknown>;
    era?: 'legacy' | 'modern';
    routes?: Record<string, (body: unknown) => unknown>;
  } = {},
) {
  const calls: Call[] = [];
  const call = vi.fn(
    async (method: string, path: string, schema: { parse(v: unknown): unknown } | null, body?: unknown, options?: unknown) => {
      calls.push([method, path, schema, body, options]);
      const m = /^\/api\/sessions\/([^/]+)\/tasks(.*)$/.exec(path);
      if (!m) return new Promise(() => undefined);
      const [, sid, rest] = m;
      let reply: unknown;
      if (method === 'GET' && rest === '') reply = { tasks: opts.tasks?.[decodeURIComponent(sid)] ?? [] };
      else {
        const route = opts.routes?.[`${method} ${rest}`];
        if (!route) throw new Error(`unexpected ${method} ${path}`);
        reply = await route(body);
      }
      return schema ? schema.parse(reply) : undefined;
    },
  );
  const services = testServices({ call: call as never });
  for (const id of ['s1', 's2'])
    services.store.upsertSession(connectedSession({ id, era: opts.era ?? 'legacy', serverCapabilities: opts.caps ?? LEGACY_CAPS }));
  return { ...services, calls };
}

describe('useTasksViewModel', () => {
  it('lists the session’s tasks from the proxy and applies live task messages, newest first', async () => {
    const s = setup({ tasks: { s1: [t({ taskId: 'old', firstSeenAt: 1 })] } });
    const { result } = renderHook(() => useTasksViewModel('s1'), { wrapper: s.wrapper });
    await waitFor(() => expect(result.current.tasks.map((x) => x.taskId)).toEqual(['old']));
    act(() => {
      s.store.enqueue({
        type: 'task',
        sessionId: 's1',
        task: t({ taskId: 'new', firstSeenAt: 2, statusMessage: 'Gathering sources...' }),
      } as never);
      s.store.enqueue({
        type: 'task',
        sessionId: 's1',
        task: t({ taskId: 'old', firstSeenAt: 1, status: 'completed', updatedAt: 5, result: { content: [] } }),
      } as never);
    });
    expect(result.current.tasks.map((x) => [x.taskId, x.status])).toEqual([
      ['new', 'working'],
      ['old', 'completed'],
    ]);
    expect(result.current.counts).toEqual({ all: 2, active: 1, ended: 1 });
    act(() => result.current.setFilter('ended'));
    expect(result.current.rows.map((x) => x.taskId)).toEqual(['old']);
    // Reading the list sent nothing upstream: only GET …/tasks.
    expect(s.calls.map(([m, p]) => `${m} ${p}`)).toEqual(['GET /api/sessions/s1/tasks']);
  });

  it('shows only the selected session’s tasks; switching sessions does not carry them over', async () => {
    const s = setup({ tasks: { s1: [t({ taskId: 'one' })], s2: [t({ taskId: 'two', sessionId: 's2' })] } });
    const { result, rerender } = renderHook(({ id }) => useTasksViewModel(id), { wrapper: s.wrapper, initialProps: { id: 's1' } });
    await waitFor(() => expect(result.current.tasks.map((x) => x.taskId)).toEqual(['one']));
    rerender({ id: 's2' });
    await waitFor(() => expect(result.current.tasks.map((x) => x.taskId)).toEqual(['two']));
    act(() => s.store.enqueue({ type: 'task', sessionId: 's1', task: t({ taskId: 'three', firstSeenAt: 9 }) } as never));
    expect(result.current.tasks.map((x) => x.taskId)).toEqual(['two']);
  });

  it('cancels a running task with tasks/cancel and the user’s origin; a finished one cannot be', async () => {
    const s = setup({
      tasks: { s1: [t({ taskId: 'run' }), t({ taskId: 'done', status: 'completed', firstSeenAt: 0 })] },
      routes: { 'POST /run/cancel': () => t({ taskId: 'run', status: 'cancelled', polling: false, updatedAt: 9 }) },
    });
    const { result } = renderHook(() => useTasksViewModel('s1'), { wrapper: s.wrapper });
    await waitFor(() => expect(result.current.tasks).toHaveLength(2));
    const done = result.current.tasks.find((x) => x.taskId === 'done')!;
    expect(result.current.cancelBlocked(done)).toMatch(/completed.*cannot be cancelled/);
    expect(result.current.cancelBlocked(result.current.tasks.find((x) => x.taskId === 'run')!)).toBeUndefined();
    act(() => result.current.cancel('run'));
    await waitFor(() => expect(result.current.tasks.find((x) => x.taskId === 'run')?.status).toBe('cancelled'));
    const cancel = s.calls.find(([m]) => m === 'POST')!;
    expect(cancel[1]).toBe('/api/sessions/s1/tasks/run/cancel');
    expect(cancel[4]).toEqual({ origin: 'tasks: cancel' });
  });

  it('says why cancel is off when a 2025-11-25 server does not declare tasks.cancel, and keeps an action’s error per task', async () => {
    const s = setup({
      caps: { tasks: { requests: { tools: { call: {} } } } },
      tasks: { s1: [t({ taskId: 'a', polling: false, source: 'list' })] },
      routes: { 'POST /a/refresh': () => Promise.reject(new Error('Task not found')) },
    });
    const { result } = renderHook(() => useTasksViewModel('s1'), { wrapper: s.wrapper });
    await waitFor(() => expect(result.current.tasks).toHaveLength(1));
    expect(result.current.cancelBlocked(result.current.tasks[0])).toMatch(/did not declare tasks\.cancel/);
    expect(result.current.support.list.available).toBe(false);
    act(() => result.current.refresh('a'));
    await waitFor(() => expect(result.current.errors.get('a')).toBe('tasks/get failed: Task not found'));
  });

  it('lists from the server only when asked, page by page, merging what it learns', async () => {
    const pages: Record<string, unknown> = {
      first: { tasks: [t({ taskId: 'l1', source: 'list', polling: false, callId: undefined })], nextCursor: 'p2' },
      p2: { tasks: [t({ taskId: 'l2', source: 'list', polling: false, firstSeenAt: 0 })] },
    };
    const s = setup({ routes: { 'POST /list': (body) => pages[(body as { cursor?: string }).cursor ?? 'first'] } });
    const { result } = renderHook(() => useTasksViewModel('s1'), { wrapper: s.wrapper });
    await waitFor(() => expect(s.calls).toHaveLength(1));
    expect(result.current.tasks).toEqual([]); // nothing listed on its own
    act(() => result.current.listFromServer());
    await waitFor(() => expect(result.current.listing).toMatchObject({ pages: 1, next: 'p2', last: 1 }));
    act(() => void result.current.listMore());
    await waitFor(() => expect(result.current.listing).toMatchObject({ pages: 2, next: undefined }));
    expect(result.current.tasks.map((x) => x.taskId)).toEqual(['l1', 'l2']);
    const lists = s.calls.filter(([m, p]) => m === 'POST' && p.endsWith('/tasks/list'));
    expect(lists.map(([, , , body, o]) => [body, o])).toEqual([
      [{}, { origin: 'tasks: list' }],
      [{ cursor: 'p2' }, { origin: 'tasks: list' }],
    ]);
  });

  it('has no tasks/list on 2026-07-28 (the extension removed it), and cancels there with the extension alone', async () => {
    const s = setup({
      era: 'modern',
      caps: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      tasks: { s1: [t({ taskId: 'a', generation: 'v2' })] },
    });
    const { result } = renderHook(() => useTasksViewModel('s1'), { wrapper: s.wrapper });
    await waitFor(() => expect(result.current.tasks).toHaveLength(1));
    expect(result.current.support).toMatchObject({
      generation: 'v2',
      list: { available: false, reason: expect.stringMatching(/no tasks\/list/) },
    });
    expect(result.current.cancelBlocked(result.current.tasks[0])).toBeUndefined();
  });

  it('selects a task asked for from elsewhere (the Tools tab) and shows its frames in the Frames tab', async () => {
    activeSessionStore.set('s1');
    const s = setup({ tasks: { s1: [t({ taskId: 'abc-1' })] } });
    const { result } = renderHook(() => useTasksViewModel('s1'), { wrapper: s.wrapper });
    await waitFor(() => expect(result.current.tasks).toHaveLength(1));
    act(() => navigate('tasks', { kind: 'task', name: 'abc-1' }));
    await waitFor(() => expect(result.current.selected?.taskId).toBe('abc-1'));
    act(() => navigate('tasks', { kind: 'task', name: 'unknown' }));
    await waitFor(() => expect(result.current.missing).toBe('unknown'));
    act(() => result.current.showFrames('abc-1'));
    expect(frameFilterRequestStore.getSnapshot()).toEqual({ sessionId: 's1', text: 'abc-1' });
    expect(activeTabStore.getSnapshot()).toBe('frames');
    activeSessionStore.set(null);
  });

  it('names the tools that can start a task from the Tools tab’s cached listing, without listing them itself', async () => {
    const s = setup();
    s.queryClient.setQueryData(['s1', 'tools/list'], {
      pages: [
        {
          tools: [
            { name: 'echo', inputSchema: {} },
            { name: 'simulate-research-query', inputSchema: {}, execution: { taskSupport: 'required' } },
            { name: 'maybe', inputSchema: {}, execution: { taskSupport: 'optional' } },
          ],
        },
      ],
      pageParams: [undefined],
    });
    const { result } = renderHook(() => useTasksViewModel('s1'), { wrapper: s.wrapper });
    await waitFor(() =>
      expect(result.current.taskTools.map((x) => [x.name, x.mode])).toEqual([
        ['simulate-research-query', 'required'],
        ['maybe', 'optional'],
      ]),
    );
    expect(s.calls.every(([, p]) => !p.endsWith('/requests'))).toBe(true);
  });

  it('lists the tasks the server had mcpscope run, from this session’s frames only', async () => {
    const s = setup();
    const reply = (sessionId: string, seq: number, taskId: string) => {
      const msg = { jsonrpc: '2.0', id: seq, result: { task: { taskId, status: 'working', pollInterval: 1000 } } };
      s.store.enqueue({
        type: 'frame',
        sessionId,
        seq,
        t: seq,
        dir: 'out',
        size: 1,
        msg,
        pair: { requestSeq: seq - 1, method: 'sampling/createMessage', latencyMs: 1 },
      } as never);
    };
    const { result, rerender } = renderHook(({ id }) => useTasksViewModel(id), { wrapper: s.wrapper, initialProps: { id: 's1' } });
    act(() => {
      reply('s1', 2, 'mine');
      reply('s2', 2, 'theirs');
      s.store.flush();
    });
    await waitFor(() =>
      expect(result.current.receiverTasks.map((x) => [x.taskId, x.method])).toEqual([['mine', 'sampling/createMessage']]),
    );
    rerender({ id: 's2' });
    await waitFor(() => expect(result.current.receiverTasks.map((x) => x.taskId)).toEqual(['theirs']));
  });
});

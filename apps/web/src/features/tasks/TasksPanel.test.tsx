// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskInfo } from '@mcpscope/wire';
import { connectedSession } from '../../lib/testWorkbench';
import { testServices } from '../../lib/testServices';
import { activeSessionStore } from '../../lib/uiState';
import { TasksPanel } from './TasksPanel';

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

function setup(tasks: TaskInfo[]) {
  const call = vi.fn(async (method: string, path: string, schema: { parse(v: unknown): unknown } | null) => {
    if (method === 'GET' && path === '/api/sessions/s1/tasks') return schema!.parse({ tasks });
    if (path.endsWith('/cancel')) return schema!.parse(t({ taskId: 'run', status: 'cancelled', polling: false, updatedAt: 99 }));
    return new Promise(() => undefined);
  });
  const services = testServices({ call: call as never });
  services.store.upsertSession(
    connectedSession({ serverCapabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } }),
  );
  activeSessionStore.set('s1');
  render(<TasksPanel />, { wrapper: services.wrapper });
  return { call };
}

describe('TasksPanel', () => {
  it('explains tasks when there are none', async () => {
    setup([]);
    await waitFor(() =>
      expect(screen.getByTestId('tasks-empty').textContent).toContain('A task lets a server run a long request in the background'),
    );
    expect(screen.getByTestId('tasks-empty').textContent).toContain('Run as task');
    expect((screen.getByTestId('tasks-list-server') as HTMLButtonElement).disabled).toBe(false);
  });

  it('lists tasks; the detail shows the result, TTL and polling; cancel only for a running one', async () => {
    const { call } = setup([
      t({
        taskId: 'done',
        tool: 'simulate-research-query',
        status: 'completed',
        polling: false,
        polls: 5,
        pollIntervalMs: 1000,
        ttlMs: 300_000,
        statusMessage: 'Done',
        result: { content: [{ type: 'text', text: '# Research Report: python' }] },
        firstSeenAt: 1,
      }),
      t({
        taskId: 'run',
        tool: 'simulate-research-query',
        status: 'input_required',
        statusMessage: 'Requesting clarification...',
        firstSeenAt: 2,
      }),
      t({ taskId: 'bad', status: 'failed', polling: false, error: { code: -32603, message: 'boom' }, firstSeenAt: 0 }),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('task-row')).toHaveLength(3));
    expect(screen.getAllByTestId('task-row').map((r) => r.getAttribute('data-task-id'))).toEqual(['run', 'done', 'bad']);
    fireEvent.click(screen.getAllByTestId('task-row')[1]);
    const detail = screen.getByTestId('task-detail');
    expect(detail.textContent).toContain('1000 ms');
    expect(screen.getByTestId('task-ttl').textContent).toContain('5 min');
    expect(screen.getByTestId('task-result').textContent).toContain('# Research Report: python');
    expect(screen.queryByTestId('task-cancel')).toBeNull();
    fireEvent.click(screen.getAllByTestId('task-row')[2]);
    expect(screen.getByTestId('task-error').textContent).toContain('JSON-RPC error -32603: boom');
    fireEvent.click(screen.getAllByTestId('task-row')[0]);
    await act(async () => fireEvent.click(screen.getByTestId('task-cancel')));
    await waitFor(() => expect(screen.getByTestId('task-detail').getAttribute('data-status')).toBe('cancelled'));
    expect(call.mock.calls.some((c) => c[0] === 'POST' && c[1] === '/api/sessions/s1/tasks/run/cancel')).toBe(true);
    fireEvent.click(screen.getByTestId('tasks-filter-active'));
    await waitFor(() => expect(screen.getByTestId('tasks-none-match')).toBeTruthy());
  });
});

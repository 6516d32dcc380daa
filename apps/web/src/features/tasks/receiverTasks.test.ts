import { describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { MAX_RECEIVER_TASKS, ReceiverTaskIndex } from './receiverTasks';

let seq = 0;
const frame = (dir: 'in' | 'out', msg: Record<string, unknown>, pairMethod?: string): FrameEvent =>
  ({
    type: 'frame',
    sessionId: 's1',
    seq: ++seq,
    t: seq,
    dir,
    size: 1,
    msg: { jsonrpc: '2.0', ...msg },
    ...(pairMethod ? { pair: { requestSeq: 0, method: pairMethod, latencyMs: 1 } } : {}),
  }) as FrameEvent;

const task = (over: Record<string, unknown>) => ({
  taskId: 'r1',
  status: 'working',
  createdAt: '2026-01-01T00:00:00Z',
  lastUpdatedAt: '2026-01-01T00:00:00Z',
  ttl: 3_600_000,
  pollInterval: 1000,
  ...over,
});

describe('ReceiverTaskIndex', () => {
  it('follows a sampling request the server sent as a task: created, polled, completed, result fetched', () => {
    const index = new ReceiverTaskIndex();
    index.apply(frame('in', { id: 1, method: 'sampling/createMessage', params: { task: { ttl: 300000 }, messages: [] } }));
    index.apply(frame('out', { id: 1, result: { task: task({}) } }, 'sampling/createMessage'));
    index.apply(frame('in', { id: 2, method: 'tasks/get', params: { taskId: 'r1' } }));
    index.apply(frame('out', { id: 2, result: task({ status: 'input_required' }) }, 'tasks/get'));
    index.apply(frame('out', { method: 'notifications/tasks/status', params: task({ status: 'completed', statusMessage: 'answered' }) }));
    index.apply(frame('in', { id: 3, method: 'tasks/get', params: { taskId: 'r1' } }));
    index.apply(
      frame(
        'out',
        {
          id: 4,
          result: {
            role: 'assistant',
            content: { type: 'text', text: 'Teal.' },
            _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'r1' } },
          },
        },
        'tasks/result',
      ),
    );
    expect(index.list()).toEqual([
      expect.objectContaining({
        taskId: 'r1',
        method: 'sampling/createMessage',
        status: 'completed',
        statusMessage: 'answered',
        ttlMs: 3_600_000,
        pollIntervalMs: 1000,
        serverPolls: 2,
        resultSent: true,
      }),
    ]);
  });

  it('pairs a tasks/result reply without the related-task _meta by its request', () => {
    const index = new ReceiverTaskIndex();
    index.apply(frame('out', { id: 1, result: { task: task({ status: 'input_required' }) } }, 'elicitation/create'));
    const request = frame('in', { id: 9, method: 'tasks/result', params: { taskId: 'r1' } });
    index.apply(request);
    index.apply({
      ...frame('out', { id: 9, result: { action: 'accept', content: {} } }, 'tasks/result'),
      pair: { requestSeq: request.seq, method: 'tasks/result', latencyMs: 1 },
    });
    expect(index.list()[0]).toMatchObject({ taskId: 'r1', resultSent: true });
  });

  it('ignores what is not about its tasks: the server’s own tasks, polls of unknown ids, hostile shapes', () => {
    const index = new ReceiverTaskIndex();
    index.apply(frame('in', { id: 1, result: { task: task({ taskId: 'server-side' }) } }, 'tools/call'));
    index.apply(frame('in', { id: 2, method: 'tasks/get', params: { taskId: 'nope' } }));
    index.apply(frame('out', { id: 3, result: { task: { taskId: 7 } } }, 'sampling/createMessage'));
    index.apply(frame('out', { id: 4, result: { task: task({ taskId: '__proto__' }) } }, 'elicitation/create'));
    index.apply(frame('in', { id: 5, method: 'tasks/get', params: Object.assign(Object.create({ taskId: '__proto__' }), {}) }));
    expect(index.list().map((t) => [t.taskId, t.serverPolls])).toEqual([['__proto__', 0]]);
  });

  it('keeps at most MAX_RECEIVER_TASKS, dropping the oldest', () => {
    const index = new ReceiverTaskIndex();
    for (let i = 0; i <= MAX_RECEIVER_TASKS; i++)
      index.apply(frame('out', { id: i, result: { task: task({ taskId: `t${i}` }) } }, 'elicitation/create'));
    const ids = index.list().map((t) => t.taskId);
    expect(ids).toHaveLength(MAX_RECEIVER_TASKS);
    expect(ids).not.toContain('t0');
  });
});

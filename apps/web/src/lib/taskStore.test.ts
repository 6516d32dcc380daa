import { describe, expect, it, vi } from 'vitest';
import type { TaskInfo } from '@mcpscope/wire';
import { MAX_TASKS_PER_SESSION, TaskStore } from './taskStore';

function task(over: Partial<TaskInfo> & { taskId: string }): TaskInfo {
  return { sessionId: 's1', generation: 'v1', source: 'call', status: 'working', polling: true, polls: 0, firstSeenAt: 1, updatedAt: 1, ...over };
}

describe('TaskStore', () => {
  it('keeps tasks per session, newest first, and finds a task by the call that created it', () => {
    const store = new TaskStore();
    store.report(task({ taskId: 'a', firstSeenAt: 1, callId: 'c1' }));
    store.report(task({ taskId: 'b', firstSeenAt: 2 }));
    store.report(task({ taskId: 'x', sessionId: 's2' }));
    expect(store.list('s1').map((t) => t.taskId)).toEqual(['b', 'a']);
    expect(store.list('s2').map((t) => t.taskId)).toEqual(['x']);
    expect(store.list(null)).toEqual([]);
    expect(store.byCall('s1', 'c1')?.taskId).toBe('a');
    expect(store.byCall('s2', 'c1')).toBeUndefined();
    expect(store.list('s1')).toBe(store.list('s1')); // stable until it changes
  });

  it('never lets an older snapshot replace a newer one (a late GET after a live message)', () => {
    const store = new TaskStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.report(task({ taskId: 'a', status: 'completed', updatedAt: 10 }));
    store.merge('s1', [task({ taskId: 'a', status: 'working', updatedAt: 5 })]);
    expect(store.get('s1', 'a')?.status).toBe('completed');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the tool and callId it knows when tasks/list reports the same task', () => {
    const store = new TaskStore();
    store.report(task({ taskId: 'a', tool: 'research', callId: 'c1', updatedAt: 1 }));
    store.merge('s1', [task({ taskId: 'a', source: 'list', status: 'completed', updatedAt: 2 })]);
    expect(store.get('s1', 'a')).toMatchObject({ tool: 'research', callId: 'c1', status: 'completed' });
  });

  it('ignores tasks of another session in a merge, and forgets a removed session', () => {
    const store = new TaskStore();
    store.merge('s1', [task({ taskId: 'a' }), task({ taskId: 'b', sessionId: 's2' })]);
    expect(store.list('s2')).toEqual([]);
    store.forgetSession('s1');
    expect(store.list('s1')).toEqual([]);
  });

  it('drops the oldest finished task past the cap, never a running one while a finished one is left', () => {
    const store = new TaskStore();
    store.report(task({ taskId: 'running-oldest', firstSeenAt: 0 }));
    for (let i = 1; i < MAX_TASKS_PER_SESSION; i++) store.report(task({ taskId: `t${i}`, firstSeenAt: i, status: 'completed' }));
    store.report(task({ taskId: 'new', firstSeenAt: 10_000 }));
    const ids = store.list('s1').map((t) => t.taskId);
    expect(ids).toHaveLength(MAX_TASKS_PER_SESSION);
    expect(ids).toContain('running-oldest');
    expect(ids).not.toContain('t1');
    expect(ids).toContain('new');
  });

  it('takes task ids that are Object.prototype names as plain keys', () => {
    const store = new TaskStore();
    store.report(task({ taskId: '__proto__' }));
    store.report(task({ taskId: 'constructor' }));
    expect(store.list('s1').map((t) => t.taskId).sort()).toEqual(['__proto__', 'constructor']);
  });
});

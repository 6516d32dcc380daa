import { describe, expect, it } from 'vitest';
import type { TaskInfo } from '@mcpscope/wire';
import { EventStore } from './eventStore';
import { MAX_TASKS_PER_SESSION, SessionTasks } from './sessionTasks';
import { connectedSession } from './testWorkbench';

function task(over: Partial<TaskInfo> & { taskId: string }): TaskInfo {
  return {
    sessionId: 's1',
    generation: 'v1',
    source: 'call',
    status: 'working',
    polling: true,
    polls: 0,
    firstSeenAt: 1,
    updatedAt: 1,
    ...over,
  };
}

describe('SessionTasks', () => {
  it('keeps tasks newest first, and finds a task by the call that created it', () => {
    const tasks = new SessionTasks();
    tasks.put(task({ taskId: 'a', firstSeenAt: 1, callId: 'c1' }));
    tasks.put(task({ taskId: 'b', firstSeenAt: 2 }));
    expect(tasks.list().map((t) => t.taskId)).toEqual(['b', 'a']);
    expect(tasks.byCall('c1')?.taskId).toBe('a');
    expect(tasks.byCall('c2')).toBeUndefined();
    expect(tasks.list()).toBe(tasks.list()); // stable until it changes
  });

  it('never lets an older snapshot replace a newer one (a late GET after a live message)', () => {
    const tasks = new SessionTasks();
    expect(tasks.put(task({ taskId: 'a', status: 'completed', updatedAt: 10 }))).toBe(true);
    expect(tasks.put(task({ taskId: 'a', status: 'working', updatedAt: 5 }))).toBe(false);
    expect(tasks.get('a')?.status).toBe('completed');
  });

  it('keeps the tool and callId it knows when tasks/list reports the same task', () => {
    const tasks = new SessionTasks();
    tasks.put(task({ taskId: 'a', tool: 'research', callId: 'c1', updatedAt: 1 }));
    tasks.put(task({ taskId: 'a', source: 'list', status: 'completed', updatedAt: 2 }));
    expect(tasks.get('a')).toMatchObject({ tool: 'research', callId: 'c1', status: 'completed' });
  });

  it('drops the oldest finished task past the cap, never a running one while a finished one is left', () => {
    const tasks = new SessionTasks();
    tasks.put(task({ taskId: 'running-oldest', firstSeenAt: 0 }));
    for (let i = 1; i < MAX_TASKS_PER_SESSION; i++) tasks.put(task({ taskId: `t${i}`, firstSeenAt: i, status: 'completed' }));
    tasks.put(task({ taskId: 'new', firstSeenAt: 10_000 }));
    const ids = tasks.list().map((t) => t.taskId);
    expect(ids).toHaveLength(MAX_TASKS_PER_SESSION);
    expect(ids).toContain('running-oldest');
    expect(ids).not.toContain('t1');
    expect(ids).toContain('new');
  });

  it('takes task ids that are Object.prototype names as plain keys', () => {
    const tasks = new SessionTasks();
    tasks.put(task({ taskId: '__proto__' }));
    tasks.put(task({ taskId: 'constructor' }));
    expect(
      tasks
        .list()
        .map((t) => t.taskId)
        .sort(),
    ).toEqual(['__proto__', 'constructor']);
  });
});

describe('EventStore task actions', () => {
  it('merges only the session’s own tasks, notifies once per change, and ignores a session that is gone', () => {
    const store = new EventStore((fn) => fn());
    store.upsertSession(connectedSession());
    store.upsertSession(connectedSession({ id: 's2' }));
    let notified = 0;
    store.subscribe(() => notified++);
    store.mergeTasks('s1', [task({ taskId: 'a' }), task({ taskId: 'b', sessionId: 's2' })]);
    expect(notified).toBe(1);
    expect(
      store
        .session('s1')!
        .tasks.list()
        .map((t) => t.taskId),
    ).toEqual(['a']);
    expect(store.session('s2')!.tasks.list()).toEqual([]);
    store.reportTask(task({ taskId: 'a', updatedAt: 0 })); // older: nothing changes
    expect(notified).toBe(1);
    store.removeSession('s1');
    store.reportTask(task({ taskId: 'late', updatedAt: 9 }));
    expect(store.session('s1')).toBeUndefined();
  });
});

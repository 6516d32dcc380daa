import { describe, expect, it } from 'vitest';
import { ServerRequestQueue } from './server-requests.js';
import type { PendingServerRequest } from '../session/types.js';

const request = (requestId: string, taskId?: string): PendingServerRequest =>
  ({
    sessionId: 's1',
    requestId,
    method: 'elicitation/create',
    params: {},
    receivedAt: 0,
    ...(taskId === undefined ? {} : { taskId }),
  }) as PendingServerRequest;

describe('ServerRequestQueue', () => {
  it('fails only the questions of a task that ended, and tells the UI they are done', async () => {
    const done: string[] = [];
    const queue = new ServerRequestQueue(
      () => undefined,
      (id) => done.push(id),
    );
    const ofTask = queue.wait(request('a', 't1'));
    const other = queue.wait(request('b', 't2'));
    const plain = queue.wait(request('c'));
    queue.rejectForTask('t1', 'task cancelled');
    await expect(ofTask).rejects.toThrow('task cancelled');
    expect(done).toEqual(['a']);
    expect(queue.list().map((r) => r.requestId)).toEqual(['b', 'c']);
    queue.rejectAll('closed');
    await expect(other).rejects.toThrow('closed');
    await expect(plain).rejects.toThrow('closed');
  });
});

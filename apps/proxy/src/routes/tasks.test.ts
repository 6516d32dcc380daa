import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineMessage } from '@mcpscope/engine';
import {
  ApiErrorSchema,
  ORIGIN_HEADER,
  ServerTaskListReplySchema,
  SessionInfoSchema,
  TaskCallReplySchema,
  TaskInfoSchema,
  TaskListReplySchema,
  TaskMessageSchema,
  type SessionConfigInput,
} from '@mcpscope/wire';
import { AUTH, makeApp, type Harness } from '../../test-fixtures/harness.js';

// server-everything 2026.8.31 and the 2026-07-28 tasks fixture live with the engine's test servers.
const engineRequire = createRequire(new URL('../../../../packages/engine/package.json', import.meta.url));
const everything: SessionConfigInput = {
  transport: 'stdio',
  command: process.execPath,
  args: [engineRequire.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
  env: {},
  name: 'everything',
};
const tasksV2: SessionConfigInput = {
  transport: 'stdio',
  command: process.execPath,
  args: [fileURLToPath(new URL('../../../../packages/engine/test-fixtures/tasks-v2-server.mjs', import.meta.url))],
  env: {},
  name: 'tasks-v2',
};

let h: Harness;
beforeEach(async () => {
  h = await makeApp();
});
afterEach(async () => h.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, reason?: string) =>
  h.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...AUTH, ...(reason ? { [ORIGIN_HEADER]: reason } : {}) },
    ...(payload ? { payload } : {}),
  });
const open = async (config: SessionConfigInput) => SessionInfoSchema.parse((await api('POST', '/sessions', { config })).json().session).id;
const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json()).error;
const research = (topic: string) => ({ params: { name: 'simulate-research-query', arguments: { topic } } });

describe('/api/sessions/:id/tasks on 2025-11-25 (server-everything)', () => {
  it('runs a task-augmented tools/call to its end, streaming task messages, and lists it', async () => {
    const id = await open(everything);
    await api('POST', `/sessions/${id}/requests`, { method: 'tools/list' });
    const messages: EngineMessage[] = [];
    h.engine.subscribe((m) => messages.push(m));
    const res = await api('POST', `/sessions/${id}/tasks`, { ...research('tides'), callId: 'r1', ttlMs: 60_000 }, 'tools: call as task');
    expect(res.statusCode).toBe(200);
    const reply = TaskCallReplySchema.parse(res.json());
    expect(reply).toMatchObject({
      callId: 'r1',
      outcome: 'result',
      task: { status: 'completed', tool: 'simulate-research-query', generation: 'v1', polling: false },
    });
    const taskId = reply.task!.taskId;
    const updates = messages.filter((m) => m.type === 'task').map((m) => TaskMessageSchema.parse(m));
    expect(updates.every((m) => m.sessionId === id && m.task.callId === 'r1')).toBe(true);
    expect(updates.map((m) => m.task.statusMessage)).toContain('Gathering sources...');

    const list = TaskListReplySchema.parse((await api('GET', `/sessions/${id}/tasks`)).json());
    expect(list.tasks.map((t) => t.taskId)).toEqual([taskId]);
    expect(TaskInfoSchema.parse((await api('GET', `/sessions/${id}/tasks/${taskId}`)).json())).toMatchObject({
      taskId,
      status: 'completed',
    });
    const listed = ServerTaskListReplySchema.parse((await api('POST', `/sessions/${id}/tasks/list`, {}, 'tasks: list')).json());
    expect(listed.tasks.map((t) => t.taskId)).toContain(taskId);

    const frames = h.engine
      .get(id)!
      .events()
      .filter((e) => e.type === 'frame' && e.dir === 'out');
    const origin = (method: string) =>
      frames.filter((f) => f.type === 'frame' && f.msg?.method === method).map((f) => (f.type === 'frame' ? f.origin?.reason : undefined));
    expect(origin('tools/call')).toEqual(['tools: call as task']);
    expect(new Set(origin('tasks/get'))).toEqual(new Set(['task: poll']));
    expect(origin('tasks/result')).toEqual(['task: result']);
    expect(origin('tasks/list')).toEqual(['tasks: list']);
  }, 30_000);

  it('DELETE …/requests/:callId cancels the running task (tasks/cancel); cancelling it again is the server’s -32602', async () => {
    const id = await open(everything);
    const pending = api('POST', `/sessions/${id}/tasks`, { ...research('slow'), callId: 'c1' });
    const session = h.engine.get(id)!;
    for (let i = 0; i < 500 && session.tasks.book.list().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await api('DELETE', `/sessions/${id}/requests/c1`, undefined, 'tools: cancel')).statusCode).toBe(204);
    const reply = TaskCallReplySchema.parse((await pending).json());
    expect(reply).toMatchObject({ outcome: 'cancelled', task: { status: 'cancelled' } });
    const again = await api('POST', `/sessions/${id}/tasks/${reply.task!.taskId}/cancel`, {}, 'tasks: cancel');
    expect(again.statusCode).toBe(502);
    expect(errorOf(again)).toMatchObject({ code: 'MCPSCOPE_ERR_UPSTREAM_ERROR', details: { rpcError: { code: -32602 } } });
  }, 30_000);

  it('422 for a tool that forbids tasks (nothing sent), 404 for an unknown task, 400 for a bad body', async () => {
    const id = await open(everything);
    await api('POST', `/sessions/${id}/requests`, { method: 'tools/list' });
    const echo = await api('POST', `/sessions/${id}/tasks`, { params: { name: 'echo', arguments: { message: 'x' } } });
    expect(echo.statusCode).toBe(422);
    expect(errorOf(echo).code).toBe('MCPSCOPE_ERR_TASKS_UNSUPPORTED');
    expect(
      h.engine
        .get(id)!
        .events()
        .some((e) => e.type === 'frame' && e.msg?.method === 'tools/call'),
    ).toBe(false);
    expect(errorOf(await api('GET', `/sessions/${id}/tasks/nope`)).code).toBe('MCPSCOPE_ERR_TASK_NOT_FOUND');
    expect(errorOf(await api('POST', `/sessions/${id}/tasks/nope/refresh`)).code).toBe('MCPSCOPE_ERR_TASK_NOT_FOUND');
    expect(errorOf(await api('POST', `/sessions/${id}/tasks`, { params: {} })).code).toBe('MCPSCOPE_ERR_BAD_REQUEST');
    expect(errorOf(await api('GET', `/sessions/nope/tasks`)).code).toBe('MCPSCOPE_ERR_SESSION_NOT_FOUND');
  });
});

describe('/api/sessions/:id/tasks on 2026-07-28 (the tasks extension)', () => {
  it('follows the task; refresh and result by id; tasks/list is not in the era', async () => {
    const id = await open(tasksV2);
    const reply = TaskCallReplySchema.parse(
      (await api('POST', `/sessions/${id}/tasks`, { params: { name: 'slow', arguments: { polls: 2 } } })).json(),
    );
    expect(reply).toMatchObject({ outcome: 'result', task: { generation: 'v2', status: 'completed', polls: 2 } });
    const taskId = reply.task!.taskId;
    expect(TaskInfoSchema.parse((await api('POST', `/sessions/${id}/tasks/${taskId}/refresh`)).json())).toMatchObject({
      status: 'completed',
    });
    expect(TaskCallReplySchema.parse((await api('POST', `/sessions/${id}/tasks/${taskId}/result`, {})).json())).toMatchObject({
      outcome: 'result',
      result: { content: [{ text: 'slow finished' }] },
    });
    const list = await api('POST', `/sessions/${id}/tasks/list`, {});
    expect(list.statusCode).toBe(422);
    expect(errorOf(list).code).toBe('MCPSCOPE_ERR_METHOD_NOT_IN_ERA');
  });
});

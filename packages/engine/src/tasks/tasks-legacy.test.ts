import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import { CLIENT_TASKS_CAPABILITY } from '../session/client-factory.js';
import type { Session } from '../session/session.js';
import type { PendingServerRequest } from '../session/types.js';
import { everythingEntry, RAW_SERVER } from '../../test-fixtures/servers.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

const frames = (events: readonly SessionEvent[], dir: 'in' | 'out', method: string): FrameEvent[] =>
  events.filter((e): e is FrameEvent => e.type === 'frame' && e.dir === dir && e.msg?.method === method);
const replies = (events: readonly SessionEvent[]): FrameEvent[] =>
  events.filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'out' && e.msg?.method === undefined);
const findings = (events: readonly SessionEvent[]) => events.flatMap((e) => (e.type === 'frame' && e.findings ? e.findings : []));
const USER = { by: 'user' as const, reason: 'tools: call as task' };

async function open(): Promise<Session> {
  engine = new Engine({ stopGraceMs: 200 });
  const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'], env: {} });
  expect(session.info().era).toBe('legacy');
  return session;
}

/** Answers each queued server request with `answer` (as a person in the UI would). */
function answering(session: Session, answer: (r: PendingServerRequest) => Record<string, unknown>): PendingServerRequest[] {
  const asked: PendingServerRequest[] = [];
  engine.subscribe((m) => {
    if (m.type !== 'server-request') return;
    asked.push(m.request);
    setTimeout(() => session.answer(m.request.requestId, { result: answer(m.request) }), 10);
  });
  return asked;
}

describe('tasks on 2025-11-25 with server-everything 2026.8.31', () => {
  it('declares tasks in initialize: all 19 tools are listed, the *-async ones and simulate-research-query included', async () => {
    const session = await open();
    const [init] = frames(session.events(), 'out', 'initialize');
    expect((init.msg!.params as { capabilities: { tasks?: unknown } }).capabilities.tasks).toEqual(CLIENT_TASKS_CAPABILITY);
    const out = await session.request('tools/list', {});
    const tools = out.outcome === 'result' ? (out.result.tools as Array<{ name: string; execution?: { taskSupport?: string } }>) : [];
    expect(tools).toHaveLength(19);
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['simulate-research-query', 'trigger-sampling-request-async', 'trigger-elicitation-request-async']),
    );
    expect(tools.find((t) => t.name === 'simulate-research-query')?.execution?.taskSupport).toBe('required');
    expect(findings(session.events())).toEqual([]);
  });

  it('runs simulate-research-query as a task: tools/call with params.task, polls at pollInterval, tasks/result; no finding', async () => {
    const session = await open();
    await session.request('tools/list', {});
    const out = await session.callTask(
      { name: 'simulate-research-query', arguments: { topic: 'tides' } },
      { callId: 'r1', ttlMs: 60_000, origin: USER },
    );
    expect(out).toMatchObject({
      callId: 'r1',
      outcome: 'result',
      task: { generation: 'v1', tool: 'simulate-research-query', status: 'completed', polling: false, pollIntervalMs: 1000 },
    });
    expect(JSON.stringify(out.outcome === 'result' ? out.result : {})).toContain('Research Report: tides');
    const events = session.events();
    const [call] = frames(events, 'out', 'tools/call');
    expect(call.msg!.params).toMatchObject({ name: 'simulate-research-query', task: { ttl: 60_000 } });
    expect(call.origin).toEqual(USER);
    const polls = frames(events, 'out', 'tasks/get');
    expect(polls.length).toBeGreaterThan(0);
    for (const p of polls) expect(p.origin).toEqual({ by: 'mcpscope', reason: 'task: poll' });
    for (let i = 1; i < polls.length; i++) expect(polls[i].t - polls[i - 1].t).toBeGreaterThanOrEqual(900);
    expect(frames(events, 'out', 'tasks/result').map((f) => f.origin)).toEqual([{ by: 'mcpscope', reason: 'task: result' }]);
    expect(frames(events, 'in', 'notifications/tasks/status').length).toBeGreaterThan(0);
    expect(findings(events)).toEqual([]);
  }, 30_000);

  it('input_required: tasks/result brings the elicitation, answered through the queue; the report has the answer', async () => {
    const session = await open();
    const asked = answering(session, () => ({ action: 'accept', content: { interpretation: 'snake' } }));
    const out = await session.callTask({ name: 'simulate-research-query', arguments: { topic: 'python', ambiguous: true } });
    expect(out).toMatchObject({ outcome: 'result', task: { status: 'completed' } });
    expect(JSON.stringify(out.outcome === 'result' ? out.result : {})).toContain('python (snake)');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ method: 'elicitation/create', taskId: out.task!.taskId });
    expect(findings(session.events())).toEqual([]);
  }, 30_000);

  it('a *-async tool: the server runs its sampling request on mcpscope as a task (ext-tasks receiver), answered through the queue', async () => {
    const session = await open();
    const asked = answering(session, () => ({
      role: 'assistant',
      model: 'mcpscope-test',
      content: { type: 'text', text: 'hello from the queue' },
    }));
    const out = await session.request('tools/call', { name: 'trigger-sampling-request-async', arguments: { prompt: 'hi' } });
    expect(out.outcome).toBe('result');
    const text = JSON.stringify(out.outcome === 'result' ? out.result : {});
    expect(text).toContain('[COMPLETED] Async sampling completed');
    expect(text).toContain('hello from the queue');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ method: 'sampling/createMessage', params: { task: { ttl: 300000 } } });
    expect(asked[0].requestId).toBe(`task:${asked[0].taskId}`);
    const events = session.events();
    const reasons = replies(events).map((f) => f.origin?.reason);
    expect(reasons).toEqual(expect.arrayContaining(['task: accepted', 'task: answer tasks/get', 'task: answer tasks/result']));
    expect(frames(events, 'out', 'notifications/tasks/status').map((f) => f.origin)).toContainEqual({
      by: 'mcpscope',
      reason: 'task: status',
    });
    // Our tasks/result answer carries the task's related-task metadata (a MUST the binding leaves out).
    const resultReply = replies(events).find((f) => f.origin?.reason === 'task: answer tasks/result');
    expect((resultReply?.msg?.result as { _meta?: Record<string, unknown> })?._meta?.['io.modelcontextprotocol/related-task']).toEqual({
      taskId: asked[0].taskId,
    });
    expect(findings(events)).toEqual([]);
  }, 30_000);

  it('refuses a task for a tool that forbids it, sending nothing; cancels a running task with tasks/cancel; lists tasks', async () => {
    const session = await open();
    await session.request('tools/list', {});
    await expect(session.callTask({ name: 'echo', arguments: { message: 'x' } })).rejects.toMatchObject({
      code: 'ENGINE_TASKS_UNSUPPORTED',
    });
    expect(frames(session.events(), 'out', 'tools/call')).toEqual([]);

    const running = session.callTask({ name: 'simulate-research-query', arguments: { topic: 'slow' } }, { callId: 'c1' });
    await until(() => session.tasks.book.list().length === 1, 'the task');
    expect(session.cancelRequest('c1', { by: 'user', reason: 'tools: cancel' })).toBe(true);
    const out = await running;
    expect(out).toMatchObject({ outcome: 'cancelled', task: { status: 'cancelled' } });
    expect(frames(session.events(), 'out', 'tasks/cancel').map((f) => f.origin)).toEqual([{ by: 'user', reason: 'tools: cancel' }]);

    const listed = await session.tasks.controls.list(undefined, { by: 'user', reason: 'tasks: list' });
    expect(listed.tasks.map((t) => t.taskId)).toContain(out.task!.taskId);
    // Cancelling a task that is already terminal: the server's -32602 (2025-11-25/basic/utilities/tasks#task-cancellation).
    await expect(session.tasks.controls.cancel(out.task!.taskId, { by: 'user', reason: 'tasks: cancel' })).rejects.toMatchObject({
      code: 'ENGINE_RPC_ERROR',
      data: { rpcError: { code: -32602 } },
    });
    expect(findings(session.events()).filter((f) => f.severity === 'error')).toEqual([]);
  }, 30_000);
});

describe('cancelling while tasks/result is held', () => {
  it('ends cancelled when the server answers the held tasks/result with an error before the cancel (the CI race)', async () => {
    engine = new Engine({ stopGraceMs: 200 });
    const session = await engine.open({
      transport: 'stdio',
      command: process.execPath,
      args: [RAW_SERVER],
      env: { FIXTURE_MODE: 'task-cancel-race' },
    });
    await session.request('tools/list', {});
    const running = session.callTask({ name: 'wait', arguments: {} }, { callId: 'w1' });
    await until(() => frames(session.events(), 'out', 'tasks/result').length === 1, 'tasks/result');
    const task = await session.tasks.controls.cancel('t1', { by: 'user', reason: 'tasks: cancel' });
    expect(task.status).toBe('cancelled');
    const out = await running;
    expect(out).toMatchObject({ callId: 'w1', outcome: 'cancelled', task: { status: 'cancelled' } });
    // The error came first on the wire: it is the cancelled task's final result, not a failure of the call.
    const inbound = session.events().filter((e): e is FrameEvent => e.type === 'frame' && e.dir === 'in' && e.msg?.id !== undefined);
    expect(inbound.slice(-2).map((f) => (f.msg!.error ? 'error' : 'result'))).toEqual(['error', 'result']);
  }, 30_000);
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

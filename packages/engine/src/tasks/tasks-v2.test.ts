import { afterEach, describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { Engine } from '../session/engine.js';
import type { Session } from '../session/session.js';
import type { EngineMessage, PendingServerRequest } from '../session/types.js';
import { TASKS_V2_SERVER } from '../../test-fixtures/servers.js';
import type { TaskInfo } from './types.js';

let engine: Engine;
afterEach(async () => engine?.closeAll());

const frames = (events: readonly SessionEvent[], dir: 'in' | 'out', method: string): FrameEvent[] =>
  events.filter((e): e is FrameEvent => e.type === 'frame' && e.dir === dir && e.msg?.method === method);
const findings = (events: readonly SessionEvent[]) => events.flatMap((e) => (e.type === 'frame' && e.findings ? e.findings : []));

async function open(): Promise<{ session: Session; messages: EngineMessage[] }> {
  engine = new Engine({ stopGraceMs: 200 });
  const messages: EngineMessage[] = [];
  engine.subscribe((m) => messages.push(m));
  const session = await engine.open({ transport: 'stdio', command: process.execPath, args: [TASKS_V2_SERVER], env: {} });
  expect(session.info().era).toBe('modern');
  return { session, messages };
}

/** Answers every server request the engine queues with `answer`. */
function answerAll(session: Session, answer: (r: PendingServerRequest) => Record<string, unknown>): PendingServerRequest[] {
  const asked: PendingServerRequest[] = [];
  engine.subscribe((m) => {
    if (m.type !== 'server-request') return;
    asked.push(m.request);
    setTimeout(
      () => session.answer(m.request.requestId, { result: answer(m.request) }, { by: 'user', reason: 'client: answer elicitation' }),
      10,
    );
  });
  return asked;
}

describe('tasks on 2026-07-28 (the io.modelcontextprotocol/tasks extension)', () => {
  it('declares the extension on every request, and follows a task to its result at the pollInterval', async () => {
    const { session, messages } = await open();
    const out = await session.callTask(
      { name: 'slow', arguments: { polls: 3 } },
      { callId: 'c1', origin: { by: 'user', reason: 'tools: call as task' } },
    );
    expect(out).toMatchObject({ callId: 'c1', outcome: 'result', result: { content: [{ type: 'text', text: 'slow finished' }] } });
    expect(out.task).toMatchObject({
      generation: 'v2',
      tool: 'slow',
      callId: 'c1',
      status: 'completed',
      polling: false,
      polls: 3,
      pollIntervalMs: 50,
      ttlMs: 60_000,
    });
    const events = session.events();
    const [call] = frames(events, 'out', 'tools/call');
    const meta = (call.msg!.params as { _meta: Record<string, { extensions?: Record<string, unknown> }> })._meta;
    expect(meta['io.modelcontextprotocol/clientCapabilities'].extensions?.['io.modelcontextprotocol/tasks']).toEqual({});
    expect(call.origin).toEqual({ by: 'user', reason: 'tools: call as task' });
    const polls = frames(events, 'out', 'tasks/get');
    expect(polls.map((f) => f.origin)).toEqual(Array(3).fill({ by: 'mcpscope', reason: 'task: poll' }));
    // The server asks for 50 ms; mcpscope polls no faster than every 100 ms.
    for (let i = 1; i < polls.length; i++) expect(polls[i].t - polls[i - 1].t).toBeGreaterThanOrEqual(90);
    const updates = messages.filter((m): m is Extract<EngineMessage, { type: 'task' }> => m.type === 'task').map((m) => m.task);
    expect(updates.map((t) => t.status)).toContain('working');
    expect(updates.at(-1)).toMatchObject({ status: 'completed', polling: false });
    expect(session.tasks.book.list().map((t) => t.taskId)).toEqual([out.task!.taskId]);
    expect(findings(events)).toEqual([]);
  });

  it('a plain tools/call the server turns into a task is followed the same way; an immediate answer stays as it is', async () => {
    const { session } = await open();
    const followed = await session.request('tools/call', { name: 'slow', arguments: { polls: 1 } });
    expect(followed).toMatchObject({ outcome: 'result', result: { content: [{ text: 'slow finished' }] }, task: { status: 'completed' } });
    const quick = await session.request('tools/call', { name: 'quick' });
    expect(quick).toMatchObject({ outcome: 'result', result: { content: [{ text: 'quick done at once' }] } });
    expect('task' in quick).toBe(false);
  });

  it('input_required: the input goes through the server-request queue and back in tasks/update as whoever answered', async () => {
    const { session } = await open();
    const asked = answerAll(session, () => ({ action: 'accept', content: { color: 'red' } }));
    const out = await session.callTask({ name: 'ask' }, { callId: 'a1' });
    expect(out).toMatchObject({ outcome: 'result', result: { content: [{ text: 'picked red' }] } });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ method: 'elicitation/create', inputKey: 'color', taskId: out.task!.taskId, callId: 'a1' });
    const [update] = frames(session.events(), 'out', 'tasks/update');
    expect(update.msg!.params).toMatchObject({
      taskId: out.task!.taskId,
      inputResponses: { color: { action: 'accept', content: { color: 'red' } } },
    });
    expect(update.origin).toEqual({ by: 'user', reason: 'client: answer elicitation' });
  });

  it('a failed task ends as its JSON-RPC error; a cancelled one as cancelled (DELETE …/requests/:callId sends tasks/cancel)', async () => {
    const { session } = await open();
    const failed = await session.callTask({ name: 'fail' });
    expect(failed).toMatchObject({
      outcome: 'error',
      error: { code: -32000, message: 'boom' },
      source: 'server',
      task: { status: 'failed' },
    });

    const running = session.callTask({ name: 'forever' }, { callId: 'f1' });
    await until(() => frames(session.events(), 'out', 'tasks/get').length >= 2, 'two polls');
    expect(session.cancelRequest('f1', { by: 'user', reason: 'tools: cancel' })).toBe(true);
    const out = await running;
    expect(out).toMatchObject({ outcome: 'cancelled', task: { status: 'cancelled', statusMessage: 'cancelled on request' } });
    expect(frames(session.events(), 'out', 'tasks/cancel').map((f) => f.origin)).toEqual([{ by: 'user', reason: 'tools: cancel' }]);
  });

  it('maxTotalTimeoutMs cancels the task as mcpscope and fails with ENGINE_TIMEOUT; a closed session ends the driver', async () => {
    const { session } = await open();
    await expect(session.callTask({ name: 'forever' }, { maxTotalTimeoutMs: 300 })).rejects.toMatchObject({ code: 'ENGINE_TIMEOUT' });
    await until(() => frames(session.events(), 'out', 'tasks/cancel').length === 1, 'tasks/cancel');
    expect(frames(session.events(), 'out', 'tasks/cancel')[0].origin).toEqual({ by: 'mcpscope', reason: 'cancel: maxTotalTimeoutMs' });

    const running = session.callTask({ name: 'forever' }).catch((err: unknown) => err);
    await until(() => session.tasks.book.list().some((t) => t.polling), 'a running task');
    await session.close();
    expect(await running).toMatchObject({ code: 'ENGINE_CLOSED' });
  });

  it('the user controls: refresh and result by task id; tasks/list does not exist on 2026-07-28', async () => {
    const { session } = await open();
    const out = await session.callTask({ name: 'slow', arguments: { polls: 1 } });
    const taskId = out.task!.taskId;
    const origin = { by: 'user' as const, reason: 'tasks: refresh' };
    await expect(session.tasks.controls.refresh(taskId, origin)).resolves.toMatchObject({ taskId, status: 'completed' });
    await expect(session.tasks.controls.result(taskId, origin, 5000)).resolves.toMatchObject({
      outcome: 'result',
      result: { content: [{ text: 'slow finished' }] },
    });
    await expect(session.tasks.controls.list(undefined, origin)).rejects.toMatchObject({ code: 'ENGINE_METHOD_NOT_IN_ERA' });
    await expect(session.tasks.controls.cancel(taskId, origin)).rejects.toMatchObject({
      code: 'ENGINE_RPC_ERROR',
      data: { rpcError: { code: -32602 } },
    });
    await expect(session.tasks.controls.refresh('nope', origin)).rejects.toMatchObject({ code: 'ENGINE_TASK_NOT_FOUND' });
    const sent = frames(session.events(), 'out', 'tasks/get').slice(-2);
    expect(sent.map((f) => f.origin)).toEqual([origin, origin]);
  });
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

export type { TaskInfo };

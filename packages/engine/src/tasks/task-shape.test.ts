import { describe, expect, it } from 'vitest';
import { createdTask, MAX_POLL_MS, MIN_POLL_MS, parseTask, pollDelay } from './task-shape.js';
import { TaskBook } from './task-book.js';
import type { TaskMessage } from './types.js';
import { ToolCatalogue } from './tool-catalogue.js';

const v1 = {
  taskId: 't1',
  status: 'working',
  createdAt: '2025-11-25T10:30:00Z',
  lastUpdatedAt: '2025-11-25T10:40:00Z',
  ttl: 60000,
  pollInterval: 5000,
};

describe('task shapes from the server (hostile input)', () => {
  it('reads each generation by its own field names', () => {
    expect(parseTask(v1, 'v1')).toEqual({
      taskId: 't1',
      status: 'working',
      createdAt: v1.createdAt,
      lastUpdatedAt: v1.lastUpdatedAt,
      ttlMs: 60000,
      pollIntervalMs: 5000,
    });
    expect(parseTask({ ...v1, ttl: undefined, ttlMs: null, pollIntervalMs: 200 }, 'v2')).toMatchObject({
      ttlMs: null,
      pollIntervalMs: 200,
    });
    expect(createdTask({ task: v1 }, 'v1')?.taskId).toBe('t1');
    expect(createdTask({ ...v1, resultType: 'task' }, 'v2')?.taskId).toBe('t1');
    expect(createdTask({ content: [] }, 'v1')).toBeUndefined();
    expect(createdTask({ ...v1, resultType: 'complete' }, 'v2')).toBeUndefined();
  });

  it('refuses what is no task, and keeps only the outcome that fits the status', () => {
    for (const bad of [
      null,
      [],
      'x',
      { taskId: '', status: 'working' },
      { taskId: 't', status: 'paused' },
      { taskId: 7, status: 'working' },
      { taskId: 't'.repeat(5000), status: 'working' },
    ]) {
      expect(parseTask(bad, 'v1')).toBeUndefined();
    }
    expect(parseTask({ taskId: 't', status: 'working', result: { content: [] } }, 'v2')?.result).toBeUndefined();
    expect(parseTask({ taskId: 't', status: 'failed', error: { code: -1, message: 'x' } }, 'v2')?.error).toEqual({
      code: -1,
      message: 'x',
    });
    expect(parseTask({ taskId: 't', status: 'completed', result: { content: [] } }, 'v1')?.result).toBeUndefined();
  });

  it('input requests: own keys only, each a method and params; __proto__ is data', () => {
    const inputRequests = JSON.parse(
      '{"__proto__": {"method": "elicitation/create", "params": {"message": "m"}}, "bad": 3, "r": {"method": "roots/list"}}',
    );
    const task = parseTask({ taskId: 't', status: 'input_required', inputRequests }, 'v2');
    expect(task?.inputRequests).toEqual([
      { key: '__proto__', method: 'elicitation/create', params: { message: 'm' } },
      { key: 'r', method: 'roots/list', params: {} },
    ]);
    expect(({} as Record<string, unknown>).method).toBeUndefined();
  });

  it('polls at the server pollInterval within bounds', () => {
    expect(pollDelay(undefined)).toBe(1000);
    expect(pollDelay(2500)).toBe(2500);
    expect(pollDelay(0)).toBe(MIN_POLL_MS);
    expect(pollDelay(1e12)).toBe(MAX_POLL_MS);
  });
});

describe('TaskBook', () => {
  it('emits every change, and a terminal task stays terminal whatever a late notification says', () => {
    const seen: TaskMessage[] = [];
    const book = new TaskBook('s1', (m) => seen.push(m));
    book.update('v1', { taskId: 't1', status: 'working' }, { callId: 'c', polling: true });
    book.update('v1', { taskId: 't1', status: 'completed' });
    book.update('v1', { taskId: 't1', status: 'working', statusMessage: 'late' });
    expect(book.get('t1')).toMatchObject({ sessionId: 's1', callId: 'c', status: 'completed', statusMessage: 'late', polling: true });
    expect(seen.map((m) => m.task.status)).toEqual(['working', 'completed', 'completed']);
    book.update('v1', { taskId: 't2', status: 'working' });
    expect(book.list().map((t) => t.taskId)).toEqual(['t2', 't1']);
  });

  it('keeps at most 1000 tasks, dropping finished ones first', () => {
    const book = new TaskBook('s1', () => undefined);
    book.update('v1', { taskId: 'running', status: 'working' }, { polling: true });
    for (let i = 0; i < 1200; i++) book.update('v1', { taskId: `t${i}`, status: 'completed' });
    expect(book.list()).toHaveLength(1000);
    expect(book.get('running')).toBeDefined();
  });
});

describe('ToolCatalogue', () => {
  it('learns execution.taskSupport from the tools/list answers it sees, nothing else', () => {
    const tools = new ToolCatalogue();
    tools.inbound({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'a', execution: { taskSupport: 'required' } }] } });
    expect(tools.of('a')).toBeUndefined();
    tools.outbound({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    tools.inbound({
      jsonrpc: '2.0',
      id: 2,
      result: {
        tools: [
          { name: 'a', execution: { taskSupport: 'required' } },
          { name: 'b', execution: { taskSupport: 'optional' } },
          { name: 'c' },
          { name: 'd', execution: { taskSupport: 'sometimes' } },
          null,
          5,
        ],
      },
    });
    expect(['a', 'b', 'c', 'd', 'e'].map((n) => tools.of(n))).toEqual(['required', 'optional', 'forbidden', 'forbidden', undefined]);
  });
});

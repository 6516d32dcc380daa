import { describe, expect, it } from 'vitest';
import { TaskCallReplySchema, TaskInfoSchema, toolTaskMode } from './tasks.js';

const v1Caps = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };

describe('toolTaskMode', () => {
  it('2025-11-25: the tool’s execution.taskSupport, only when the server takes task-augmented tools/call', () => {
    const legacy = { era: 'legacy' as const, serverCapabilities: v1Caps };
    expect(toolTaskMode({ name: 'r', execution: { taskSupport: 'required' } }, legacy)).toBe('required');
    expect(toolTaskMode({ name: 'o', execution: { taskSupport: 'optional' } }, legacy)).toBe('optional');
    expect(toolTaskMode({ name: 'f', execution: { taskSupport: 'forbidden' } }, legacy)).toBe('forbidden');
    expect(toolTaskMode({ name: 'n' }, legacy)).toBe('forbidden');
    expect(toolTaskMode({ name: 'x', execution: { taskSupport: 'maybe' } }, legacy)).toBe('forbidden');
    expect(toolTaskMode(JSON.parse('{"name":"p","__proto__":{"execution":{"taskSupport":"required"}}}'), legacy)).toBe('forbidden');
    expect(
      toolTaskMode(
        { name: 'r', execution: { taskSupport: 'required' } },
        { era: 'legacy', serverCapabilities: { tools: {}, tasks: { list: {} } } },
      ),
    ).toBe('forbidden');
  });

  it('2026-07-28: `server` with the tasks extension (no per-tool field), else forbidden', () => {
    expect(
      toolTaskMode(
        { name: 'a' },
        { era: 'modern', serverCapabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } } },
      ),
    ).toBe('server');
    expect(toolTaskMode({ name: 'a', execution: { taskSupport: 'required' } }, { era: 'modern', serverCapabilities: { tools: {} } })).toBe(
      'forbidden',
    );
  });
});

describe('task schemas', () => {
  it('a reply keeps the final task snapshot', () => {
    const task = TaskInfoSchema.parse({
      sessionId: 's1',
      taskId: 't',
      generation: 'v1',
      source: 'call',
      status: 'completed',
      polling: false,
      polls: 2,
      firstSeenAt: 1,
      updatedAt: 2,
      ttlMs: null,
    });
    const reply = TaskCallReplySchema.parse({ callId: 'c', outcome: 'result', result: { content: [] }, latencyMs: 3, task });
    expect(reply.task?.status).toBe('completed');
    expect(TaskCallReplySchema.parse({ callId: 'c', outcome: 'cancelled', latencyMs: 1 }).task).toBeUndefined();
  });
});

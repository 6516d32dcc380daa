import { describe, expect, it } from 'vitest';
import type { TaskInfo } from '@mcpscope/wire';
import { ago, countTasks, describeTtl, formatSpan, frameSearchable, matchesTask, progressFraction, progressText } from './taskRows';

const t = (over: Partial<TaskInfo>): TaskInfo => ({
  sessionId: 's1',
  taskId: 'a',
  generation: 'v1',
  source: 'call',
  status: 'working',
  polling: false,
  polls: 0,
  firstSeenAt: 0,
  updatedAt: 0,
  ...over,
});

describe('taskRows', () => {
  it('filters by state and by text over id, tool, status and message', () => {
    const tasks = [
      t({ taskId: 'a1', status: 'working', tool: 'simulate-research-query' }),
      t({ taskId: 'b2', status: 'completed', statusMessage: 'Done' }),
      t({ taskId: 'c3', status: 'input_required' }),
    ];
    expect(tasks.filter((x) => matchesTask(x, 'active', '')).map((x) => x.taskId)).toEqual(['a1', 'c3']);
    expect(tasks.filter((x) => matchesTask(x, 'ended', '')).map((x) => x.taskId)).toEqual(['b2']);
    expect(tasks.filter((x) => matchesTask(x, 'all', 'RESEARCH')).map((x) => x.taskId)).toEqual(['a1']);
    expect(tasks.filter((x) => matchesTask(x, 'all', 'done')).map((x) => x.taskId)).toEqual(['b2']);
    expect(countTasks(tasks)).toEqual({ all: 3, active: 2, ended: 1 });
  });

  it('says spans, TTLs and ages in words', () => {
    expect([formatSpan(300), formatSpan(1000), formatSpan(1500), formatSpan(300_000), formatSpan(90_000), formatSpan(5_400_000)]).toEqual([
      '300 ms',
      '1 s',
      '1.5 s',
      '5 min',
      '1 min 30 s',
      '1 h 30 min',
    ]);
    const created = '2026-01-01T00:00:00.000Z';
    const at = Date.parse(created);
    expect(describeTtl({ ttlMs: null }, at)).toEqual({ text: 'unlimited' });
    expect(describeTtl({}, at)).toEqual({ text: '—' });
    expect(describeTtl({ ttlMs: 300_000, createdAt: created }, at + 60_000).text).toBe('5 min (about 4 min left)');
    expect(describeTtl({ ttlMs: 300_000, createdAt: created }, at + 301_000)).toMatchObject({ expired: true });
    expect(describeTtl({ ttlMs: 300_000, createdAt: 'yesterday' }, at).text).toBe('5 min');
    expect(ago(created, at + 12_400)).toBe('12 s ago');
    expect(ago(created, at + 200)).toBe('just now');
    expect(ago('not a date', at)).toBeUndefined();
    expect(ago(created, at - 5000)).toMatch(/clocks differ/);
  });

  it('shows progress with and without a total', () => {
    expect(progressText(undefined)).toBeUndefined();
    expect(progressText({ progress: 2, total: 5 })).toBe('2 / 5');
    expect(progressText({ progress: 3 })).toBe('3');
    expect(progressFraction({ progress: 2, total: 5 })).toBe(0.4);
    expect(progressFraction({ progress: 9, total: 5 })).toBe(1);
    expect(progressFraction({ progress: 3 })).toBeUndefined();
  });

  it('offers a frame search only for ids the filter grammar reads as one word', () => {
    expect(frameSearchable('9f1c-44aa.b_c')).toBe(true);
    expect(frameSearchable('-negated')).toBe(false);
    expect(frameSearchable('has space')).toBe(false);
    expect(frameSearchable('method:x')).toBe(false);
    expect(frameSearchable('"quoted"')).toBe(false);
    expect(frameSearchable('')).toBe(false);
  });
});

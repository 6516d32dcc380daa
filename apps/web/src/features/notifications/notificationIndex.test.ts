import { describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { ChunkedList } from '../../lib/chunkedList';
import { IncrementalFilter } from './incrementalFilter';
import { highlightOf, matchesLog, matchesNotification, NotificationIndex, type LogEntry } from './notificationIndex';

let seq = 0;
const frame = (msg: Record<string, unknown>, dir: 'in' | 'out' = 'in'): FrameEvent => ({
  type: 'frame',
  seq: ++seq,
  t: seq,
  sessionId: 's',
  dir,
  msg,
  size: 1,
});
const note = (method: string, params: Record<string, unknown> = {}, dir: 'in' | 'out' = 'in') =>
  frame({ jsonrpc: '2.0', method, params }, dir);
const log = (level: string, data: unknown, logger?: string) =>
  note('notifications/message', { level, data, ...(logger ? { logger } : {}) });

describe('NotificationIndex', () => {
  it('keeps notifications of both directions, and log messages apart, incrementally', () => {
    const frames = new ChunkedList<FrameEvent>();
    const index = new NotificationIndex();
    frames.push(frame({ jsonrpc: '2.0', id: 1, method: 'ping' }, 'out'));
    frames.push(note('notifications/initialized', {}, 'out'));
    frames.push(log('info', 'hello', 'db'));
    expect(index.sync(frames)).toBe(true);
    expect(index.all.map((f) => f.msg!.method)).toEqual(['notifications/initialized', 'notifications/message']);
    expect(index.logs).toHaveLength(1);
    expect(index.logs[0]).toMatchObject({ level: 'info', rawLevel: 'info', logger: 'db', data: 'hello' });
    expect(index.sync(frames)).toBe(false);
    frames.push(log('loud', { x: 1 }));
    frames.push(frame({ jsonrpc: '2.0', id: 2, result: {} }));
    index.sync(frames);
    expect(index.logs[1]).toMatchObject({ level: undefined, rawLevel: 'loud' });
    expect(index.worstLevelRank).toBe(1); // info; the invalid level does not count
    expect(index.methods).toEqual(['notifications/initialized', 'notifications/message']);
    expect(index.loggers).toEqual(['db']);
  });
  it('does not take a client-sent notifications/message for a server log', () => {
    const frames = new ChunkedList<FrameEvent>();
    frames.push(note('notifications/message', { level: 'info', data: 'x' }, 'out'));
    const index = new NotificationIndex();
    index.sync(frames);
    expect(index.all).toHaveLength(1);
    expect(index.logs).toHaveLength(0);
  });
});

describe('filters', () => {
  it('match notifications by method, direction and text', () => {
    const f = note('notifications/resources/updated', { uri: 'demo://Clock' });
    expect(matchesNotification(f, { method: null, dir: 'all', text: '' })).toBe(true);
    expect(matchesNotification(f, { method: 'notifications/resources/updated', dir: 'in', text: 'clock' })).toBe(true);
    expect(matchesNotification(f, { method: null, dir: 'out', text: '' })).toBe(false);
    expect(matchesNotification(f, { method: 'notifications/message', dir: 'all', text: '' })).toBe(false);
    expect(matchesNotification(f, { method: null, dir: 'all', text: 'nope' })).toBe(false);
  });
  it('match logs at or above a level, always showing invalid levels', () => {
    const entry = (level: string | undefined, rawLevel = level ?? 'bad'): LogEntry => ({
      frame: log(rawLevel, 'd'),
      level: level as LogEntry['level'],
      rawLevel,
      data: 'd',
      logger: 'a',
    });
    const f = { minLevel: 'warning' as const, logger: null, text: '' };
    expect(matchesLog(entry('error'), f)).toBe(true);
    expect(matchesLog(entry('warning'), f)).toBe(true);
    expect(matchesLog(entry('info'), f)).toBe(false);
    expect(matchesLog(entry(undefined), f)).toBe(true);
    expect(matchesLog(entry('error'), { ...f, logger: 'b' })).toBe(false);
  });
  it('highlights updates and list changes', () => {
    expect(highlightOf('notifications/resources/updated')).toBe('updated');
    expect(highlightOf('notifications/tools/list_changed')).toBe('list-changed');
    expect(highlightOf('notifications/roots/list_changed')).toBe('list-changed');
    expect(highlightOf('notifications/message')).toBeNull();
  });
});

describe('IncrementalFilter', () => {
  it('extends the result with new items and restarts when the filter changes', () => {
    const calls: number[] = [];
    const filter = new IncrementalFilter<number, { even: boolean }>((n, f) => (calls.push(n), (n % 2 === 0) === f.even));
    const source = [1, 2, 3];
    const a = filter.update(source, { even: true });
    expect(a).toEqual([2]);
    expect(filter.update(source, { even: true })).toBe(a);
    source.push(4, 5);
    calls.length = 0;
    expect(filter.update(source, { even: true })).toEqual([2, 4]);
    expect(calls).toEqual([4, 5]);
    expect(filter.update(source, { even: false })).toEqual([1, 3, 5]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelative, formatTime } from './format';

describe('time formats (24 h everywhere)', () => {
  const at = new Date(2026, 10, 24, 17, 5, 9, 42).getTime();
  it('formats time of day and date-time in 24 h', () => {
    expect(formatTime(at)).toBe('17:05:09');
    expect(formatTime(new Date(2026, 0, 1, 0, 0, 0).getTime())).toBe('00:00:00');
    expect(formatDateTime(at)).toBe('2026-11-24 17:05:09');
  });
  it('formats relative times', () => {
    expect(formatRelative(at, at + 1_000)).toBe('just now');
    expect(formatRelative(at, at + 42_000)).toBe('42 s ago');
    expect(formatRelative(at, at + 3 * 60_000 + 5)).toBe('3 min ago');
    expect(formatRelative(at, at + 2 * 3_600_000)).toBe('2 h ago');
    expect(formatRelative(at, at + 5 * 86_400_000)).toBe('5 d ago');
    expect(formatRelative(at + 180_000, at)).toBe('in 3 min');
  });
});

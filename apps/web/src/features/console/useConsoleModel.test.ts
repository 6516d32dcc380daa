import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../lib/sessionLog';
import { ConsoleIndex, formatConsoleLine } from './useConsoleModel';

function log() {
  const l = new SessionLog('s1');
  l.append({ type: 'lifecycle', sessionId: 's1', seq: 1, t: 0, phase: 'spawn', pid: 42 });
  l.append({ type: 'stderr', sessionId: 's1', seq: 2, t: 5, text: 'listening\nWARNING: slow\n' });
  l.append({
    type: 'http',
    sessionId: 's1',
    seq: 3,
    t: 9,
    method: 'POST',
    url: 'http://x/mcp',
    status: 401,
    requestHeaders: {},
    durationMs: 3.4,
  });
  l.append({ type: 'lifecycle', sessionId: 's1', seq: 4, t: 12, phase: 'exit', code: 1, signal: null });
  return l;
}

describe('ConsoleIndex', () => {
  it('turns events into lines with levels', () => {
    const idx = new ConsoleIndex(log(), new Set(['stderr', 'lifecycle', 'http', 'oauth']), '');
    expect(idx.update()).toBe(5);
    expect([...idx.entries()].map((e) => [e.kind, e.text, e.level])).toEqual([
      ['lifecycle', 'process started, pid 42', 'info'],
      ['stderr', 'listening', 'info'],
      ['stderr', 'WARNING: slow', 'info'],
      ['http', 'POST http://x/mcp → 401 (3 ms)', 'warn'],
      ['lifecycle', 'process exited with code 1', 'error'],
    ]);
  });

  it('filters by kind and text, incrementally', () => {
    const l = log();
    const idx = new ConsoleIndex(l, new Set(['stderr']), 'warn');
    expect(idx.update()).toBe(1);
    l.append({ type: 'stderr', sessionId: 's1', seq: 5, t: 20, text: 'another warning' });
    expect(idx.update()).toBe(2);
  });

  it('formats lines for copying', () => {
    const e = { seq: 1, t: 1500, kind: 'lifecycle' as const, label: 'exit', text: 'process exited with code 1', level: 'error' as const };
    expect(formatConsoleLine(e, new Date(2026, 0, 1, 10, 0, 0).getTime())).toBe('10:00:01.500 [lifecycle:exit] process exited with code 1');
  });
});

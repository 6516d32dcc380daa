import { describe, expect, it } from 'vitest';
import { requestLabel, type FrameEvent } from '@mcpscope/protocol';
import { SessionLog } from '../../lib/sessionLog';
import { request, response, syntheticFrames } from '../../lib/testFrames';
import { Waterfall, rowAt, rowCount, rowOfSeq } from './waterfall';

const frame = (seq: number, t: number, dir: 'in' | 'out', msg: Record<string, unknown>): FrameEvent => ({
  type: 'frame',
  seq,
  t,
  sessionId: 's1',
  dir,
  msg: { jsonrpc: '2.0', ...msg },
  size: 10,
});

function logOf(...events: Parameters<SessionLog['append']>[0][]) {
  const log = new SessionLog('s1');
  for (const e of events) log.append(e);
  return log;
}

describe('Waterfall', () => {
  it('draws a bar from request to response, coloured by outcome and grouped by direction', () => {
    const log = logOf(
      frame(1, 10, 'out', { id: 1, method: 'tools/call', params: {} }),
      frame(2, 12, 'in', { id: 'a', method: 'sampling/createMessage', params: {} }),
      frame(3, 40, 'in', { id: 1, result: { isError: true, content: [] } }),
      frame(4, 50, 'out', { id: 2, method: 'tools/list' }),
      frame(5, 55, 'in', { id: 2, error: { code: -32601, message: 'nope' } }),
      frame(6, 60, 'out', { id: 'a', result: {} }),
      frame(7, 70, 'out', { id: 3, method: 'ping' }),
    );
    const w = new Waterfall(log);
    expect(w.update()).toBe(true);
    expect(w.out.map((b) => [b.seq, b.method, b.start, b.end, b.outcome])).toEqual([
      [1, 'tools/call', 10, 40, 'is-error'],
      [4, 'tools/list', 50, 55, 'error'],
      [7, 'ping', 70, undefined, 'pending'],
    ]);
    expect(w.in.map((b) => [b.seq, b.end, b.outcome])).toEqual([[2, 60, 'ok']]);
    expect(w.endT).toBe(70);
    expect(rowCount(w)).toBe(6);
    expect(rowAt(w, 0)).toEqual({ kind: 'header', dir: 'out', count: 3 });
    expect(rowAt(w, 4)).toEqual({ kind: 'header', dir: 'in', count: 1 });
    expect(rowAt(w, 5)).toMatchObject({ kind: 'bar', bar: { seq: 2 } });
    expect(rowOfSeq(w, 7)).toBe(3);
    expect(rowOfSeq(w, 2)).toBe(5);
    expect(rowOfSeq(w, 3)).toBe(-1);
  });

  it('puts progress notifications inside their request by progressToken, and marks cancellations', () => {
    const log = logOf(
      frame(1, 0, 'out', { id: 1, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 'p1' } } }),
      frame(2, 0, 'out', { id: 2, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 7 } } }),
      frame(3, 5, 'in', { method: 'notifications/progress', params: { progressToken: 'p1', progress: 1, total: 3 } }),
      frame(4, 6, 'in', { method: 'notifications/progress', params: { progressToken: 7, progress: 50 } }),
      frame(5, 7, 'in', { method: 'notifications/progress', params: { progressToken: '7', progress: 99 } }),
      frame(6, 8, 'in', { method: 'notifications/progress', params: { progressToken: 'p1', progress: 2, total: 3 } }),
      frame(7, 9, 'out', { method: 'notifications/cancelled', params: { requestId: 2 } }),
      frame(8, 10, 'in', { id: 1, result: {} }),
    );
    const w = new Waterfall(log);
    w.update();
    expect(w.barBySeq(1)!.progress).toEqual([
      { t: 5, seq: 3, progress: 1, total: 3 },
      { t: 8, seq: 6, progress: 2, total: 3 },
    ]);
    // "7" (string) is not the token 7 (number).
    expect(w.barBySeq(2)!.progress).toEqual([{ t: 6, seq: 4, progress: 50 }]);
    expect(w.barBySeq(2)).toMatchObject({ outcome: 'cancelled', end: 9 });
    expect(w.barBySeq(1)).toMatchObject({ outcome: 'ok', end: 10 });
  });

  it('turns stderr lines and lifecycle events into markers', () => {
    const log = logOf(
      { type: 'lifecycle', seq: 1, t: 0, sessionId: 's1', phase: 'spawn', pid: 42 },
      { type: 'stderr', seq: 2, t: 3, sessionId: 's1', text: 'a\nb\n' },
      { type: 'lifecycle', seq: 3, t: 5, sessionId: 's1', phase: 'connect' },
      { type: 'lifecycle', seq: 4, t: 6, sessionId: 's1', phase: 'state', state: 'connected' },
      { type: 'lifecycle', seq: 5, t: 90, sessionId: 's1', phase: 'exit', code: 1 },
    );
    const w = new Waterfall(log);
    w.update();
    expect(w.markers.map((m) => [m.kind, m.t])).toEqual([
      ['spawn', 0],
      ['stderr', 3],
      ['stderr', 3],
      ['connect', 5],
      ['exit', 90],
    ]);
    expect(w.endT).toBe(90);
  });

  it('updates incrementally and lays out 100,000 frames quickly', () => {
    const log = new SessionLog('s1');
    const w = new Waterfall(log);
    log.append(request(1, 1, 'ping'));
    w.update();
    expect(w.update()).toBe(false);
    log.append(response(2, 1, 5));
    w.update();
    expect(w.out[0]).toMatchObject({ end: 5, outcome: 'ok' });

    const big = new SessionLog('s1');
    for (const f of syntheticFrames(100_000)) big.append(f);
    const started = performance.now();
    const w2 = new Waterfall(big);
    w2.update();
    const ms = performance.now() - started;
    expect(w2.out.length).toBeGreaterThan(40_000);
    expect(w2.out.every((b) => b.outcome === 'ok')).toBe(true);
    expect(ms).toBeLessThan(1000);
  });
});

describe('Waterfall bar names', () => {
  it('names each bar by its target', () => {
    const log = new SessionLog('s1');
    const frame = (seq: number, msg: Record<string, unknown>) =>
      log.append({ type: 'frame', seq, t: seq, sessionId: 's1', dir: 'out', msg: { jsonrpc: '2.0', ...msg }, size: 10 });
    frame(1, { id: 1, method: 'tools/call', params: { name: 'echo' } });
    frame(2, { id: 2, method: 'resources/read', params: { uri: 'file:///a' } });
    frame(3, { id: 3, method: 'tools/list' });
    const w = new Waterfall(log);
    w.update();
    expect(w.out.map((b) => requestLabel(b.method, b.target))).toEqual(['tools/call echo', 'resources/read file:///a', 'tools/list']);
    expect(w.out[2]).not.toHaveProperty('target');
  });
});

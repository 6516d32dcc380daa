import { describe, expect, it } from 'vitest';
import type { FrameEvent } from '@mcpscope/protocol';
import { ResourceUpdateTracker } from './resourceUpdates';

const frame = (seq: number, msg: Record<string, unknown>, dir: 'in' | 'out' = 'in'): FrameEvent => ({
  type: 'frame',
  seq,
  t: seq * 10,
  sessionId: 's',
  dir,
  msg,
  size: 1,
});
const updated = (uri: unknown) => ({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } });

describe('ResourceUpdateTracker', () => {
  it('counts updates per URI with the latest time', () => {
    const t = new ResourceUpdateTracker();
    expect(t.observe(frame(1, updated('demo://clock')))).toBe(true);
    t.observe(frame(2, updated('demo://other')));
    t.observe(frame(3, updated('demo://clock')));
    expect(t.get('demo://clock')).toEqual({ count: 2, lastT: 30, lastSeq: 3 });
    expect(t.get('demo://other')?.count).toBe(1);
    expect(t.version).toBe(3);
  });
  it('ignores other frames: requests, outgoing, other methods, bad params', () => {
    const t = new ResourceUpdateTracker();
    expect(t.observe(frame(1, { ...updated('x'), id: 1 }))).toBe(false);
    expect(t.observe(frame(2, updated('x'), 'out'))).toBe(false);
    expect(t.observe(frame(3, { jsonrpc: '2.0', method: 'notifications/message', params: { uri: 'x' } }))).toBe(false);
    expect(t.observe(frame(4, updated(42)))).toBe(false);
    expect(t.get('x')).toBeUndefined();
    expect(t.version).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { compactFrame } from '@mcpscope/wire';
import { EventStore } from './eventStore';
import { request, response } from './testFrames';

const whole = (seq: number, method = 'notifications/message'): FrameEvent => {
  const msg = {
    jsonrpc: '2.0',
    method,
    params: { level: 'warning', logger: 'flood', progressToken: 't1', progress: seq, data: { tag: `frame-${seq}`, pad: 'p'.repeat(800) } },
  } as FrameEvent['msg'];
  return {
    type: 'frame',
    sessionId: 's1',
    seq,
    t: seq,
    dir: 'in',
    size: JSON.stringify(msg).length,
    msg,
    findings: [{ rule: 'r', severity: 'warning', message: 'm' }],
  };
};

describe('the event store on compact rows', () => {
  it('keeps the rows as they came: counts, methods and findings from their fields; the whole event read back through the session', async () => {
    const events: SessionEvent[] = [request(1, 1, 'tools/list'), response(2, 1), whole(3), whole(4, 'notifications/progress')];
    const store = new EventStore((fn) => fn(), undefined, {
      fetchEvents: async (_sessionId, from, limit) => events.filter((e) => e.seq >= from && e.seq < from + limit),
    });
    for (const e of events) store.enqueue(e.type === 'frame' ? compactFrame(e) : e);
    store.flush();
    const log = store.log('s1')!;
    expect(log.frames.length).toBe(4);
    expect(log.compactFrames).toBe(2);
    expect(log.notificationCounts).toEqual({ all: 2, logs: 1 });
    expect(log.methods).toEqual(['notifications/message', 'notifications/progress', 'tools/list']);
    expect(log.findings.counts.warning).toBe(2);
    const row = log.frames.get(2)!;
    expect(row.compact).toBe(true);
    expect((row.msg as { params: { level: string } }).params.level).toBe('warning');

    const bodies = store.session('s1')!.bodies;
    expect(bodies.whole(row)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    expect(bodies.whole(row)).toBe(events[2]);
    // The session goes, its bodies with it.
    store.enqueue({ type: 'session-removed', sessionId: 's1' });
    store.flush();
    expect(bodies.size).toBe(0);
  });
});

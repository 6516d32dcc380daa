import { describe, expect, it } from 'vitest';
import type { FrameEvent, SessionEvent } from '@mcpscope/protocol';
import { compactFrame } from '@mcpscope/wire';
import { FrameBodies, type FetchEvents } from './frameBodies';
import { SessionState } from './sessionState';

const pad = 'p'.repeat(800);
const whole = (seq: number): FrameEvent => {
  const msg = {
    jsonrpc: '2.0',
    method: 'notifications/message',
    params: { level: 'info', data: { tag: `frame-${seq}`, pad } },
  } as FrameEvent['msg'];
  return { type: 'frame', sessionId: 's1', seq, t: seq, dir: 'in', size: JSON.stringify(msg).length, msg };
};
const row = (seq: number) => compactFrame(whole(seq));

/** The proxy's GET …/events by seq, over `events`; records every request. */
function proxy(events: (seq: number) => unknown = whole) {
  const asked: Array<[number, number]> = [];
  const fetchEvents: FetchEvents = async (from, limit) => {
    asked.push([from, limit]);
    return Array.from({ length: limit }, (_, i) => events(from + i)) as SessionEvent[];
  };
  return { asked, fetchEvents };
}
const settled = () => new Promise((r) => setTimeout(r, 0));

describe('FrameBodies', () => {
  it('reads the whole event of a compact row once, batching the rows asked in one tick', async () => {
    const p = proxy();
    const bodies = new FrameBodies(p.fetchEvents);
    let told = 0;
    bodies.subscribe(() => told++);
    const plain = whole(1);
    expect(bodies.whole(plain)).toBe(plain); // a whole frame needs nothing
    for (const seq of [10, 12, 15]) expect(bodies.whole(row(seq))).toBeUndefined();
    await settled();
    expect(p.asked).toEqual([[10, 6]]);
    expect(told).toBe(1);
    const got = bodies.whole(row(12))!;
    expect(got.compact).toBeUndefined();
    expect((got.msg as { params: { data: { pad: string } } }).params.data.pad).toBe(pad);
    bodies.whole(row(12));
    await settled();
    expect(p.asked).toHaveLength(1); // cached
  });

  it('splits seqs far apart into requests no longer than its span', async () => {
    const p = proxy();
    const bodies = new FrameBodies(p.fetchEvents);
    for (const seq of [5, 100_000, 6]) bodies.whole(row(seq));
    await settled();
    expect(p.asked).toEqual([
      [5, 2],
      [100_000, 1],
    ]);
  });

  it('keeps at most its bound, least recently used dropped', async () => {
    const p = proxy();
    const bodies = new FrameBodies(p.fetchEvents, 3);
    for (const seq of [1, 2, 3]) bodies.whole(row(seq));
    await settled();
    bodies.whole(row(1)); // used: 2 is now the oldest
    bodies.whole(row(4));
    await settled();
    expect(bodies.size).toBe(3);
    expect(bodies.whole(row(1))).toBeDefined();
    expect(bodies.whole(row(2))).toBeUndefined();
  });

  it('takes nothing hostile or missing for a body: another seq, a compact one, a msg that is not an object, not a frame', async () => {
    const bad: Record<number, unknown> = {
      1: { ...whole(1), seq: 99 },
      2: { ...whole(2), compact: true },
      3: { ...whole(3), msg: 'text' },
      4: { type: 'stderr', sessionId: 's1', seq: 4, t: 4, text: 'x' },
      5: { ...whole(5), dir: 'sideways' },
      6: null,
    };
    const p = proxy((seq) => bad[seq]);
    let now = 0;
    const bodies = new FrameBodies(p.fetchEvents, 10, () => now);
    for (let seq = 1; seq <= 6; seq++) bodies.whole(row(seq));
    await settled();
    for (let seq = 1; seq <= 6; seq++) {
      expect(bodies.whole(row(seq))).toBeUndefined();
      expect(bodies.failed(seq)).toBe(true);
    }
    expect(bodies.size).toBe(0);
    expect(p.asked).toHaveLength(1); // not asked again at once
    now = 5000;
    bodies.whole(row(3));
    await settled();
    expect(p.asked).toHaveLength(2); // asked again later
  });

  it('counts a failed request as missing and survives it', async () => {
    const bodies = new FrameBodies(() => Promise.reject(new Error('proxy gone')));
    bodies.whole(row(1));
    await settled();
    await settled();
    expect(bodies.failed(1)).toBe(true);
  });

  it('goes with its session: a disposed session holds no body and ignores late replies', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const state = new SessionState(
      's1',
      1 << 20,
      () => Promise.resolve({ frames: [] }),
      async (from, limit) => {
        await gate;
        return Array.from({ length: limit }, (_, i) => whole(from + i));
      },
    );
    state.bodies.whole(row(1));
    await settled();
    state.dispose();
    release();
    await settled();
    expect(state.bodies.size).toBe(0);
    expect(state.bodies.whole(row(2))).toBeUndefined();
    await settled();
    expect(state.bodies.size).toBe(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { PacedSender, type SendSocket } from './pacedSender.js';

/** A socket whose buffer drains only when the test says so. */
class FakeSocket implements SendSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  private callbacks: Array<(err?: Error) => void> = [];
  send(data: string, cb?: (err?: Error) => void): void {
    this.sent.push(data);
    this.bufferedAmount += data.length;
    if (cb) this.callbacks.push(cb);
  }
  drain(): void {
    this.bufferedAmount = 0;
    for (const cb of this.callbacks.splice(0)) cb();
  }
  /** Every message received, batches unpacked. */
  messages(): unknown[] {
    return this.sent.flatMap((s) => {
      const m = JSON.parse(s) as { type: string; messages?: unknown[] };
      return m.type === 'batch' ? m.messages! : [m];
    });
  }
}

function setup(
  opts: { highWaterBytes?: number; maxQueuedBytes?: number; batchBytes?: number; minIntervalMs?: number } = {},
  ticks: Array<() => void> = [],
) {
  const socket = new FakeSocket();
  let overflowed = 0;
  const sender = new PacedSender(socket, {
    highWaterBytes: opts.highWaterBytes ?? 1 << 20,
    maxQueuedBytes: opts.maxQueuedBytes ?? 1 << 20,
    batchBytes: opts.batchBytes ?? 1000,
    ...(opts.minIntervalMs === undefined ? {} : { minIntervalMs: opts.minIntervalMs }),
    onOverflow: () => overflowed++,
    defer: (fn) => ticks.push(fn),
  });
  const endTick = () => {
    for (const fn of ticks.splice(0)) fn();
  };
  return { socket, sender, endTick, overflowed: () => overflowed };
}

const ev = (seq: number) => ({ type: 'frame', sessionId: 's', seq, pad: 'x'.repeat(80) });

describe('PacedSender', () => {
  it('sends what one tick produced as one batch, in order; a lone message as itself', () => {
    const { socket, sender, endTick } = setup({ batchBytes: 1 << 20 });
    for (let seq = 1; seq <= 50; seq++) sender.send(ev(seq));
    expect(socket.sent).toHaveLength(0);
    endTick();
    expect(socket.sent).toHaveLength(1);
    expect(JSON.parse(socket.sent[0]!)).toMatchObject({ type: 'batch' });
    expect(socket.messages().map((m) => (m as { seq: number }).seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    sender.send(ev(51));
    endTick();
    expect(JSON.parse(socket.sent[1]!)).toMatchObject({ type: 'frame', seq: 51 });
  });

  it('with minIntervalMs, what arrives within the interval of a flush waits and leaves with what follows; after a quiet spell, at the end of the tick', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      const { socket, sender, endTick } = setup({ batchBytes: 1 << 20, minIntervalMs: 8 });
      sender.send(ev(1));
      endTick();
      expect(socket.sent).toHaveLength(1);
      // Three more ticks, 1 ms apart: nothing leaves until 8 ms after the first flush, then one batch.
      for (let seq = 2; seq <= 4; seq++) {
        vi.advanceTimersByTime(1);
        sender.send(ev(seq));
        endTick();
      }
      expect(socket.sent).toHaveLength(1);
      vi.advanceTimersByTime(4);
      expect(socket.sent).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(socket.sent).toHaveLength(2);
      expect(JSON.parse(socket.sent[1]!)).toMatchObject({ type: 'batch' });
      // Quiet for longer than the interval: the next message leaves at the end of its tick.
      vi.advanceTimersByTime(50);
      sender.send(ev(5));
      endTick();
      expect(socket.sent).toHaveLength(3);
      expect(socket.messages().map((m) => (m as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5]);
      // A batch that fills up still leaves at once, interval or not.
      const small = setup({ batchBytes: 1000, minIntervalMs: 8 });
      small.sender.send(ev(1));
      small.endTick();
      for (let seq = 2; seq <= 30; seq++) small.sender.send(ev(seq));
      expect(small.socket.sent.length).toBeGreaterThan(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes a batch at batchBytes without waiting for the tick', () => {
    const { socket, sender, endTick } = setup({ batchBytes: 1000 });
    for (let seq = 1; seq <= 100; seq++) sender.send(ev(seq));
    const beforeTick = socket.sent.length;
    expect(beforeTick).toBeGreaterThan(5);
    endTick();
    for (const data of socket.sent) expect(data.length).toBeLessThan(1000 + 200);
    expect(socket.messages().map((m) => (m as { seq: number }).seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('keeps messages while the socket is full and sends them, batched and in order, as it drains', () => {
    const { socket, sender, endTick } = setup({ highWaterBytes: 150, batchBytes: 1000 });
    sender.sendAll([ev(1), ev(2)]);
    endTick();
    for (let seq = 3; seq <= 40; seq++) sender.send(ev(seq));
    endTick();
    expect(socket.sent).toHaveLength(1); // the socket is over its high-water mark
    while (socket.bufferedAmount > 0) socket.drain();
    expect(socket.messages().map((m) => (m as { seq: number }).seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(socket.sent.length).toBeLessThan(10);
  });

  it('serializes a snapshot only when it is sent, so a large backlog is not held twice', () => {
    const { socket, sender, endTick } = setup({ highWaterBytes: 100 });
    let serialized = 0;
    const lazy = (seq: number) => ({ toJSON: () => (serialized++, ev(seq)) });
    sender.sendAll(Array.from({ length: 30 }, (_, i) => lazy(i + 1)));
    endTick();
    expect(serialized).toBeLessThan(30);
    while (socket.bufferedAmount > 0) socket.drain();
    expect(serialized).toBe(30);
    expect(socket.messages()).toHaveLength(30);
  });

  it('gives up on a socket that does not drain once messages that cannot be skipped exceed maxQueuedBytes', () => {
    const { socket, sender, endTick, overflowed } = setup({ highWaterBytes: 100, maxQueuedBytes: 5000 });
    sender.send(ev(0));
    endTick();
    for (let seq = 1; seq <= 1000 && overflowed() === 0; seq++) sender.send(ev(seq));
    expect(overflowed()).toBe(1);
    const sent = socket.sent.length;
    sender.send(ev(2000));
    endTick();
    socket.drain();
    expect(socket.sent.length).toBe(sent);
  });

  describe('a tab that falls behind', () => {
    type Msg = { type: string; sessionId?: string; seq?: number; fromSeq?: number; toSeq?: number; events?: number; frames?: number };
    /** A live session event as the hub passes it: serialized once, with what a gap needs. */
    const live = (sender: PacedSender, sessionId: string, seq: number, frame = true) => {
      const data = JSON.stringify({ type: frame ? 'frame' : 'stderr', sessionId, seq, pad: 'x'.repeat(80) });
      sender.sendSerialized(data, { sessionId, seq, frame });
    };

    it('skips the waiting events for a gap marker, keeps memory bounded by bytes, and keeps order', () => {
      const { socket, sender, endTick, overflowed } = setup({ highWaterBytes: 100, maxQueuedBytes: 5000 });
      live(sender, 's', 1);
      endTick(); // seq 1 is in the socket; the socket is now over its high-water mark
      let maxQueued = 0;
      for (let seq = 2; seq <= 1000; seq++) {
        live(sender, 's', seq, seq % 10 !== 0); // every 10th is a stderr line
        maxQueued = Math.max(maxQueued, sender.queued);
      }
      endTick();
      expect(overflowed()).toBe(0);
      expect(maxQueued).toBeLessThanOrEqual(5000);
      while (socket.bufferedAmount > 0) socket.drain();
      const got = socket.messages() as Msg[];
      const gaps = got.filter((m) => m.type === 'gap');
      expect(gaps).toHaveLength(1);
      const gap = gaps[0]!;
      expect(got[0]).toMatchObject({ seq: 1 });
      expect(got[1]).toBe(gap);
      expect(gap.fromSeq).toBe(2);
      const after = got.slice(2).map((m) => m.seq!);
      // Every event is either received or inside the gap; order kept; nothing twice.
      expect(after).toEqual(Array.from({ length: 1000 - gap.toSeq! }, (_, i) => gap.toSeq! + 1 + i));
      expect(gap.events).toBe(gap.toSeq! - 1);
      const skippedSeqs = Array.from({ length: gap.events! }, (_, i) => i + 2);
      expect(gap.frames).toBe(skippedSeqs.filter((seq) => seq % 10 !== 0).length);
      // What waits here is bounded by the budget, whatever the tab does.
      expect(after.length * 120).toBeLessThanOrEqual(5000);
      expect(sender.skippedEvents).toBe(gap.events);
    });

    it('keeps messages that are not session events, in place, and one gap per session', () => {
      const { socket, sender, endTick, overflowed } = setup({ highWaterBytes: 100, maxQueuedBytes: 3000 });
      sender.send({ type: 'ready' });
      endTick();
      for (let seq = 1; seq <= 200; seq++) {
        live(sender, 'a', seq);
        live(sender, 'b', seq);
        if (seq === 5) sender.send({ type: 'session', session: { id: 'a' } });
      }
      expect(overflowed()).toBe(0);
      while (socket.bufferedAmount > 0) socket.drain();
      const got = socket.messages() as Msg[];
      expect(got.filter((m) => m.type === 'session')).toHaveLength(1);
      for (const id of ['a', 'b']) {
        const mine = got.filter((m) => m.sessionId === id);
        expect(mine.filter((m) => m.type === 'gap')).toHaveLength(1);
        // Each seq 1..200 exactly once: received, or inside the gap, which sits where they were.
        let next = 1;
        for (const m of mine) {
          if (m.type === 'gap') {
            expect(m).toMatchObject({ fromSeq: next, events: m.toSeq! - next + 1, frames: m.toSeq! - next + 1 });
            next = m.toSeq! + 1;
          } else expect(m.seq).toBe(next++);
        }
        expect(next).toBe(201);
      }
    });

    it('skips above the tab budget (skipAboveBytes) and closes only past maxQueuedBytes of what cannot be skipped', () => {
      const socket = new FakeSocket();
      let overflowed = 0;
      const sender = new PacedSender(socket, {
        highWaterBytes: 100,
        maxQueuedBytes: 20_000,
        skipAboveBytes: 2000,
        batchBytes: 1000,
        onOverflow: () => overflowed++,
        defer: () => {},
      });
      live(sender, 's', 1);
      for (let seq = 2; seq <= 500; seq++) {
        live(sender, 's', seq);
        expect(sender.queued).toBeLessThanOrEqual(2000);
      }
      // Messages that cannot be skipped wait up to maxQueuedBytes, then the tab is closed.
      for (let i = 0; i < 150 && overflowed === 0; i++) sender.send({ type: 'session', session: { id: 's', pad: 'x'.repeat(100) } });
      expect(overflowed).toBe(1);
      expect(sender.skippedEvents).toBeGreaterThan(400);
    });

    it('holds nothing while its gap waits: later events join it; once it has left, events flow again', () => {
      const { socket, sender, endTick } = setup({ highWaterBytes: 100, maxQueuedBytes: 2000 });
      live(sender, 's', 1);
      endTick();
      for (let seq = 2; seq <= 500; seq++) {
        live(sender, 's', seq); // the socket stays full
        expect(sender.queued).toBeLessThanOrEqual(2000);
      }
      expect(sender.queued).toBe(0);
      while (socket.bufferedAmount > 0) socket.drain();
      live(sender, 's', 501);
      endTick();
      const got = socket.messages() as Msg[];
      expect(got).toEqual([
        expect.objectContaining({ seq: 1 }),
        { type: 'gap', sessionId: 's', fromSeq: 2, toSeq: 500, events: 499, frames: 499, notifications: 0, logs: 0 },
        expect.objectContaining({ seq: 501 }),
      ]);
    });

    it('does not slow another tab: a stalled socket skips, the healthy one gets every event', () => {
      const ticks: Array<() => void> = [];
      const stalled = setup({ highWaterBytes: 100, maxQueuedBytes: 4000 }, ticks);
      const healthy = setup({ highWaterBytes: 100, maxQueuedBytes: 4000 }, ticks);
      for (let seq = 1; seq <= 2000; seq++) {
        for (const tab of [stalled, healthy]) live(tab.sender, 's', seq);
        if (seq % 20 === 0) {
          stalled.endTick();
          while (healthy.socket.bufferedAmount > 0) healthy.socket.drain(); // reads as fast as it is sent
        }
        expect(stalled.sender.queued).toBeLessThanOrEqual(4000);
      }
      stalled.endTick();
      while (healthy.socket.bufferedAmount > 0) healthy.socket.drain();
      expect((healthy.socket.messages() as Msg[]).map((m) => m.seq)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
      expect(healthy.overflowed() + stalled.overflowed()).toBe(0);
      expect(stalled.sender.skippedEvents).toBeGreaterThan(1500);
    });

    it('never skips an event marked keep (a frame with findings): the gap ends before it and another starts after', () => {
      const { socket, sender, endTick } = setup({ highWaterBytes: 100, maxQueuedBytes: 3000 });
      live(sender, 's', 1);
      endTick();
      for (let seq = 2; seq <= 300; seq++) {
        const data = JSON.stringify({ type: 'frame', sessionId: 's', seq, pad: 'x'.repeat(80) });
        sender.sendSerialized(data, { sessionId: 's', seq, frame: true, ...(seq === 20 ? { keep: true } : {}) });
      }
      while (socket.bufferedAmount > 0) socket.drain();
      const got = socket.messages() as Msg[];
      expect(got.some((m) => m.seq === 20)).toBe(true);
      const gaps = got.filter((m) => m.type === 'gap');
      expect(gaps.length).toBeGreaterThanOrEqual(2);
      expect(gaps[0]).toMatchObject({ fromSeq: 2 });
      expect(gaps.filter((g) => g.fromSeq! <= 20 && g.toSeq! >= 20)).toEqual([]);
      let next = 1;
      for (const m of got) {
        if (m.type === 'gap') {
          expect(m).toMatchObject({ fromSeq: next, events: m.toSeq! - next + 1 });
          next = m.toSeq! + 1;
        } else expect(m.seq).toBe(next++);
      }
      expect(next).toBe(301);
    });
  });
});

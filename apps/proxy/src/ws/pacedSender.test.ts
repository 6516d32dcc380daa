import { describe, expect, it } from 'vitest';
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

function setup(opts: { highWaterBytes?: number; maxQueuedBytes?: number; batchBytes?: number } = {}) {
  const socket = new FakeSocket();
  const ticks: Array<() => void> = [];
  let overflowed = 0;
  const sender = new PacedSender(socket, {
    highWaterBytes: opts.highWaterBytes ?? 1 << 20,
    maxQueuedBytes: opts.maxQueuedBytes ?? 1 << 20,
    batchBytes: opts.batchBytes ?? 1000,
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

  it('gives up on a socket that does not drain once live messages exceed maxQueuedBytes', () => {
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
});

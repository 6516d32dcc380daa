import { describe, expect, it } from 'vitest';
import { connectSocket, socketUrl, type SocketStatus } from './ws';

class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
    this.onclose?.({ code: 1000, reason: '' });
  }
}

function setup() {
  FakeSocket.instances = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const messages: unknown[] = [];
  const statuses: SocketStatus[] = [];
  const invalid: string[] = [];
  const client = connectSocket({
    url: 'ws://h/ws?token=t',
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    onInvalid: (e) => invalid.push(e),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
  });
  return { client, timers, messages, statuses, invalid };
}

describe('connectSocket', () => {
  it('builds the socket URL with the token', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:4000' }, 'a b')).toBe('ws://127.0.0.1:4000/ws?token=a%20b');
    expect(socketUrl({ protocol: 'https:', host: 'x' }, 't')).toBe('wss://x/ws?token=t');
  });

  it('parses messages at the boundary and drops invalid ones', () => {
    const { messages, invalid } = setup();
    const ws = FakeSocket.instances[0];
    ws.onopen?.();
    ws.onmessage?.({ data: JSON.stringify({ type: 'ready' }) });
    ws.onmessage?.({ data: JSON.stringify({ type: 'frame', sessionId: 's', seq: 1, t: 0, dir: 'out', size: 2, msg: {} }) });
    ws.onmessage?.({ data: JSON.stringify({ type: 'frame', sessionId: 's', seq: 'x' }) });
    ws.onmessage?.({ data: 'not json' });
    expect(messages).toHaveLength(2);
    expect(invalid).toHaveLength(2);
  });

  it('unpacks a batch into its messages, in order, dropping only its invalid ones', () => {
    const { messages, invalid } = setup();
    const ws = FakeSocket.instances[0];
    ws.onopen?.();
    const frame = (seq: unknown) => ({ type: 'frame', sessionId: 's', seq, t: 0, dir: 'in', size: 2, msg: {} });
    ws.onmessage?.({ data: JSON.stringify({ type: 'batch', messages: [frame(1), frame('x'), { type: 'ready' }, frame(2)] }) });
    expect(messages).toEqual([frame(1), { type: 'ready' }, frame(2)]);
    expect(invalid).toHaveLength(1);
  });

  it('reconnects with growing backoff, resets it after a successful open, and stops on close()', () => {
    const { client, timers, statuses } = setup();
    FakeSocket.instances[0].onclose?.({ code: 1006, reason: '' });
    expect(timers.map((t) => t.ms)).toEqual([250]);
    timers[0].fn();
    FakeSocket.instances[1].onclose?.({ code: 1006, reason: '' });
    expect(timers.map((t) => t.ms)).toEqual([250, 500]);
    timers[1].fn();
    FakeSocket.instances[2].onopen?.();
    FakeSocket.instances[2].onclose?.({ code: 1006, reason: '' });
    expect(timers[2].ms).toBe(250);
    timers[2].fn();
    client.close();
    expect(FakeSocket.instances[3].closed).toBe(true);
    expect(timers).toHaveLength(3);
    expect(statuses).toEqual(['connecting', 'reconnecting', 'reconnecting', 'open', 'reconnecting', 'closed']);
  });
});

import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@mcpscope/wire';
import { BURST_DELAY_MS, BURST_THRESHOLD, EventStore, FLOOD_DELAY_MS, MAX_PACED_DELAY_MS, RENDER_PACING } from './eventStore';
import { request, response, syntheticFrames } from './testFrames';

function manualStore() {
  const tasks: Array<() => void> = [];
  const store = new EventStore((fn) => tasks.push(fn));
  const runFrame = () => tasks.splice(0).forEach((t) => t());
  return { store, tasks, runFrame };
}

const session = (id: string, createdAt = 1): SessionInfo => ({
  id,
  name: id,
  state: 'connected',
  transport: 'stdio',
  target: 'node x',
  createdAt,
  wrapped: false,
});

describe('EventStore', () => {
  it('coalesces a burst of messages into one notification per animation frame', () => {
    const { store, tasks, runFrame } = manualStore();
    let notified = 0;
    store.subscribe(() => notified++);
    for (const f of syntheticFrames(500)) store.enqueue(f);
    expect(tasks).toHaveLength(1);
    expect(store.log('s1')).toBeUndefined();
    runFrame();
    expect(notified).toBe(1);
    expect(store.log('s1')!.frames.length).toBe(500);
  });

  it('paces a steady stream by what its updates cost, and renders a cheap one on the next frame', async () => {
    let clock = 0;
    const delays: number[] = [];
    const tasks: Array<() => void> = [];
    const store = new EventStore(
      (fn, delay = 0) => (tasks.push(fn), delays.push(delay)),
      () => clock,
    );
    const frames = syntheticFrames(40);
    const run = async () => {
      tasks.splice(0).forEach((t) => t());
      await Promise.resolve(); // the microtask that measures the render
    };
    store.enqueue({ type: 'ready' });
    await run();
    // An update costing 30 ms (a long list's render): the next waits 30 × RENDER_PACING from its start.
    store.subscribe(() => void (clock += 30));
    expect(delays).toEqual([BURST_DELAY_MS]); // not ready yet: the backlog is a burst
    store.enqueue(frames[0]!);
    expect(delays.at(-1)).toBe(0);
    await run();
    clock += 5; // the next message comes 5 ms after that update ended
    store.enqueue(frames[1]!);
    expect(delays.at(-1)).toBe(30 * RENDER_PACING - 35);
    await run();
    clock += 10_000; // long after: no wait
    store.enqueue(frames[2]!);
    expect(delays.at(-1)).toBe(0);
    await run();
    // A very costly update: the next one waits MAX_PACED_DELAY_MS after it ended, no more.
    store.subscribe(() => void (clock += 1000));
    store.enqueue(frames[3]!);
    expect(delays.at(-1)).toBe(90);
    await run();
    store.enqueue(frames[4]!);
    expect(delays.at(-1)).toBe(MAX_PACED_DELAY_MS);
    await run();
    expect(store.log('s1')!.frames.length).toBe(5);
  });

  it('applies a live flood a few times a second, one render a batch, and an echo after it on the next frame', () => {
    const delays: number[] = [];
    const tasks: Array<() => void> = [];
    const store = new EventStore(
      (fn, delay = 0) => (tasks.push(fn), delays.push(delay)),
      () => 0,
    );
    const run = () => tasks.splice(0).forEach((t) => t());
    let notified = 0;
    store.subscribe(() => notified++);
    store.enqueue({ type: 'ready' });
    run();
    const frames = syntheticFrames(3 * BURST_THRESHOLD + 1);
    // The first batch of a flood: nothing says it is one yet, so the next frame.
    frames.slice(0, BURST_THRESHOLD).forEach((f) => store.enqueue(f));
    expect(delays.at(-1)).toBe(0);
    run();
    // The next ones, while it lasts: FLOOD_DELAY_MS (≥ 4 renders a second), each batch in one render.
    expect(FLOOD_DELAY_MS).toBeLessThanOrEqual(250);
    notified = 0;
    frames.slice(BURST_THRESHOLD, 2 * BURST_THRESHOLD).forEach((f) => store.enqueue(f));
    expect(delays.at(-1)).toBe(FLOOD_DELAY_MS);
    expect(tasks).toHaveLength(1);
    run();
    expect(notified).toBe(1);
    expect(store.log('s1')!.frames.length).toBe(2 * BURST_THRESHOLD);
    // The flood is over (a small batch): the message after it renders on the next frame again.
    frames.slice(2 * BURST_THRESHOLD, 2 * BURST_THRESHOLD + 10).forEach((f) => store.enqueue(f));
    run();
    store.enqueue(frames.at(-1)!);
    expect(delays.at(-1)).toBe(0);
  });

  it('keeps the snapshot stable until something changes', () => {
    const { store, runFrame } = manualStore();
    const a = store.getSnapshot();
    expect(store.getSnapshot()).toBe(a);
    store.enqueue({ type: 'session', session: session('s1') });
    runFrame();
    const b = store.getSnapshot();
    expect(b).not.toBe(a);
    expect(b.sessions.map((s) => s.id)).toEqual(['s1']);
    store.enqueue(request(1, 1, 'ping'));
    runFrame();
    expect(store.getSnapshot().sessions).toBe(b.sessions); // untouched parts keep their identity
  });

  it('drops the backlog resent after a reconnect (dedupe by sessionId+seq)', () => {
    const { store, runFrame } = manualStore();
    const frames = syntheticFrames(100);
    store.enqueue({ type: 'hello', wireVersion: 1, sessions: [session('s1')] });
    frames.slice(0, 60).forEach((f) => store.enqueue(f));
    store.enqueue({ type: 'ready' });
    runFrame();
    expect(store.getSnapshot().ready).toBe(true);
    // reconnect: hello, the whole backlog again, then live frames
    store.enqueue({ type: 'hello', wireVersion: 1, sessions: [session('s1')] });
    frames.forEach((f) => store.enqueue(f));
    store.enqueue({ type: 'ready' });
    runFrame();
    const log = store.log('s1')!;
    expect(log.frames.length).toBe(100);
    expect([...log.frames.range()].map((f) => f.seq)).toEqual(frames.map((f) => f.seq));
  });

  it('pairs responses with requests incrementally, with or without engine pairing', () => {
    const { store } = manualStore();
    store.enqueue(request(1, 7, 'tools/list', 10));
    store.enqueue(request(2, 8, 'ping', 12));
    store.enqueue(response(3, 8, 20)); // no pair from the engine: computed locally
    store.enqueue(response(4, 7, 40, 's1', { requestSeq: 1, method: 'tools/list', latencyMs: 30 }));
    store.flush();
    const log = store.log('s1')!;
    expect(log.responseTo(2)?.seq).toBe(3);
    expect(log.frameBySeq(3)?.pair).toEqual({ requestSeq: 2, method: 'ping', latencyMs: 8 });
    expect(log.responseTo(1)?.seq).toBe(4);
    expect(log.counterpart(log.frameBySeq(4)!)?.seq).toBe(1);
    expect(log.methods).toEqual(['ping', 'tools/list']);
  });

  it('appends 100,000 frames quickly and without copying per event', () => {
    const { store, runFrame } = manualStore();
    const frames = syntheticFrames(100_000);
    const start = performance.now();
    for (let i = 0; i < frames.length; i += 1000) {
      for (const f of frames.slice(i, i + 1000)) store.enqueue(f);
      runFrame();
    }
    const elapsed = performance.now() - start;
    const log = store.log('s1')!;
    expect(log.frames.length).toBe(100_000);
    expect(log.frames.get(99_999)).toBe(frames[99_999]);
    expect(log.frameIndexOfSeq(frames[54_321].seq)).toBe(54_321);
    expect(store.getSnapshot().version).toBe(100);
    expect(elapsed).toBeLessThan(5000); // ~300 ms quiet; guards against per-event copying (O(n²))
  });

  it('tracks pending server requests and removes a session with its data', () => {
    const { store } = manualStore();
    const req = { sessionId: 's1', requestId: 'n:1', method: 'roots/list', params: {}, receivedAt: 5 };
    store.enqueue({ type: 'session', session: session('s1') });
    store.enqueue({ type: 'session', session: session('s2', 2) });
    store.enqueue({ type: 'server-request', request: req });
    store.enqueue({ type: 'stderr', sessionId: 's1', seq: 1, t: 1, text: 'a\nb\n' });
    store.flush();
    expect(store.getSnapshot().pending).toEqual([req]);
    expect(store.log('s1')!.console.length).toBe(2);
    store.enqueue({ type: 'server-request-done', sessionId: 's1', requestId: 'n:1' });
    store.flush();
    expect(store.getSnapshot().pending).toEqual([]);
    store.mergePendingServerRequests([req]);
    store.enqueue({ type: 'session-removed', sessionId: 's1' });
    store.flush();
    expect(store.getSnapshot().sessions.map((s) => s.id)).toEqual(['s2']);
    expect(store.getSnapshot().pending).toEqual([]);
    expect(store.log('s1')).toBeUndefined();
  });

  it('applies the user’s answer and remove as actions, after what the socket already queued', () => {
    const { store, tasks, runFrame } = manualStore();
    const req = { sessionId: 's1', requestId: 'n:1', method: 'roots/list', params: {}, receivedAt: 5 };
    store.enqueue({ type: 'session', session: session('s1') });
    store.enqueue({ type: 'server-request', request: req });
    // Applied at once (the queued messages first): the dialog closes without waiting for the socket.
    store.answeredServerRequest('s1', 'n:1');
    expect(store.getSnapshot().sessions.map((s) => s.id)).toEqual(['s1']);
    expect(store.getSnapshot().pending).toEqual([]);
    store.enqueue(request(1, 1, 'ping'));
    store.removeSession('s1');
    expect(store.session('s1')).toBeUndefined();
    expect(store.getSnapshot().sessions).toEqual([]);
    // The socket's own confirmations that follow change nothing.
    store.enqueue({ type: 'server-request-done', sessionId: 's1', requestId: 'n:1' });
    store.enqueue({ type: 'session-removed', sessionId: 's1' });
    runFrame();
    expect(store.sessionIds()).toEqual([]);
    expect(tasks).toHaveLength(0);
  });
});

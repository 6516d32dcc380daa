import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@mcpscope/protocol';
import { EventStore } from './eventStore';
import { loadOfflinePages } from './offlinePages';
import { syntheticFrames } from './testFrames';

const manual = () => () => undefined;
const offlineSession = (id: string, offline = true) =>
  ({
    type: 'session',
    session: {
      id,
      name: id,
      state: offline ? 'closed' : 'connected',
      transport: 'stdio',
      target: 'x',
      createdAt: 1,
      wrapped: false,
      offline,
    },
  }) as const;

describe('loadOfflinePages', () => {
  it('rebuilds an offline session log from every page when the backlog held only the tail', async () => {
    const all: SessionEvent[] = syntheticFrames(50_000, 'off');
    const store = new EventStore(manual);
    store.enqueue(offlineSession('off'));
    store.enqueue({
      type: 'session-page-info',
      sessionId: 'off',
      firstSeq: 45_001,
      lastSeq: 50_000,
      total: 50_000,
      firstFrame: 45_000,
      frames: 50_000,
    });
    for (const e of all.slice(45_000)) store.enqueue(e);
    store.flush();
    expect(store.log('off')!.frames.length).toBe(50_000); // global indices: the backlog starts at frame 45,000
    expect(store.log('off')!.frames.base).toBe(45_000);
    const calls: [number, number][] = [];
    const api = {
      events: async (_id: string, from: number, limit: number) => {
        calls.push([from, limit]);
        return all.filter((e) => e.seq >= from).slice(0, limit);
      },
    };
    expect(await loadOfflinePages(store, api, 'off')).toBe(50_000);
    expect(calls.map((c) => c[0])).toEqual([0, 20_001, 40_001]);
    const log = store.log('off')!;
    expect(log.frames.length).toBe(50_000);
    expect(log.frames.get(0)!.seq).toBe(1);
    expect(log.responseTo(1)?.seq).toBe(2);
  });

  it('does nothing when the backlog was the whole trace', async () => {
    const store = new EventStore(manual);
    store.enqueue(offlineSession('off'));
    store.enqueue({ type: 'session-page-info', sessionId: 'off', firstSeq: 1, lastSeq: 10, total: 10, firstFrame: 0, frames: 10 });
    store.flush();
    expect(
      await loadOfflinePages(
        store,
        {
          events: async () => {
            throw new Error('not called');
          },
        },
        'off',
      ),
    ).toBe(0);
  });

  it('leaves traces over 50,000 events, and live sessions, to paging', async () => {
    const store = new EventStore(manual);
    const never = {
      events: async (): Promise<SessionEvent[]> => {
        throw new Error('not called');
      },
    };
    store.enqueue(offlineSession('big'));
    store.enqueue({
      type: 'session-page-info',
      sessionId: 'big',
      firstSeq: 90_001,
      lastSeq: 100_000,
      total: 100_000,
      firstFrame: 90_000,
      frames: 100_000,
    });
    store.enqueue(offlineSession('live', false));
    store.enqueue({
      type: 'session-page-info',
      sessionId: 'live',
      firstSeq: 5_001,
      lastSeq: 6_000,
      total: 6_000,
      firstFrame: 5_000,
      frames: 6_000,
    });
    for (const e of syntheticFrames(10, 'big', 90_001)) store.enqueue(e);
    store.flush();
    expect(await loadOfflinePages(store, never, 'big')).toBe(0);
    expect(await loadOfflinePages(store, never, 'live')).toBe(0);
    const log = store.log('big')!;
    expect([log.frames.base, log.frames.length, log.olderOnDisk]).toEqual([90_000, 90_010, true]);
    expect(log.frames.get(89_999)).toBeUndefined();
    expect(log.frames.get(90_000)!.seq).toBe(90_001);
  });
});

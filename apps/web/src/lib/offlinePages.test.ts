import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@mcpscope/protocol';
import { EventStore } from './eventStore';
import { loadOfflinePages } from './offlinePages';
import { syntheticFrames } from './testFrames';

const manual = () => () => undefined;

describe('loadOfflinePages', () => {
  it('rebuilds an offline session log from every page when the backlog held only the tail', async () => {
    const all: SessionEvent[] = syntheticFrames(50_000, 'off');
    const store = new EventStore(manual);
    store.enqueue({ type: 'session-page-info', sessionId: 'off', firstSeq: 45_001, lastSeq: 50_000, total: 50_000 });
    for (const e of all.slice(45_000)) store.enqueue(e);
    store.flush();
    expect(store.log('off')!.frames.length).toBe(5_000);
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
    store.enqueue({ type: 'session-page-info', sessionId: 'off', firstSeq: 1, lastSeq: 10, total: 10 });
    store.flush();
    expect(await loadOfflinePages(store, { events: async () => { throw new Error('not called'); } }, 'off')).toBe(0);
  });
});

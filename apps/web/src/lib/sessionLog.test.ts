import { describe, expect, it } from 'vitest';
import { eventSize as eventWeight, type FrameEvent, type SessionEvent } from '@mcpscope/protocol';
import { EventStore } from './eventStore';
import { SessionLog } from './sessionLog';
import { notification, request, response, syntheticFrames } from './testFrames';

const big = (seq: number, bytes = 1000): FrameEvent => ({ ...notification(seq, 'notifications/message'), size: bytes });
const stderr = (seq: number, text: string): SessionEvent => ({ type: 'stderr', seq, t: seq, sessionId: 's1', text });

describe('SessionLog memory budget', () => {
  it('estimates sizes as the contract says', () => {
    expect(eventWeight(big(1, 1000))).toBe(1256);
    const e = stderr(1, 'hello');
    expect(eventWeight(e)).toBe(JSON.stringify(e).length + 64);
  });

  it('evicts the oldest frame chunks past the budget and keeps frame ordinals global', () => {
    const log = new SessionLog('s1', 1024 * 1024); // 1 MiB ≈ 835 frames of 1,256 bytes
    for (let seq = 1; seq <= 5000; seq++) log.append(big(seq));
    expect(log.frames.length).toBe(5000);
    expect(log.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(log.frames.held).toBeGreaterThan(500);
    expect(log.framesOnDisk).toBe(log.frames.base);
    expect(log.framesOnDisk).toBeGreaterThan(4000);
    expect(log.frames.get(log.frames.base)!.seq).toBe(log.frames.base + 1);
    expect(log.frames.get(0)).toBeUndefined();
    expect(log.frameBySeq(1)).toBeUndefined();
    expect(log.frameBySeq(5000)!.seq).toBe(5000);
    expect(log.olderOnDisk).toBe(true);
  });

  it('evicts console lines too, oldest first, and keeps OAuth steps', () => {
    const log = new SessionLog('s1', 512 * 1024);
    log.append({ type: 'oauth', seq: 1, t: 1, sessionId: 's1', step: 'discovery' } as SessionEvent);
    for (let seq = 2; seq <= 6000; seq++) log.append(seq % 2 ? stderr(seq, 'x'.repeat(200)) : big(seq, 100));
    expect(log.bytes).toBeLessThanOrEqual(512 * 1024);
    expect(log.console.base).toBeGreaterThan(0);
    expect(log.droppedConsole).toBe(log.console.base);
    expect(log.oauth.length).toBe(1);
    // Both lists were trimmed to about the same point in time.
    expect(Math.abs(log.console.first()!.seq - log.frames.first()!.seq)).toBeLessThan(1200);
  });

  it('falls back to the pager for frames and responses that left memory', () => {
    const log = new SessionLog('s1', 300 * 1024);
    syntheticFrames(4000).forEach((f) => log.append(f));
    expect(log.framesOnDisk).toBeGreaterThan(0);
    expect(log.responseTo(1)).toBeUndefined();
    const paged = response(2, 1, 2, 's1', { requestSeq: 1, method: 'tools/list', latencyMs: 3 });
    log.pager = { bySeq: (seq) => (seq === 2 ? paged : undefined), responseTo: (seq) => (seq === 1 ? paged : undefined) };
    expect(log.frameBySeq(2)).toBe(paged);
    expect(log.responseTo(1)).toBe(paged);
    expect(log.counterpart(request(1, 1, 'tools/list'))).toBe(paged);
  });

  it('applies page info: a backlog that starts mid-session', () => {
    const store = new EventStore((fn) => fn());
    store.enqueue({
      type: 'session-page-info',
      sessionId: 's1',
      firstSeq: 9001,
      lastSeq: 9010,
      total: 9010,
      firstFrame: 8000,
      frames: 8010,
    });
    syntheticFrames(10, 's1', 9001).forEach((f) => store.enqueue(f));
    store.flush();
    const log = store.log('s1')!;
    expect([log.frames.base, log.frames.length, log.firstSeq, log.olderOnDisk]).toEqual([8000, 8010, 9001, true]);
    expect(log.frames.get(8000)!.seq).toBe(9001);
    expect(log.frameIndexOfSeq(9005)).toBe(8004);
  });

  it('a live session opened after connect (page info of zeros) starts at frame 0', () => {
    const store = new EventStore((fn) => fn());
    store.enqueue({ type: 'session-page-info', sessionId: 's1', firstSeq: 0, lastSeq: 0, total: 0, firstFrame: 0, frames: 0 });
    syntheticFrames(3).forEach((f) => store.enqueue(f));
    store.flush();
    expect([store.log('s1')!.frames.base, store.log('s1')!.frames.length, store.log('s1')!.olderOnDisk]).toEqual([0, 3, false]);
  });

  it('applies the budget from /api/info to every log', () => {
    const store = new EventStore((fn) => fn());
    for (let seq = 1; seq <= 3000; seq++) store.enqueue(big(seq));
    store.flush();
    expect(store.log('s1')!.framesOnDisk).toBe(0);
    store.setMemoryBudget(512 * 1024);
    expect(store.log('s1')!.bytes).toBeLessThanOrEqual(512 * 1024);
    expect(store.log('s1')!.framesOnDisk).toBeGreaterThan(2000);
  });
});

describe('SessionLog gap (events the proxy skipped for a tab that fell behind)', () => {
  it('moves frame ordinals on by the skipped frames; what was held leaves memory and is paged from disk', () => {
    const log = new SessionLog('s1');
    log.append(request(1, 1, 'tools/call'));
    for (let seq = 2; seq <= 10; seq++) log.append(big(seq));
    expect(log.skip({ fromSeq: 11, toSeq: 110, events: 100, frames: 90, notifications: 90, logs: 80 })).toBe(true);
    expect(log.notificationCounts).toEqual({ all: 99, logs: 89 }); // 9 received + the skipped
    expect(log.frames.length).toBe(100); // 10 received + 90 skipped
    expect(log.frames.held).toBe(0);
    expect(log.framesOnDisk).toBe(100);
    expect(log.skippedEvents).toBe(100);
    expect(log.olderOnDisk).toBe(true);
    expect(log.frameBySeq(5)).toBeUndefined(); // asks the pager now
    log.append(response(111, 1));
    expect(log.frames.length).toBe(101);
    expect(log.frames.get(100)!.seq).toBe(111);
    expect(log.frameBySeq(111)!.seq).toBe(111);
    expect(log.lastSeq).toBe(111);
  });

  it('ignores a gap it already covers and keeps console lines', () => {
    const log = new SessionLog('s1');
    log.append(stderr(1, 'boot'));
    log.append(big(2));
    const version = log.version;
    expect(log.skip({ fromSeq: 1, toSeq: 2, events: 2, frames: 1, notifications: 1, logs: 0 })).toBe(false);
    expect(log.version).toBe(version);
    expect(log.skip({ fromSeq: 3, toSeq: 4, events: 2, frames: 0, notifications: 0, logs: 0 })).toBe(true);
    expect(log.frames.held).toBe(1); // no frame skipped: ordinals unchanged, the frame stays
    expect(log.console.held).toBe(1);
    log.append(stderr(3, 'late duplicate'));
    expect(log.console.held).toBe(1);
  });

  it('reaches the log through the store, in order with the events around it', () => {
    const tasks: Array<() => void> = [];
    const store = new EventStore((fn) => tasks.push(fn));
    for (let seq = 1; seq <= 5; seq++) store.enqueue(big(seq));
    store.enqueue({ type: 'gap', sessionId: 's1', fromSeq: 6, toSeq: 1005, events: 1000, frames: 1000, notifications: 1000, logs: 0 });
    store.enqueue(big(1006));
    tasks.splice(0).forEach((t) => t());
    const log = store.log('s1')!;
    expect(log.frames.length).toBe(1006);
    expect(log.frames.get(1005)!.seq).toBe(1006);
    expect(log.skippedEvents).toBe(1000);
  });
});

// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { FrameEvent } from '@mcpscope/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api';
import { notification } from '../../lib/testFrames';
import { testServices } from '../../lib/testServices';
import { frameFilterRequestStore, frameFocusStore } from '../../lib/uiState';
import { useFrameLogModel, type KeyLike } from './useFrameLogModel';

afterEach(cleanup);
const key = (k: string): KeyLike => ({ key: k, preventDefault: () => undefined });
const big = (seq: number): FrameEvent => ({ ...notification(seq, 'notifications/message'), size: 1000 });

/** 3,000 frames under a 256 KiB budget; GET …/frames answers only when `release()` is called. */
function setup() {
  const all = Array.from({ length: 3000 }, (_, i) => big(i + 1));
  const waiting: Array<() => void> = [];
  const call = ((_method: string, path: string) => {
    const q = new URL(path, 'http://x').searchParams;
    if (path.includes('/frames/search')) return Promise.resolve({ matches: [], truncated: false, total: 0 });
    const index = Number(q.get('index'));
    const frames = all.slice(index, index + Number(q.get('limit')));
    return new Promise<unknown>((resolve) => waiting.push(() => resolve({ frames, total: all.length })));
  }) as unknown as ApiClient['call'];
  const services = testServices({ call });
  services.store.setMemoryBudget(256 * 1024);
  all.forEach((f) => services.store.enqueue(f));
  const hook = renderHook(() => useFrameLogModel('s1', { debounceMs: 0 }), { wrapper: services.wrapper });
  const release = async () => {
    await act(async () => {
      while (waiting.length) waiting.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  return { ...hook, release, log: services.store.log('s1')! };
}

describe('useFrameLogModel over frames that left memory', () => {
  it('Home onto a row still loading selects it when its page arrives, and arrows move on from it', async () => {
    const { result, release, log } = setup();
    expect(log.framesOnDisk).toBeGreaterThan(2000);
    act(() => result.current.onKeyDown(key('Home')));
    expect(result.current.selectedSeq).toBeNull();
    expect(result.current.pendingRow).toBe(0);
    expect(result.current.selectedRow).toBe(0);
    expect(result.current.scrollRequest).toMatchObject({ row: 0 });
    await release();
    expect(result.current.selectedSeq).toBe(1);
    expect(result.current.pendingRow).toBe(-1);
    act(() => result.current.onKeyDown(key('ArrowDown')));
    expect(result.current.selectedSeq).toBe(2);
    act(() => result.current.onKeyDown(key('PageDown')));
    expect(result.current.selectedSeq).toBe(22);
  });

  it('ArrowUp from the first frame in memory onto a loading row', async () => {
    const { result, release, log } = setup();
    const base = log.frames.base;
    act(() => result.current.select(base + 1)); // seq of ordinal `base`
    expect(result.current.selectedRow).toBe(base);
    act(() => result.current.onKeyDown(key('ArrowUp')));
    expect(result.current.pendingRow).toBe(base - 1);
    act(() => result.current.onKeyDown(key('ArrowUp'))); // moves on while loading
    expect(result.current.pendingRow).toBe(base - 2);
    await release();
    expect(result.current.selectedSeq).toBe(base - 1); // ordinal base - 2
  });

  it('a jump to a frame that left memory (by ordinal) scrolls there, pages it back and opens it', async () => {
    const { result, release } = setup();
    act(() => result.current.setKind('notification'));
    act(() => frameFocusStore.set({ sessionId: 's1', seq: 43, index: 42 }));
    expect(frameFocusStore.getSnapshot()).toBeNull();
    expect(result.current.kind).toBe('all'); // rows are ordinals again
    expect(result.current.scrollRequest).toMatchObject({ row: 42 });
    expect(result.current.pendingRow).toBe(42);
    await release();
    expect(result.current.selectedSeq).toBe(43);
    expect(result.current.detailOpen).toBe(true);
    expect(result.current.selectedFrame?.seq).toBe(43);
  });

  it('applies a filter asked for by another tab', () => {
    const { result } = setup();
    act(() => frameFilterRequestStore.set({ sessionId: 's1', kind: 'notification', method: 'notifications/message' }));
    expect([result.current.kind, result.current.method]).toEqual(['notification', 'notifications/message']);
    expect(frameFilterRequestStore.getSnapshot()).toBeNull();
  });
});

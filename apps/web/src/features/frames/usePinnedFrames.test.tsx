// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { FrameEvent } from '@mcpscope/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api';
import { notification, request } from '../../lib/testFrames';
import { testServices } from '../../lib/testServices';
import { MAX_PINS_PER_SESSION, pinStore, pinsOf, togglePin } from './pinnedFrames';
import { useFrameLogModel } from './useFrameLogModel';
import { usePinnedFrames } from './usePinnedFrames';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  pinStore.set(new Map());
});

const big = (seq: number): FrameEvent => ({ ...notification(seq, 'notifications/message'), size: 1000 });

/** `n` frames (the first a tools/call request) under `budget`; GET …/frames answers on `release()`. */
function setup(sessionId = 's1', n = 3000, budget = 256 * 1024) {
  const all = [request(1, 1, 'tools/call', 1, sessionId), ...Array.from({ length: n - 1 }, (_, i) => ({ ...big(i + 2), sessionId }))];
  const waiting: Array<() => void> = [];
  const call = ((_method: string, path: string) => {
    const q = new URL(path, 'http://x').searchParams;
    if (path.includes('/frames/search')) return Promise.resolve({ matches: [], truncated: false, total: 0 });
    const index = Number(q.get('index'));
    const frames = all.slice(index, index + Number(q.get('limit')));
    return new Promise<unknown>((resolve) => waiting.push(() => resolve({ frames, total: all.length })));
  }) as unknown as ApiClient['call'];
  const services = testServices({ call });
  services.store.setMemoryBudget(budget);
  const hook = renderHook(
    ({ id }) => {
      const m = useFrameLogModel(id, { debounceMs: 0 });
      return { m, pins: usePinnedFrames(m) };
    },
    { wrapper: services.wrapper, initialProps: { id: sessionId } },
  );
  const release = async () => {
    await act(async () => {
      while (waiting.length) waiting.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  const append = (from: number, to: number) => act(() => all.slice(from, to).forEach((f) => services.store.enqueue(f)));
  return { ...hook, ...services, release, append, all };
}

describe('usePinnedFrames', () => {
  it('pins and unpins a frame of one session, with its ordinal and what the strip shows', () => {
    const { result, append } = setup('s1', 10);
    append(0, 10);
    const first = result.current.m.frameBySeq(1)!;
    act(() => void result.current.pins.toggle(first));
    expect(result.current.pins.pins).toEqual([{ seq: 1, index: 0, dir: 'out', kind: 'request', method: 'tools/call', t: 1 }]);
    expect(result.current.pins.isPinned(1)).toBe(true);
    expect(result.current.pins.isPinned(2)).toBe(false);
    act(() => void result.current.pins.toggle(result.current.m.frameBySeq(5)!));
    expect(result.current.pins.pins.map((p) => p.seq)).toEqual([1, 5]);
    act(() => void result.current.pins.toggle(first));
    expect(result.current.pins.pins.map((p) => p.seq)).toEqual([5]);
    act(() => void result.current.pins.unpin(5));
    expect(result.current.pins.pins).toEqual([]);
  });

  it('keeps pins per session: switching sessions and back finds them again, and they are saved for a reload', async () => {
    const { result, rerender, append } = setup('s1', 10);
    append(0, 10);
    act(() => void result.current.pins.toggle(result.current.m.frameBySeq(3)!));
    rerender({ id: 's2' });
    expect(result.current.pins.pins).toEqual([]);
    rerender({ id: 's1' });
    expect(result.current.pins.pins.map((p) => p.seq)).toEqual([3]);
    // A reload reads them back (and ignores what does not parse).
    vi.resetModules();
    const reloaded = await import('./pinnedFrames');
    expect(pinsOf(reloaded.pinStore.getSnapshot(), 's1').map((p) => p.seq)).toEqual([3]);
    localStorage.setItem('mcpscope.frames.pins.v1', '[["s1",[{"seq":"x"}]]]');
    vi.resetModules();
    expect((await import('./pinnedFrames')).pinStore.getSnapshot().size).toBe(0);
  });

  it('a session id from a trace is a map key, never an object key; the per-session limit drops the oldest', () => {
    const pin = (seq: number) => ({ seq, index: seq - 1, dir: 'in' as const, kind: 'notification', method: 'x', t: seq });
    togglePin('__proto__', pin(1));
    expect(pinsOf(pinStore.getSnapshot(), '__proto__').map((p) => p.seq)).toEqual([1]);
    expect(({} as Record<string, unknown>).seq).toBeUndefined();
    for (let i = 2; i <= MAX_PINS_PER_SESSION + 5; i++) togglePin('s9', pin(i));
    const list = pinsOf(pinStore.getSnapshot(), 's9');
    expect(list).toHaveLength(MAX_PINS_PER_SESSION);
    expect(list[list.length - 1].seq).toBe(MAX_PINS_PER_SESSION + 5);
  });

  it('opening a pinned frame that left memory scrolls to its ordinal, pages it back and selects it', async () => {
    const { result, append, release } = setup('s1', 3000);
    append(0, 50);
    act(() => void result.current.pins.toggle(result.current.m.frameBySeq(1)!));
    append(50, 3000);
    expect(result.current.m.log!.framesOnDisk).toBeGreaterThan(2000);
    expect(result.current.pins.frameOf(result.current.pins.pins[0])).toBeUndefined(); // not at hand
    act(() => result.current.m.setKind('notification')); // a filter that hides it
    act(() => result.current.pins.open(result.current.pins.pins[0]));
    expect(result.current.m.kind).toBe('all');
    expect(result.current.m.scrollRequest).toMatchObject({ row: 0 });
    expect(result.current.m.pendingRow).toBe(0);
    await release();
    expect(result.current.m.selectedSeq).toBe(1);
    expect(result.current.m.detailOpen).toBe(true);
    expect(result.current.pins.frameOf(result.current.pins.pins[0])?.seq).toBe(1); // the pager has it now
  });

  it('opening a pinned frame in memory selects it and scrolls to it', () => {
    const { result, append } = setup('s1', 100, 32 * 1024 * 1024);
    append(0, 100);
    act(() => void result.current.pins.toggle(result.current.m.frameBySeq(40)!));
    act(() => result.current.pins.open(result.current.pins.pins[0]));
    expect(result.current.m.selectedSeq).toBe(40);
    expect(result.current.m.scrollRequest).toMatchObject({ seq: 40 });
    expect(result.current.m.follow).toBe(false);
  });
});

// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notification } from './testFrames';
import { testServices } from './testServices';
import { useNewFrames } from './useNewFrames';

describe('useNewFrames', () => {
  it('skips frames already there at mount, then sees each new one once', () => {
    const { store, wrapper } = testServices();
    store.enqueue(notification(1, 'notifications/message'));
    const seen: number[] = [];
    renderHook(() => useNewFrames('s1', (f) => seen.push(f.seq)), { wrapper });
    store.enqueue(notification(2, 'notifications/tools/list_changed'));
    store.enqueue(notification(3, 'notifications/message'));
    expect(seen).toEqual([2, 3]);
  });

  it('sees the first frame of a session log that appears after mount', () => {
    const { store, wrapper } = testServices();
    const seen: number[] = [];
    renderHook(() => useNewFrames('s1', (f) => seen.push(f.seq)), { wrapper });
    store.enqueue(notification(1, 'notifications/tools/list_changed'));
    store.enqueue(notification(2, 'notifications/message'));
    expect(seen).toEqual([1, 2]);
  });

  it('replays everything with fromStart', () => {
    const { store, wrapper } = testServices();
    store.enqueue(notification(1, 'notifications/message'));
    const seen: number[] = [];
    renderHook(() => useNewFrames('s1', (f) => seen.push(f.seq), true), { wrapper });
    expect(seen).toEqual([1]);
  });
});

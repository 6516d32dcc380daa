// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notification, rawFrame, request, response } from '../../lib/testFrames';
import { testServices } from '../../lib/testServices';
import { frameFocusStore } from '../../lib/uiState';
import { useFrameLogModel, type KeyLike } from './useFrameLogModel';

const key = (k: string): KeyLike => ({ key: k, preventDefault: () => undefined });

function setup() {
  const services = testServices();
  const { store } = services;
  [
    request(1, 1, 'tools/list'),
    notification(2, 'notifications/message'),
    response(3, 1),
    request(4, 2, 'tools/call'),
    rawFrame(5, 'stray'),
  ].forEach((f) => store.enqueue(f));
  const hook = renderHook(() => useFrameLogModel('s1', { debounceMs: 0 }), { wrapper: services.wrapper });
  return { ...services, ...hook };
}
const rows = (m: ReturnType<typeof useFrameLogModel>) => Array.from({ length: m.count }, (_, i) => m.frameAt(i)!.seq);

afterEach(cleanup); // no vitest globals, so testing-library cannot register it itself

describe('useFrameLogModel', () => {
  it('shows every frame and grows as the store appends', () => {
    const { result, store } = setup();
    expect(rows(result.current)).toEqual([1, 2, 3, 4, 5]);
    act(() => store.enqueue(response(6, 2)));
    expect(result.current.count).toBe(6);
    expect(result.current.methods).toEqual(['notifications/message', 'tools/call', 'tools/list']);
  });

  it('filters by debounced grammar text and quick filters', async () => {
    const { result } = setup();
    act(() => result.current.setText('method:tools/*'));
    expect(result.current.filtered).toBe(true);
    await waitFor(() => expect(rows(result.current)).toEqual([1, 3, 4]));
    act(() => result.current.setDir('in'));
    expect(rows(result.current)).toEqual([3]);
    act(() => result.current.clearFilters());
    act(() => result.current.setKind('raw'));
    expect(rows(result.current)).toEqual([5]);
    act(() => result.current.setKind('all'));
    act(() => result.current.setMethod('tools/list'));
    expect(rows(result.current)).toEqual([1, 3]);
  });

  it('summarizes pairing: method and latency on both halves, awaiting on open requests', () => {
    const { result } = setup();
    const m = result.current;
    expect(m.summary(m.frameAt(2)!)).toMatchObject({ kind: 'response', method: 'tools/list', latencyMs: 2, id: '1' });
    expect(m.summary(m.frameAt(0)!)).toMatchObject({ kind: 'request', latencyMs: 2, awaiting: false });
    expect(m.summary(m.frameAt(3)!)).toMatchObject({ kind: 'request', awaiting: true });
    expect(m.summary(m.frameAt(4)!)).toMatchObject({ kind: 'raw', detail: 'stray', findings: { errors: 1 } });
  });

  it('moves the selection with the keyboard and opens the detail with Enter', () => {
    const { result } = setup();
    act(() => result.current.onKeyDown(key('ArrowDown')));
    expect(result.current.selectedSeq).toBe(1);
    expect(result.current.detailOpen).toBe(false);
    act(() => result.current.onKeyDown(key('ArrowDown')));
    act(() => result.current.onKeyDown(key('ArrowDown')));
    expect(result.current.selectedSeq).toBe(3);
    act(() => result.current.onKeyDown(key('Enter')));
    expect(result.current.detailOpen).toBe(true);
    act(() => result.current.onKeyDown(key('End')));
    expect(result.current.selectedSeq).toBe(5);
    act(() => result.current.onKeyDown(key('ArrowDown')));
    expect(result.current.selectedSeq).toBe(5); // clamped
    expect(result.current.detailOpen).toBe(true); // stays open while moving
    act(() => result.current.onKeyDown(key('Escape')));
    expect(result.current.detailOpen).toBe(false);
    expect(result.current.scrollRequest?.seq).toBe(5);
  });

  it('jumps between request and response, revealing a frame the filter hides', async () => {
    const { result } = setup();
    act(() => result.current.setDir('out'));
    act(() => result.current.select(1, true));
    expect(result.current.counterpart?.seq).toBe(3);
    act(() => result.current.goToCounterpart());
    expect(result.current.dir).toBe('all');
    expect(result.current.selectedSeq).toBe(3);
    expect(result.current.selectedRow).toBe(2);
    act(() => result.current.goToCounterpart());
    expect(result.current.selectedSeq).toBe(1);
  });

  it('stops following the tail when scrolled up and counts new frames', () => {
    const { result, store } = setup();
    expect(result.current.follow).toBe(true);
    act(() => result.current.setAtBottom(false));
    act(() => {
      store.enqueue(notification(6, 'notifications/progress'));
      store.enqueue(notification(7, 'notifications/progress'));
    });
    expect(result.current.newCount).toBe(2);
    act(() => result.current.jumpToLatest());
    expect(result.current.follow).toBe(true);
    expect(result.current.newCount).toBe(0);
  });

  it('focuses a frame requested from another tab', () => {
    const { result } = setup();
    act(() => frameFocusStore.set({ sessionId: 's1', seq: 4 }));
    expect(result.current.selectedSeq).toBe(4);
    expect(result.current.detailOpen).toBe(true);
    expect(frameFocusStore.getSnapshot()).toBeNull();
  });
});

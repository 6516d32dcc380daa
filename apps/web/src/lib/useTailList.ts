import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, type RefObject } from 'react';
import { tailRows, tailScrollTop, type RowSlot } from './tailRows';

/**
 * A fixed-height virtual list under a sticky header of `headerHeight` px, that follows its tail.
 * While following, the rows are the last ones (from the count and the viewport's height, not
 * from a scroll offset the browser has yet to report), and the list is pinned to the bottom after
 * every render that added rows, without reading its layout: the scroll event that follows finds
 * the same rows, so a batch costs one render and one layout. `atBottom(el)` answers from sizes
 * the list knows (no scrollHeight read).
 */
export function useTailList({
  count,
  follow,
  rowHeight,
  headerHeight,
  overscan,
  scrollRef,
}: {
  count: number;
  follow: boolean;
  rowHeight: number;
  headerHeight: number;
  overscan: number;
  scrollRef: RefObject<HTMLDivElement | null>;
}) {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 1000, height: 600 }, // before the first measurement (and in jsdom)
    // The sticky header sits above the rows inside the same scroll container.
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
  });
  const following = follow && count > 0;
  const rows: RowSlot[] = following
    ? tailRows(count, (virtualizer.scrollRect?.height ?? 600) - headerHeight, rowHeight)
    : virtualizer.getVirtualItems().map((item) => ({ index: item.index, top: item.start - headerHeight }));
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (following && el) el.scrollTop = tailScrollTop(count, rowHeight, headerHeight);
  }, [count, following]); // scroll to the tail when a row arrives or following starts, not on every render
  const atBottom = (el: HTMLElement): boolean =>
    el.scrollTop + el.clientHeight >= tailScrollTop(count, rowHeight, headerHeight) - rowHeight / 2;
  return { virtualizer, rows, atBottom };
}

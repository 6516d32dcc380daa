import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';
import { tailRows, tailScrollTop, type RowSlot } from './tailRows';

/**
 * A fixed-height virtual list under a sticky header of `headerHeight` px, that follows its tail.
 * While following, the rows are the last ones (from the count and the viewport's height, not
 * from a scroll offset the browser has yet to report), and the list is pinned to the bottom after
 * every render that added rows, without reading its layout: the scroll event that follows finds
 * the same rows, so a batch costs one render and one layout. `atBottom(el)` answers from sizes
 * the list knows (no scrollHeight read).
 * Rows have one height, so the list's height and a row's offset are products, not measurements:
 * the virtualizer only picks the rows of a scrolled-away view, and is switched off while the list
 * follows. Each change of count makes it measure every row again (a Map lookup a row: ~7 ms a
 * render at 100,000 rows, 6% of the tab's CPU in a flood, bench/live-ui.mjs --profile), and a
 * following list does not use what it measures.
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
  const following = follow && count > 0;
  const virtualizer = useVirtualizer({
    count,
    enabled: !following,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 1000, height: 600 }, // before the first measurement (and in jsdom)
    // Switched back on (the user scrolled away from the tail): start from where the list is.
    initialOffset: () => scrollRef.current?.scrollTop ?? 0,
    // The sticky header sits above the rows inside the same scroll container.
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
  });
  const viewportHeight = useViewportHeight(scrollRef);
  const rows: RowSlot[] = following
    ? tailRows(count, viewportHeight - headerHeight, rowHeight)
    : virtualizer.getVirtualItems().map((item) => ({ index: item.index, top: item.start - headerHeight }));
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (following && el) el.scrollTop = tailScrollTop(count, rowHeight, headerHeight);
  }, [count, following]); // scroll to the tail when a row arrives or following starts, not on every render
  const atBottom = (el: HTMLElement): boolean =>
    el.scrollTop + el.clientHeight >= tailScrollTop(count, rowHeight, headerHeight) - rowHeight / 2;
  /** Scrolls row `index` into view if it is not (above: to the top under the header; below: to the bottom). */
  const scrollToRow = (index: number): void => {
    const el = scrollRef.current;
    if (!el) return;
    const top = headerHeight + index * rowHeight;
    if (top < el.scrollTop + headerHeight) el.scrollTop = top - headerHeight;
    else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
  };
  return { rows, height: count * rowHeight, atBottom, scrollToRow };
}

/** The scroll element's height (px), kept by a ResizeObserver: read in render without asking the layout. */
function useViewportHeight(scrollRef: RefObject<HTMLDivElement | null>): number {
  const [height, setHeight] = useState(600); // before the first observation (and in jsdom)
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setHeight(Math.round(entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return height;
}

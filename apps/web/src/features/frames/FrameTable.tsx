import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { formatCount } from '../../lib/format';
import { tailRows, tailScrollTop, type RowSlot } from '../../lib/tailRows';
import { ColumnHeaderRow } from '../../ui/columns/ColumnHeaderRow';
import { useColumnWidths } from '../../ui/columns/useColumnWidths';
import { FRAME_COLUMNS, FrameRow, ROW_HEIGHT } from './FrameRow';
import type { FrameLogModel } from './useFrameLogModel';
import type { PinnedFramesModel } from './usePinnedFrames';

const HEADER_HEIGHT = 24;

/** The virtualized frame log. Only the visible rows (plus overscan) are in the DOM. */
/** `live`: the session can still answer, so an unanswered request is pending rather than lost. */
/** `onMenu`: a row's context menu was asked for at the pointer. */
export function FrameTable({ m, pins, startedAt, live, onMenu }: { m: FrameLogModel; pins: PinnedFramesModel; startedAt: number; live: boolean; onMenu: (seq: number, x: number, y: number) => void }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const cols = useColumnWidths('frames', FRAME_COLUMNS);
  const virtualizer = useVirtualizer({
    count: m.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 24,
    initialRect: { width: 1000, height: 600 }, // before the first measurement (and in jsdom)
    // The sticky header sits above the rows inside the same scroll container.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  // Follow the tail: while following, the rows are the last ones (from the count and the
  // viewport's height, not from a scroll offset the browser has yet to report), and the list is
  // pinned to the bottom after every render that added rows, without reading its layout. The
  // scroll event that follows finds the same rows: a batch costs one render and one layout.
  const following = m.follow && m.count > 0;
  const viewportHeight = virtualizer.scrollRect?.height ?? 600;
  const rows: RowSlot[] = following
    ? tailRows(m.count, viewportHeight - HEADER_HEIGHT, ROW_HEIGHT)
    : virtualizer.getVirtualItems().map((item) => ({ index: item.index, top: item.start - HEADER_HEIGHT }));
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (following && el) el.scrollTop = tailScrollTop(m.count, ROW_HEIGHT, HEADER_HEIGHT);
  }, [m.count, following]);

  useEffect(() => {
    if (!m.scrollRequest) return;
    const { seq, row: target } = m.scrollRequest;
    const row = target ?? (seq !== undefined ? m.rowOfSeq(seq) : -1);
    if (row >= 0) virtualizer.scrollToIndex(row, { align: 'auto' });
  }, [m.scrollRequest]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="relative flex min-h-0 min-w-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        tabIndex={0}
        role="grid"
        aria-label="Frames"
        aria-rowcount={m.count}
        data-testid="frame-list"
        className="min-h-0 flex-1 overflow-auto font-mono text-[12px] outline-none"
        style={cols.style}
        onKeyDown={(e) => m.onKeyDown(e)}
        onWheel={(e) => e.deltaY < 0 && m.setAtBottom(false)}
        onScroll={(e) => {
          const el = e.currentTarget;
          // The rows' height is known: no need to ask the browser for scrollHeight.
          m.setAtBottom(el.scrollTop + el.clientHeight >= tailScrollTop(m.count, ROW_HEIGHT, HEADER_HEIGHT) - ROW_HEIGHT / 2);
        }}
      >
        <ColumnHeaderRow cols={cols} className="sticky top-0 z-10 border-b border-line bg-panel" style={{ height: HEADER_HEIGHT }} />
        <div style={{ height: virtualizer.getTotalSize(), minWidth: cols.minWidth, position: 'relative' }}>
          {rows.map(({ index, top }) => {
            const frame = m.frameAt(index);
            if (!frame) return <PlaceholderRow key={`p${index}`} top={top} selected={index === m.pendingRow} />;
            return (
              <FrameRow
                // seq and row together: a crafted trace (or an unreadable line's placeholder) may repeat a seq.
                key={`${frame.seq}/${index}`}
                frame={frame}
                summary={m.summary(frame)}
                top={top}
                startedAt={startedAt}
                live={live}
                selected={frame.seq === m.selectedSeq}
                pinned={pins.isPinned(frame.seq)}
                onSelect={() => m.select(frame.seq, true, false, frame)}
                onTogglePin={() => pins.toggle(frame)}
                onMenu={(x, y) => onMenu(frame.seq, x, y)}
              />
            );
          })}
        </div>
      </div>
      {m.newCount > 0 && (
        <button className="btn btn-primary absolute bottom-3 left-1/2 h-7 -translate-x-1/2 rounded-full px-3 shadow-lg" onClick={m.jumpToLatest} data-testid="frames-new">
          {formatCount(m.newCount)} new frame{m.newCount === 1 ? '' : 's'} ↓
        </button>
      )}
    </div>
  );
}

/** A row whose frame is being read back from disk (`selected`: it is selected when it arrives). */
function PlaceholderRow({ top, selected }: { top: number; selected: boolean }) {
  return (
    <div role="row" aria-selected={selected} data-testid="frame-row-loading" className={`absolute left-0 flex w-full items-center border-b border-line/40 px-2 font-sans text-[11px] text-subtle ${selected ? 'bg-selected' : ''}`} style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}>
      <span className="animate-pulse">loading from disk…</span>
    </div>
  );
}


import { useEffect, useLayoutEffect, useRef } from 'react';
import { formatCount } from '../../lib/format';
import { NO_ROWS, nextRowKeying } from '../../lib/rowKeying';
import { useTailList } from '../../lib/useTailList';
import { ColumnHeaderRow } from '../../ui/columns/ColumnHeaderRow';
import { useColumnWidths } from '../../ui/columns/useColumnWidths';
import { FRAME_COLUMNS, FrameRow, ROW_HEIGHT } from './FrameRow';
import type { FrameLogModel } from './useFrameLogModel';
import type { PinnedFramesModel } from './usePinnedFrames';

const HEADER_HEIGHT = 24;

/** The virtualized frame log. Only the visible rows (plus overscan) are in the DOM. */
/** `live`: the session can still answer, so an unanswered request is pending rather than lost. */
/** `onMenu`: a row's context menu was asked for at the pointer. */
export function FrameTable({
  m,
  pins,
  startedAt,
  live,
  onMenu,
}: {
  m: FrameLogModel;
  pins: PinnedFramesModel;
  startedAt: number;
  live: boolean;
  onMenu: (seq: number, x: number, y: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const cols = useColumnWidths('frames', FRAME_COLUMNS);
  const { rows, height, atBottom, scrollToRow } = useTailList({
    count: m.count,
    follow: m.follow,
    rowHeight: ROW_HEIGHT,
    headerHeight: HEADER_HEIGHT,
    overscan: 24,
    scrollRef,
  });

  // Read in render from what was committed, updated after the commit (a render React drops changes nothing).
  const shown = useRef(NO_ROWS);
  const keying = nextRowKeying(shown.current, rows);
  useLayoutEffect(() => {
    shown.current = keying;
  });

  useEffect(() => {
    if (!m.scrollRequest) return;
    const { seq, row: target } = m.scrollRequest;
    const row = target ?? (seq !== undefined ? m.rowOfSeq(seq) : -1);
    if (row >= 0) scrollToRow(row);
  }, [m.scrollRequest]); // once per scroll request

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
        onScroll={(e) => m.setAtBottom(atBottom(e.currentTarget))}
      >
        <ColumnHeaderRow cols={cols} className="sticky top-0 z-10 border-b border-line bg-panel" style={{ height: HEADER_HEIGHT }} />
        <div style={{ height, minWidth: cols.minWidth, position: 'relative' }}>
          {rows.map(({ index, top }, slot) => {
            const frame = m.frameAt(index);
            if (!frame) return <PlaceholderRow key={`p${index}`} top={top} selected={index === m.pendingRow} />;
            return (
              <FrameRow
                // seq and row together: a crafted trace (or an unreadable line's placeholder) may
                // repeat a seq. A flood's update, whose rows are all new, reuses the elements by slot.
                key={keying.bySlot ? `s${slot}` : `${frame.seq}/${index}`}
                frame={frame}
                summary={m.summary(frame)}
                top={top}
                startedAt={startedAt}
                // A request sent before the server forgot its session will not be answered any more.
                live={live && frame.seq > (m.log?.newSessionSeq ?? 0)}
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
        <button
          className="btn btn-primary absolute bottom-3 left-1/2 h-7 -translate-x-1/2 rounded-full px-3 shadow-lg"
          onClick={m.jumpToLatest}
          data-testid="frames-new"
        >
          {formatCount(m.newCount)} new frame{m.newCount === 1 ? '' : 's'} ↓
        </button>
      )}
    </div>
  );
}

/** A row whose frame is being read back from disk (`selected`: it is selected when it arrives). */
function PlaceholderRow({ top, selected }: { top: number; selected: boolean }) {
  return (
    <div
      role="row"
      aria-selected={selected}
      data-testid="frame-row-loading"
      className={`absolute left-0 flex w-full items-center border-b border-line/40 px-2 font-sans text-[11px] text-subtle ${selected ? 'bg-selected' : ''}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <span className="animate-pulse">loading from disk…</span>
    </div>
  );
}

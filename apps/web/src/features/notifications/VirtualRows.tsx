import { useRef, type ReactNode } from 'react';
import { formatCount } from '../../lib/format';
import { useTailList } from '../../lib/useTailList';
import { ColumnHeaderRow } from '../../ui/columns/ColumnHeaderRow';
import type { ColumnsModel } from '../../ui/columns/useColumnWidths';

export const ROW_HEIGHT = 22;
const HEADER_HEIGHT = 24;

interface Follow {
  follow: boolean;
  newCount: number;
  setAtBottom(atBottom: boolean): void;
  jumpToLatest(): void;
}

/**
 * A virtualized, tail-following table: only the visible rows are in the DOM. The header is
 * sticky inside the scroll container, so it scrolls sideways with the rows (`cols`: the
 * resizable columns; rows use `COLUMNS_VAR`).
 */
export function VirtualRows({
  count,
  follow,
  label,
  testId,
  cols,
  renderRow,
}: {
  count: number;
  follow: Follow;
  label: string;
  testId: string;
  cols: ColumnsModel;
  renderRow: (index: number, top: number) => ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { rows, height, atBottom } = useTailList({
    count,
    follow: follow.follow,
    rowHeight: ROW_HEIGHT,
    headerHeight: HEADER_HEIGHT,
    overscan: 20,
    scrollRef,
  });
  return (
    <div className="relative flex min-h-0 min-w-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-rowcount={count}
        data-testid={testId}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-auto font-mono text-[12px] outline-none"
        style={cols.style}
        onWheel={(e) => e.deltaY < 0 && follow.setAtBottom(false)}
        onScroll={(e) => follow.setAtBottom(atBottom(e.currentTarget))}
      >
        <ColumnHeaderRow cols={cols} className="sticky top-0 z-10 border-b border-line bg-panel" style={{ height: HEADER_HEIGHT }} />
        <div style={{ height, position: 'relative', minWidth: cols.minWidth }}>{rows.map(({ index, top }) => renderRow(index, top))}</div>
      </div>
      {follow.newCount > 0 && (
        <button
          className="btn btn-primary absolute bottom-3 left-1/2 h-7 -translate-x-1/2 rounded-full px-3 shadow-lg"
          onClick={follow.jumpToLatest}
        >
          {formatCount(follow.newCount)} new ↓
        </button>
      )}
    </div>
  );
}

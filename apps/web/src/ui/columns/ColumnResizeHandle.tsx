import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { ColumnSpec } from './columnWidths';
import type { ColumnsModel } from './useColumnWidths';

const STEP = 8;
const BIG_STEP = 40;

/**
 * The drag handle on a header cell's right edge. Pointer: drag to resize (written to storage
 * when released). Keyboard: focusable; ArrowLeft/Right resize (Shift: bigger steps), Enter
 * resets. Double-click resets. It starts from the rendered width of its cell, so the flexible
 * column grows from what the user sees. `last`: the table's last column, whose handle stays
 * inside the row (no sideways overflow).
 */
export function ColumnResizeHandle({ column, cols, last = false }: { column: ColumnSpec; cols: ColumnsModel; last?: boolean }) {
  const drag = useRef<{ x: number; width: number; id: number } | null>(null);
  const rendered = (el: HTMLElement) => el.parentElement?.getBoundingClientRect().width || cols.widthOf(column.id);
  const name = column.label || column.title || column.id;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, width: rendered(e.currentTarget), id: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d && d.id === e.pointerId) cols.setWidth(column.id, d.width + e.clientX - d.x);
  };
  const end = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== e.pointerId) return;
    drag.current = null;
    cols.commit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      cols.setWidth(column.id, rendered(e.currentTarget) + (e.key === 'ArrowRight' ? step : -step), true);
    } else if (e.key === 'Enter') {
      cols.reset(column.id);
    } else return;
    // The table's own keys (row selection) must not see these.
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize the ${name} column`}
      aria-valuenow={cols.widthOf(column.id)}
      aria-valuemin={column.min}
      tabIndex={0}
      title={`Drag to resize ${name}; ←/→ with the keyboard; double-click or Enter: default width`}
      data-testid="column-resize"
      data-column={column.id}
      className={`group/handle absolute inset-y-0 z-10 flex w-[8px] cursor-col-resize touch-none outline-none ${last ? 'right-0 justify-end' : '-right-[4px] justify-center'}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onLostPointerCapture={end}
      onDoubleClick={(e) => {
        e.stopPropagation();
        cols.reset(column.id);
      }}
      onKeyDown={onKeyDown}
      onMouseDown={(e) => e.stopPropagation()}
      onClick={(e) => e.stopPropagation()}
    >
      <span className="h-full w-px bg-line group-hover/handle:w-0.5 group-hover/handle:bg-accent group-focus-visible/handle:w-0.5 group-focus-visible/handle:bg-accent" />
    </div>
  );
}

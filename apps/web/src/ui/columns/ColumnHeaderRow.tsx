import type { CSSProperties } from 'react';
import { ColumnResizeHandle } from './ColumnResizeHandle';
import { COLUMNS_VAR, type ColumnsModel } from './useColumnWidths';

const ALIGN = { right: 'text-right', center: 'text-center' } as const;

/**
 * A table's header row: one cell per declared column, each with its resize handle. Place it
 * inside the element that carries `cols.style` (it reads the template from there).
 */
export function ColumnHeaderRow({ cols, className = '', style }: { cols: ColumnsModel; className?: string; style?: CSSProperties }) {
  return (
    <div
      role="row"
      className={`grid font-sans text-[11px] font-medium text-muted select-none ${className}`}
      style={{ gridTemplateColumns: COLUMNS_VAR, minWidth: cols.minWidth, ...style }}
      data-testid="column-header"
    >
      {cols.columns.map((c, i) => (
        <div
          key={c.id}
          role="columnheader"
          className={`relative min-w-0 px-1.5 py-1 ${c.align ? ALIGN[c.align] : ''}`}
          title={c.title}
          data-column={c.id}
        >
          <span className="block truncate">{c.label}</span>
          {c.resizable !== false && <ColumnResizeHandle column={c} cols={cols} last={i === cols.columns.length - 1} />}
        </div>
      ))}
    </div>
  );
}

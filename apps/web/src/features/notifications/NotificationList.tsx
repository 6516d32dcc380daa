import { memo } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { formatClock } from '../../lib/format';
import { highlightOf } from './notificationIndex';
import type { NotificationsModel } from './useNotificationsModel';
import { ROW_HEIGHT, VirtualRows } from './VirtualRows';
import type { ColumnSpec } from '../../ui/columns/columnWidths';
import { COLUMNS_VAR, useColumnWidths } from '../../ui/columns/useColumnWidths';

/**
 * The method column fits the longest standard name, `notifications/resources/list_changed`, after
 * its LIST CHANGED badge (the badge's room is the leading text of `fit`); Params takes the rest.
 */
const COLUMNS: readonly ColumnSpec[] = [
  { id: 'seq', label: '#', align: 'right', width: 52, fit: '000000' },
  { id: 'time', label: 'Time', width: 100, fit: '00:00:00.000', min: 40 },
  { id: 'dir', label: '', width: 20, resizable: false },
  { id: 'method', label: 'Method', width: 300, min: 80, fit: 'LIST CHANGED notifications/resources/list_changed' },
  { id: 'params', label: 'Params', width: 160, min: 80, flex: true },
];

/** Every notification frame, both directions; updates and list changes stand out. */
export function NotificationList({ m, startedAt }: { m: NotificationsModel; startedAt: number }) {
  const selectedSeq = m.selected?.seq;
  const cols = useColumnWidths('notifications', COLUMNS);
  return (
    <VirtualRows
      count={m.rows.length}
      follow={m.follow}
      label="Notifications"
      testId="notification-list"
      cols={cols}
      renderRow={(i, top) => {
        const frame = m.rows[i];
        return frame ? (
          <NotificationRow
            key={frame.seq}
            frame={frame}
            top={top}
            startedAt={startedAt}
            selected={frame.seq === selectedSeq}
            onSelect={m.select}
          />
        ) : null;
      }}
    />
  );
}

const NotificationRow = memo(function NotificationRow({
  frame,
  top,
  startedAt,
  selected,
  onSelect,
}: {
  frame: FrameEvent;
  top: number;
  startedAt: number;
  selected: boolean;
  onSelect(seq: number): void;
}) {
  const method = String(frame.msg?.method ?? '');
  const highlight = highlightOf(method);
  const bg = selected
    ? 'bg-selected'
    : highlight === 'updated'
      ? 'bg-accent/10 hover:bg-accent/15'
      : highlight === 'list-changed'
        ? 'bg-warn/10 hover:bg-warn/15'
        : 'hover:bg-hover';
  const params = frame.msg?.params;
  return (
    <div
      role="row"
      aria-selected={selected}
      data-testid="notification-row"
      data-method={method}
      data-dir={frame.dir}
      data-seq={frame.seq}
      data-highlight={highlight ?? undefined}
      className={`absolute left-0 grid w-full cursor-default items-center border-b border-line/40 ${bg}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)`, gridTemplateColumns: COLUMNS_VAR }}
      onMouseDown={() => onSelect(frame.seq)}
    >
      <div className="truncate px-1.5 text-right text-subtle tabular-nums">{frame.seq}</div>
      <div className="truncate px-1.5 text-muted tabular-nums">{formatClock(startedAt + frame.t)}</div>
      <div
        className={`text-center font-sans font-bold ${frame.dir === 'out' ? 'text-out' : 'text-in'}`}
        title={frame.dir === 'out' ? 'client → server' : 'server → client'}
      >
        {frame.dir === 'out' ? '→' : '←'}
      </div>
      <div className="flex min-w-0 items-center gap-1 truncate px-1.5" title={method}>
        {highlight && (
          <span
            className={`shrink-0 rounded-sm px-1 font-sans text-[10px] font-semibold ${highlight === 'updated' ? 'bg-accent text-accent-fg' : 'bg-warn text-surface'}`}
          >
            {highlight === 'updated' ? 'UPDATED' : 'LIST CHANGED'}
          </span>
        )}
        <span className="truncate">{method}</span>
      </div>
      <div className="truncate px-1.5 text-muted">{params === undefined ? '' : JSON.stringify(params).slice(0, 300)}</div>
    </div>
  );
});

import { memo } from 'react';
import { formatClock } from '../../lib/format';
import { LEVEL_CLASS, LEVEL_ROW_CLASS } from './levelStyle';
import type { LogEntry } from './notificationIndex';
import type { NotificationsModel } from './useNotificationsModel';
import { ROW_HEIGHT, VirtualRows } from './VirtualRows';
import type { ColumnSpec } from '../../ui/columns/columnWidths';
import { COLUMNS_VAR, useColumnWidths } from '../../ui/columns/useColumnWidths';

/** Defaults fit the whole time and the longest level (`emergency`, bold); Data takes the rest. */
const COLUMNS: readonly ColumnSpec[] = [
  { id: 'seq', label: '#', align: 'right', width: 52, fit: '000000' },
  { id: 'time', label: 'Time', width: 100, fit: '00:00:00.000', min: 40 },
  { id: 'level', label: 'Level', width: 80, fit: 'emergency', font: 'sans-bold' },
  { id: 'logger', label: 'Logger', width: 120 },
  { id: 'data', label: 'Data', width: 200, min: 80, flex: true },
];

/** The server's log messages (notifications/message), coloured by level. */
export function LogList({ m, startedAt }: { m: NotificationsModel; startedAt: number }) {
  const selectedSeq = m.selected?.seq;
  const cols = useColumnWidths('log', COLUMNS);
  return (
    <VirtualRows
      count={m.logRows.length}
      follow={m.follow}
      label="Server log messages"
      testId="log-list"
      cols={cols}
      renderRow={(i, top) => {
        const e = m.logRows[i];
        return e ? (
          <LogRow key={e.frame.seq} e={e} top={top} startedAt={startedAt} selected={e.frame.seq === selectedSeq} onSelect={m.select} />
        ) : null;
      }}
    />
  );
}

const LogRow = memo(function LogRow({
  e,
  top,
  startedAt,
  selected,
  onSelect,
}: {
  e: LogEntry;
  top: number;
  startedAt: number;
  selected: boolean;
  onSelect(seq: number): void;
}) {
  const data = typeof e.data === 'string' ? e.data : JSON.stringify(e.data);
  return (
    <div
      role="row"
      aria-selected={selected}
      data-testid="log-row"
      data-level={e.rawLevel}
      data-seq={e.frame.seq}
      className={`absolute left-0 grid w-full cursor-default items-center border-b border-line/40 ${selected ? 'bg-selected' : `${LEVEL_ROW_CLASS[e.rawLevel] ?? ''} hover:bg-hover`}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)`, gridTemplateColumns: COLUMNS_VAR }}
      onMouseDown={() => onSelect(e.frame.seq)}
    >
      <div className="truncate px-1.5 text-right text-subtle tabular-nums">{e.frame.seq}</div>
      <div className="truncate px-1.5 text-muted tabular-nums">{formatClock(startedAt + e.frame.t)}</div>
      <div
        className={`truncate px-1.5 font-sans text-[11px] ${e.level ? LEVEL_CLASS[e.level] : 'text-danger line-through'}`}
        title={e.level ? e.rawLevel : `"${e.rawLevel}" is not a log level of the spec`}
      >
        {e.rawLevel || '(none)'}
      </div>
      <div className="truncate px-1.5 text-muted" title={e.logger}>
        {e.logger ?? ''}
      </div>
      <div className="truncate px-1.5" title={data?.slice(0, 2000)}>
        {data?.slice(0, 500)}
      </div>
    </div>
  );
});

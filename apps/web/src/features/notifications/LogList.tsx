import { memo } from 'react';
import { formatClock } from '../../lib/format';
import { LEVEL_CLASS, LEVEL_ROW_CLASS } from './levelStyle';
import type { LogEntry } from './notificationIndex';
import type { NotificationsModel } from './useNotificationsModel';
import { ROW_HEIGHT, VirtualRows } from './VirtualRows';

const COLUMNS = '52px 96px 84px minmax(60px,140px) minmax(160px,1fr)';

/** The server's log messages (notifications/message), coloured by level. */
export function LogList({ m, startedAt }: { m: NotificationsModel; startedAt: number }) {
  const selectedSeq = m.selected?.seq;
  return (
    <VirtualRows
      count={m.logRows.length}
      follow={m.follow}
      label="Server log messages"
      testId="log-list"
      header={
        <div className="grid shrink-0 border-b border-line bg-panel text-[11px] font-medium text-muted" style={{ gridTemplateColumns: COLUMNS, minWidth: 560 }}>
          {['#', 'Time', 'Level', 'Logger', 'Data'].map((h, i) => (
            <div key={i} className={`truncate px-1.5 py-1 ${i === 0 ? 'text-right' : ''}`}>{h}</div>
          ))}
        </div>
      }
      renderRow={(i, top) => {
        const e = m.logRows[i];
        return e ? <LogRow key={e.frame.seq} e={e} top={top} startedAt={startedAt} selected={e.frame.seq === selectedSeq} onSelect={m.select} /> : null;
      }}
    />
  );
}

const LogRow = memo(function LogRow({ e, top, startedAt, selected, onSelect }: { e: LogEntry; top: number; startedAt: number; selected: boolean; onSelect(seq: number): void }) {
  const data = typeof e.data === 'string' ? e.data : JSON.stringify(e.data);
  return (
    <div
      role="row"
      aria-selected={selected}
      data-testid="log-row"
      data-level={e.rawLevel}
      data-seq={e.frame.seq}
      className={`absolute left-0 grid w-full cursor-default items-center border-b border-line/40 ${selected ? 'bg-selected' : `${LEVEL_ROW_CLASS[e.rawLevel] ?? ''} hover:bg-hover`}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)`, gridTemplateColumns: COLUMNS }}
      onMouseDown={() => onSelect(e.frame.seq)}
    >
      <div className="truncate px-1.5 text-right text-subtle tabular-nums">{e.frame.seq}</div>
      <div className="truncate px-1.5 text-muted tabular-nums">{formatClock(startedAt + e.frame.t)}</div>
      <div className={`truncate px-1.5 font-sans text-[11px] uppercase ${e.level ? LEVEL_CLASS[e.level] : 'text-danger line-through'}`} title={e.level ? undefined : `"${e.rawLevel}" is not a log level of the spec`}>
        {e.rawLevel || '(none)'}
      </div>
      <div className="truncate px-1.5 text-muted">{e.logger ?? ''}</div>
      <div className="truncate px-1.5" title={data?.slice(0, 2000)}>{data?.slice(0, 500)}</div>
    </div>
  );
});

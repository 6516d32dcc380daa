import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { formatBytes, formatClock, formatCount, formatDuration, formatOffset } from '../../lib/format';
import { frameOrigin, originLabel, originSentence } from '../../lib/frameOrigin';
import { directionLabel, frameAppChannel } from './frameChannel';
import { KIND_LABEL, type FrameSummary } from './frameSummary';
import type { FrameLogModel } from './useFrameLogModel';

const ROW_HEIGHT = 22;
const HEADER_HEIGHT = 24;
export const FRAME_COLUMNS = '52px 100px 66px 20px 80px minmax(120px,1fr) 132px 88px 64px 60px 30px';
/** Below this the table scrolls sideways instead of squeezing the method column. */
const MIN_WIDTH = 812;

const KIND_CLASS: Record<FrameSummary['kind'], string> = {
  request: 'text-muted',
  notification: 'text-subtle',
  response: 'text-muted',
  error: 'text-danger font-medium',
  invalid: 'text-danger',
  raw: 'text-warn font-semibold uppercase',
};

/** The virtualized frame log. Only the visible rows (plus overscan) are in the DOM. */
/** `live`: the session can still answer, so an unanswered request is pending rather than lost. */
export function FrameTable({ m, startedAt, live }: { m: FrameLogModel; startedAt: number; live: boolean }) {
  const scrollRef = useRef<HTMLDivElement>(null);
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

  // Follow the tail: pin to the bottom after every render that added rows.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (m.follow && el && m.count > 0) el.scrollTop = el.scrollHeight;
  }, [m.count, m.follow]);

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
        onKeyDown={(e) => m.onKeyDown(e)}
        onWheel={(e) => e.deltaY < 0 && m.setAtBottom(false)}
        onScroll={(e) => {
          const el = e.currentTarget;
          m.setAtBottom(el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT / 2);
        }}
      >
        <div role="row" className="sticky top-0 z-10 grid border-b border-line bg-panel font-sans text-[11px] font-medium text-muted select-none" style={{ gridTemplateColumns: FRAME_COLUMNS, minWidth: MIN_WIDTH, height: HEADER_HEIGHT }}>
          {['#', 'Time', '+t', '', 'Kind', 'Method', 'Origin', 'Id', 'Latency', 'Size', ''].map((h, i) => (
            <div key={i} className={`truncate px-1.5 py-1 ${i === 0 || (i >= 7 && i <= 9) ? 'text-right' : ''}`} title={i === 6 ? 'Why an outgoing frame was sent: you (which tab and action) or mcpscope itself (auto: handshake, probes, replies the spec requires); app: a message between mcpscope and an MCP App view' : undefined}>{h}</div>
          ))}
        </div>
        <div style={{ height: virtualizer.getTotalSize(), minWidth: MIN_WIDTH, position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const frame = m.frameAt(item.index);
            if (!frame) return <PlaceholderRow key={`p${item.index}`} top={item.start - HEADER_HEIGHT} selected={item.index === m.pendingRow} />;
            return (
              <FrameRow
                key={frame.seq}
                frame={frame}
                summary={m.summary(frame)}
                top={item.start - HEADER_HEIGHT}
                startedAt={startedAt}
                live={live}
                selected={frame.seq === m.selectedSeq}
                onSelect={() => m.select(frame.seq, true, false, frame)}
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

interface RowProps {
  frame: FrameEvent;
  summary: FrameSummary;
  top: number;
  startedAt: number;
  live: boolean;
  selected: boolean;
  onSelect: () => void;
}

const FrameRow = memo(function FrameRow({ frame, summary: s, top, startedAt, live, selected, onSelect }: RowProps) {
  const raw = s.kind === 'raw';
  const bg = selected ? 'bg-selected' : raw ? 'bg-raw' : 'hover:bg-hover';
  const latency = s.latencyMs !== undefined ? formatDuration(s.latencyMs) : s.awaiting ? (live ? '…' : 'none') : '';
  const origin = frameOrigin(frame);
  const app = frameAppChannel(frame);
  return (
    <div
      role="row"
      aria-selected={selected}
      data-testid="frame-row"
      data-seq={frame.seq}
      data-method={s.method}
      data-dir={frame.dir}
      data-kind={s.kind}
      data-origin={origin ? (origin.by === 'user' ? 'user' : 'auto') : undefined}
      data-channel={app ? 'app' : undefined}
      className={`absolute left-0 grid w-full cursor-default items-center border-b border-line/40 ${bg}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)`, gridTemplateColumns: FRAME_COLUMNS }}
      onMouseDown={onSelect}
    >
      <div className="truncate px-1.5 text-right text-subtle tabular-nums">{frame.seq}</div>
      <div className="truncate px-1.5 text-muted tabular-nums">{formatClock(startedAt + frame.t)}</div>
      <div className="truncate px-1.5 text-subtle tabular-nums">{formatOffset(frame.t)}</div>
      <div className={`text-center font-sans font-bold ${frame.dir === 'out' ? 'text-out' : 'text-in'}`} title={directionLabel(frame, app)}>
        {frame.dir === 'out' ? '→' : '←'}
      </div>
      <div className={`truncate px-1.5 font-sans text-[11px] ${KIND_CLASS[s.kind]}`}>{KIND_LABEL[s.kind]}</div>
      <div className="truncate px-1.5" title={s.detail ? `${s.method} ${s.detail}` : s.method}>
        {raw ? (
          <span className="text-warn">{s.detail}</span>
        ) : (
          <>
            <span className={s.kind === 'response' || s.kind === 'error' ? 'text-muted' : s.kind === 'notification' ? 'text-fg/80' : 'text-fg'}>
              {(s.kind === 'response' || s.kind === 'error') && <span className="text-subtle">↩ </span>}
              {s.method}
            </span>
            {s.detail && <span className="ml-2 text-danger">{s.detail}</span>}
          </>
        )}
      </div>
      {app ? (
        <div className="truncate px-1.5 font-sans text-[11px] text-muted" title={`MCP App view ${app.view} of ${app.uri}: ${directionLabel(frame, app)}`} data-testid="frame-app">
          <span className="mr-1 rounded-sm bg-accent/15 px-1 text-[10px] font-semibold text-accent">app</span>
          {app.uri}
        </div>
      ) : (
        <div className={`truncate px-1.5 font-sans text-[11px] ${origin?.by === 'user' ? 'text-accent' : 'text-subtle'}`} title={origin ? originSentence(origin) : undefined} data-testid={origin ? 'frame-origin' : undefined}>
          {origin ? originLabel(origin) : ''}
        </div>
      )}
      <div className="truncate px-1.5 text-right text-muted">{s.id}</div>
      <div className={`truncate px-1.5 text-right tabular-nums ${s.awaiting ? 'text-subtle' : 'text-muted'}`} title={s.awaiting ? (live ? 'awaiting the response' : 'never answered: the session ended first') : undefined}>{latency}</div>
      <div className="truncate px-1.5 text-right text-subtle tabular-nums">{formatBytes(frame.size)}</div>
      <div className="px-1 text-center">
        <FindingBadge counts={s.findings} />
      </div>
    </div>
  );
}, sameRow);

/** Rows re-render only when what they show changes (a request's latency arrives later). */
function sameRow(a: RowProps, b: RowProps): boolean {
  return a.frame === b.frame && a.selected === b.selected && a.top === b.top && a.startedAt === b.startedAt && a.live === b.live &&
    a.summary.latencyMs === b.summary.latencyMs && a.summary.awaiting === b.summary.awaiting;
}

function FindingBadge({ counts }: { counts: FrameSummary['findings'] }) {
  const total = counts.errors + counts.warnings + counts.infos;
  if (total === 0) return null;
  const tone = counts.errors ? 'bg-danger text-surface' : counts.warnings ? 'bg-warn text-surface' : 'bg-subtle text-surface';
  return (
    <span className={`inline-flex h-[15px] min-w-[15px] items-center justify-center rounded-full px-1 font-sans text-[10px] font-bold ${tone}`} title={`${total} lint finding${total === 1 ? '' : 's'}`} data-testid="frame-finding">
      {total}
    </span>
  );
}

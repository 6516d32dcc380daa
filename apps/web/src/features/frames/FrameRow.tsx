import { memo } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { formatBytes, formatClock, formatDuration, formatOffset } from '../../lib/format';
import { frameBoundary, frameOrigin, originLabel, originSentence } from '../../lib/frameOrigin';
import { directionLabel, frameAppChannel } from './frameChannel';
import { KIND_LABEL, type FrameSummary } from './frameSummary';
import { PinIcon } from './PinIcon';
import type { ColumnSpec } from '../../ui/columns/columnWidths';
import { COLUMNS_VAR } from '../../ui/columns/useColumnWidths';

export const ROW_HEIGHT = 22;

/**
 * The frame table's columns. Defaults fit their content in the user's font (`fit`): the whole
 * time with milliseconds, a six-digit seq, `1023.9 KB`; Method takes the rest of the pane.
 * Below about 830 px the table scrolls sideways instead of squeezing Method.
 */
export const FRAME_COLUMNS: readonly ColumnSpec[] = [
  { id: 'pin', label: '', title: 'Pin a frame to keep it at the top of the log (right-click a row for more)', width: 22, resizable: false },
  { id: 'seq', label: '#', align: 'right', width: 52, fit: '000000' },
  { id: 'time', label: 'Time', width: 100, fit: '00:00:00.000', min: 40 },
  { id: 'offset', label: '+t', width: 62, fit: '+00.00s' },
  { id: 'dir', label: '', width: 20, resizable: false },
  { id: 'kind', label: 'Kind', width: 64, fit: 'notification', font: 'sans' },
  { id: 'method', label: 'Method', width: 136, min: 80, flex: true },
  {
    id: 'origin',
    label: 'Origin',
    title:
      'Why an outgoing frame was sent: you (which tab and action) or mcpscope itself (auto: handshake, probes, replies the spec requires); app: a message between mcpscope and an MCP App view',
    width: 96,
    fit: 'auto · handshake',
    font: 'sans',
  },
  { id: 'id', label: 'Id', align: 'right', width: 52, fit: '0000' },
  { id: 'latency', label: 'Latency', align: 'right', width: 62, fit: '0.00 ms' },
  { id: 'size', label: 'Size', align: 'right', width: 60, fit: '1023.9 KB' },
  { id: 'findings', label: '', title: 'Lint findings', width: 28, resizable: false },
];

const KIND_CLASS: Record<FrameSummary['kind'], string> = {
  request: 'text-muted',
  notification: 'text-subtle',
  response: 'text-muted',
  error: 'text-danger font-medium',
  invalid: 'text-danger',
  raw: 'text-warn font-semibold uppercase',
};

interface RowProps {
  frame: FrameEvent;
  summary: FrameSummary;
  top: number;
  startedAt: number;
  live: boolean;
  selected: boolean;
  pinned: boolean;
  onSelect: () => void;
  onTogglePin: () => void;
  /** Right click: the row's actions (replay, edit and replay, pin) at the pointer. */
  onMenu: (x: number, y: number) => void;
}

export const FrameRow = memo(function FrameRow({
  frame,
  summary: s,
  top,
  startedAt,
  live,
  selected,
  pinned,
  onSelect,
  onTogglePin,
  onMenu,
}: RowProps) {
  const raw = s.kind === 'raw';
  const bg = selected ? 'bg-selected' : raw ? 'bg-raw' : 'hover:bg-hover';
  const latency = s.latencyMs !== undefined ? formatDuration(s.latencyMs) : s.awaiting ? (live ? '…' : 'none') : '';
  const origin = frameOrigin(frame);
  const app = frameAppChannel(frame);
  // A new conversation starts here (a new session, the legacy handshake): a line above the row.
  const boundary = frameBoundary(frame);
  return (
    <div
      role="row"
      aria-selected={selected}
      data-testid="frame-row"
      data-seq={frame.seq}
      data-method={s.method}
      data-dir={frame.dir}
      data-kind={s.kind}
      data-id={s.id || undefined}
      data-origin={origin ? (origin.by === 'user' ? 'user' : 'auto') : undefined}
      data-channel={app ? 'app' : undefined}
      data-pinned={pinned || undefined}
      data-boundary={boundary}
      className={`group absolute left-0 grid w-full cursor-default items-center border-b border-line/40 ${boundary ? 'border-t border-t-accent/70' : ''} ${bg}`}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)`, gridTemplateColumns: COLUMNS_VAR }}
      onMouseDown={onSelect}
      onContextMenu={(e) => {
        e.preventDefault();
        onMenu(e.clientX, e.clientY);
      }}
    >
      <button
        className={`flex h-full items-center justify-center ${pinned ? 'text-accent' : 'text-subtle opacity-0 group-hover:opacity-100 focus:opacity-100'}`}
        aria-label={pinned ? `Unpin frame ${frame.seq}` : `Pin frame ${frame.seq}`}
        aria-pressed={pinned}
        title={pinned ? 'Unpin' : 'Pin to the top of the log'}
        data-testid="frame-pin"
        tabIndex={-1}
        onMouseDown={(e) => e.stopPropagation()}
        onClick={onTogglePin}
      >
        <PinIcon filled={pinned} />
      </button>
      <div className="truncate px-1.5 text-right text-subtle tabular-nums">{frame.seq}</div>
      <div className="truncate px-1.5 text-muted tabular-nums">{formatClock(startedAt + frame.t)}</div>
      <div className="truncate px-1.5 text-subtle tabular-nums">{formatOffset(frame.t)}</div>
      <div className={`text-center font-sans font-bold ${frame.dir === 'out' ? 'text-out' : 'text-in'}`} title={directionLabel(frame, app)}>
        {frame.dir === 'out' ? '→' : '←'}
      </div>
      <div
        className={`truncate px-1.5 font-sans text-[11px] ${s.expected ? 'text-subtle' : KIND_CLASS[s.kind]}`}
        title={s.expected?.reason}
      >
        {s.expected ? 'expected' : KIND_LABEL[s.kind]}
      </div>
      <div
        className="truncate px-1.5"
        title={methodTitle(s)}
        data-testid="frame-method"
        data-target={s.target}
        data-expected={s.expected ? 'negotiation' : undefined}
      >
        {raw ? (
          <span className="text-warn">{s.detail}</span>
        ) : (
          <>
            <span
              className={s.kind === 'response' || s.kind === 'error' ? 'text-muted' : s.kind === 'notification' ? 'text-fg/80' : 'text-fg'}
            >
              {(s.kind === 'response' || s.kind === 'error') && <span className="text-subtle">↩ </span>}
              {s.method}
            </span>
            {s.target && <span className={`ml-1.5 ${s.kind === 'request' ? 'text-accent' : 'text-muted'}`}>{s.target}</span>}
            {s.detail && (
              <span className={`ml-2 ${s.expected ? 'text-subtle' : 'text-danger'}`}>
                {s.detail}
                {s.expected ? ` · ${s.expected.label}` : ''}
              </span>
            )}
          </>
        )}
      </div>
      {app ? (
        <div
          className="truncate px-1.5 font-sans text-[11px] text-muted"
          title={`MCP App view ${app.view} of ${app.uri}: ${directionLabel(frame, app)}`}
          data-testid="frame-app"
        >
          <span className="mr-1 rounded-sm bg-accent/15 px-1 text-[10px] font-semibold text-accent">app</span>
          {app.uri}
        </div>
      ) : (
        <div
          className={`truncate px-1.5 font-sans text-[11px] ${origin?.by === 'user' ? 'text-accent' : 'text-subtle'}`}
          title={origin ? originSentence(origin) : undefined}
          data-testid={origin ? 'frame-origin' : undefined}
        >
          {origin ? originLabel(origin) : ''}
        </div>
      )}
      <div className="truncate px-1.5 text-right text-muted" title={s.id.length > 6 ? s.id : undefined}>
        {s.id}
      </div>
      <div
        className={`truncate px-1.5 text-right tabular-nums ${s.awaiting ? 'text-subtle' : 'text-muted'}`}
        title={s.awaiting ? (live ? 'awaiting the response' : 'never answered: the session ended first') : undefined}
      >
        {latency}
      </div>
      <div className="truncate px-1.5 text-right text-subtle tabular-nums">{formatBytes(frame.size)}</div>
      <div className="px-1 text-center">
        <FindingBadge counts={s.findings} />
      </div>
    </div>
  );
}, sameRow);

/** The Method cell's tooltip: the method, its target, the error and, for an expected one, why. */
function methodTitle(s: FrameSummary): string {
  const head = [s.method, s.target, s.detail].filter(Boolean).join(' ');
  return s.expected ? `${head}\n${s.expected.reason}` : head;
}

/** Rows re-render only when what they show changes (a request's latency arrives later). */
function sameRow(a: RowProps, b: RowProps): boolean {
  return (
    a.frame === b.frame &&
    a.selected === b.selected &&
    a.pinned === b.pinned &&
    a.top === b.top &&
    a.startedAt === b.startedAt &&
    a.live === b.live &&
    a.summary.latencyMs === b.summary.latencyMs &&
    a.summary.awaiting === b.summary.awaiting &&
    a.summary.target === b.summary.target &&
    a.summary.expected?.label === b.summary.expected?.label
  );
}

function FindingBadge({ counts }: { counts: FrameSummary['findings'] }) {
  const total = counts.errors + counts.warnings + counts.infos;
  if (total === 0) return null;
  const tone = counts.errors ? 'bg-danger text-surface' : counts.warnings ? 'bg-warn text-surface' : 'bg-subtle text-surface';
  return (
    <span
      className={`inline-flex h-[15px] min-w-[15px] items-center justify-center rounded-full px-1 font-sans text-[10px] font-bold ${tone}`}
      title={`${total} lint finding${total === 1 ? '' : 's'}`}
      data-testid="frame-finding"
    >
      {total}
    </span>
  );
}

import { formatBytes, formatClock, formatDuration, formatOffset } from '../../lib/format';
import { frameOrigin, originLabel } from '../../lib/frameOrigin';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { COLUMNS_VAR, useColumnWidths } from '../../ui/columns/useColumnWidths';
import { FRAME_COLUMNS } from './FrameRow';
import { KIND_LABEL } from './frameSummary';
import type { Pin } from './pinnedFrames';
import { PinIcon } from './PinIcon';
import type { PinnedFramesModel } from './usePinnedFrames';
import type { FrameLogModel } from './useFrameLogModel';

/**
 * Pinned frames, above the log and outside its scroll container: they stay in view however far
 * the log scrolls. A click selects the frame in the log (scrolled to, paged back from disk).
 * Rows use the log's columns (same widths), so they line up with it.
 */
export function PinnedStrip({ pins, m }: { pins: PinnedFramesModel; m: Pick<FrameLogModel, 'selectedSeq' | 'summary'> }) {
  const cols = useColumnWidths('frames', FRAME_COLUMNS);
  const sessionId = useValue(activeSessionStore);
  const startedAt = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId)?.createdAt ?? 0);
  if (pins.pins.length === 0) return null;
  return (
    <div className="flex max-h-[140px] shrink-0 flex-col border-b border-line bg-panel" data-testid="frame-pins">
      <div className="flex shrink-0 items-center gap-2 px-2 py-0.5 text-[11px] text-muted">
        <PinIcon filled size={11} />
        <span className="font-medium">Pinned</span>
        <span className="text-subtle tabular-nums">{pins.pins.length}</span>
        <span className="flex-1" />
        <button className="text-subtle hover:text-fg" onClick={pins.clear} data-testid="frame-pins-clear">
          Unpin all
        </button>
      </div>
      <ul className="min-h-0 overflow-auto font-mono text-[12px]" aria-label="Pinned frames" style={cols.style}>
        {pins.pins.map((pin) => (
          <PinRow key={pin.seq} pin={pin} pins={pins} m={m} startedAt={startedAt} minWidth={cols.minWidth} />
        ))}
      </ul>
    </div>
  );
}

function PinRow({
  pin,
  pins,
  m,
  startedAt,
  minWidth,
}: {
  pin: Pin;
  pins: PinnedFramesModel;
  m: Pick<FrameLogModel, 'selectedSeq' | 'summary'>;
  startedAt: number;
  minWidth: number;
}) {
  const frame = pins.frameOf(pin);
  const s = frame ? m.summary(frame) : undefined;
  const origin = frame ? frameOrigin(frame) : undefined;
  const selected = m.selectedSeq === pin.seq;
  const method = s?.method || pin.method;
  return (
    <li
      className={`grid cursor-pointer items-center border-t border-line/40 ${selected ? 'bg-selected' : 'hover:bg-hover'}`}
      style={{ gridTemplateColumns: COLUMNS_VAR, minWidth, height: 22 }}
      data-testid="frame-pin-item"
      data-seq={pin.seq}
      aria-selected={selected}
      title={`Show frame #${pin.seq} in the log`}
      onClick={() => pins.open(pin)}
    >
      <button
        className="flex h-full items-center justify-center text-accent hover:text-fg"
        aria-label={`Unpin frame ${pin.seq}`}
        title="Unpin"
        data-testid="frame-pin-remove"
        onClick={(e) => {
          e.stopPropagation();
          pins.unpin(pin.seq);
        }}
      >
        <PinIcon filled />
      </button>
      <span className="truncate px-1.5 text-right text-subtle tabular-nums">{pin.seq}</span>
      <span className="truncate px-1.5 text-muted tabular-nums">{startedAt ? formatClock(startedAt + pin.t) : ''}</span>
      <span className="truncate px-1.5 text-subtle tabular-nums">{formatOffset(pin.t)}</span>
      <span className={`text-center font-sans font-bold ${pin.dir === 'out' ? 'text-out' : 'text-in'}`}>
        {pin.dir === 'out' ? '→' : '←'}
      </span>
      <span className="truncate px-1.5 font-sans text-[11px] text-muted">{s ? KIND_LABEL[s.kind] : pin.kind}</span>
      <span className="truncate px-1.5" title={method}>
        {method}
      </span>
      <span className="truncate px-1.5 font-sans text-[11px] text-subtle">{origin ? originLabel(origin) : frame ? '' : 'on disk'}</span>
      <span className="truncate px-1.5 text-right text-muted" title={s && s.id.length > 6 ? s.id : undefined}>
        {s?.id}
      </span>
      <span className="truncate px-1.5 text-right text-muted tabular-nums">
        {s?.latencyMs !== undefined ? formatDuration(s.latencyMs) : ''}
      </span>
      <span className="truncate px-1.5 text-right text-subtle tabular-nums">{frame ? formatBytes(frame.size) : ''}</span>
      <span />
    </li>
  );
}

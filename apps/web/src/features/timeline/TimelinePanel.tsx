import { formatCount, formatDuration } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { ColumnResizeHandle } from '../../ui/columns/ColumnResizeHandle';
import { useColumnWidths, type ColumnsModel } from '../../ui/columns/useColumnWidths';
import { TIMELINE_COLUMNS } from './layout';
import { TimelineRows } from './TimelineRows';
import { useTimelineModel, type TimelineModel } from './useTimelineModel';
import { ticks, tToX } from './zoom';

const MARKER_COLOR: Record<string, string> = {
  stderr: 'bg-subtle',
  spawn: 'bg-ok',
  connect: 'bg-accent',
  disconnect: 'bg-warn',
  exit: 'bg-warn',
  error: 'bg-danger',
};

export function TimelinePanel() {
  const sessionId = useValue(activeSessionStore);
  const m = useTimelineModel(sessionId);
  const cols = useColumnWidths('timeline', TIMELINE_COLUMNS);
  const live = useStoreSelector((s) => ['connected', 'connecting'].includes(s.sessions.find((x) => x.id === sessionId)?.state ?? ''));
  const labelWidth = cols.widthOf('label');
  if (!sessionId) {
    return (
      <EmptyState title="No session selected" testId="timeline-no-session">
        <p>Connect to a server (or start the demo) in the sidebar, or select a session, to see its requests on a time line.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="timeline">
      <Toolbar m={m} />
      <Ruler m={m} cols={cols} />
      <MarkerLane m={m} labelWidth={labelWidth} />
      {m.rows === 0 ? (
        <EmptyState title={live ? 'No requests yet' : 'No requests in this session'} testId="timeline-empty">
          <p>
            Each request becomes a bar from the moment it is sent to its response, coloured by outcome, with its progress notifications as
            ticks; the server's stderr and the process events are marks on the lane above.{' '}
            {live
              ? 'Call a tool in Tools, read a resource in Resources, or send a request from Composer.'
              : 'This session ended before any request: the Console tab shows why.'}
          </p>
        </EmptyState>
      ) : (
        <TimelineRows m={m} labelWidth={labelWidth} />
      )}
    </div>
  );
}

function Toolbar({ m }: { m: TimelineModel }) {
  const span = m.view.msPerPx * m.width;
  return (
    <div className="flex h-8 shrink-0 items-center gap-1 border-b border-line px-2 text-xs">
      <button className="btn h-6 px-2" data-testid="timeline-zoom-out" title="Zoom out (Ctrl+wheel)" onClick={m.zoomOut}>
        −
      </button>
      <button className="btn h-6 px-2" data-testid="timeline-zoom-in" title="Zoom in (Ctrl+wheel)" onClick={m.zoomIn}>
        +
      </button>
      <button className="btn h-6 px-2" data-testid="timeline-fit" disabled={!m.zoomed} onClick={m.fit}>
        Fit
      </button>
      <span className="ml-2 text-muted" data-testid="timeline-span">
        {formatDuration(span)} in view
      </span>
      {m.olderOnDisk && (
        <span
          className="ml-2 text-subtle"
          data-testid="timeline-older-on-disk"
          title="The browser keeps the newest events within the memory budget; older requests are in the Frames tab (read back from disk)."
        >
          older events are on disk · showing what is in memory
        </span>
      )}
      <span className="flex-1" />
      <span className="text-muted tabular-nums">
        {formatCount(m.requestCount)} requests · {formatCount(m.waterfall?.markers.length ?? 0)} markers · drag to pan, Ctrl+wheel to zoom
      </span>
    </div>
  );
}

function Ruler({ m, cols }: { m: TimelineModel; cols: ColumnsModel }) {
  const labelWidth = cols.widthOf('label');
  return (
    <div
      className="relative h-5 shrink-0 overflow-hidden border-b border-line bg-panel text-[10px] text-muted"
      data-testid="timeline-ruler"
    >
      <div className="absolute inset-y-0 left-0 z-10 border-r border-line px-2 leading-5" style={{ width: labelWidth }}>
        time
        <ColumnResizeHandle column={TIMELINE_COLUMNS[0]} cols={cols} />
      </div>
      <div className="absolute inset-y-0 right-0 overflow-hidden" style={{ left: labelWidth }}>
        {ticks(m.view, m.width).map((tick) => (
          <span key={tick.t} className="absolute top-0 h-full border-l border-line pl-1 leading-5 tabular-nums" style={{ left: tick.x }}>
            {tick.label}
          </span>
        ))}
      </div>
    </div>
  );
}

function MarkerLane({ m, labelWidth }: { m: TimelineModel; labelWidth: number }) {
  const markers = m.visibleMarkers();
  return (
    <div className="relative h-5 shrink-0 overflow-hidden border-b border-line" aria-label="stderr and lifecycle events">
      <div className="absolute inset-y-0 left-0 border-r border-line px-2 text-[10px] leading-5 text-muted" style={{ width: labelWidth }}>
        stderr · lifecycle
      </div>
      <div className="absolute inset-y-0 right-0 overflow-hidden" style={{ left: labelWidth }}>
        {markers.map((mk) => (
          <button
            key={`${mk.seq}-${mk.t}-${mk.text.length}`}
            data-testid="timeline-marker"
            data-kind={mk.kind}
            data-seq={mk.seq}
            title={`${mk.kind} at ${mk.t.toFixed(1)} ms: ${mk.text}`}
            className={`absolute top-1 h-3 w-1.5 -translate-x-1/2 rounded-sm ${MARKER_COLOR[mk.kind] ?? 'bg-muted'}`}
            style={{ left: markerLeft(tToX(m.view, mk.t)) }}
          />
        ))}
      </div>
    </div>
  );
}

/** A marker is centred on its time; one at the very start is moved in by half its width so it is not cut by the edge. */
function markerLeft(x: number): number {
  return x >= 0 && x < 3 ? 3 : x;
}

import { formatCount, formatDuration } from '../../lib/format';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { LABEL_WIDTH } from './layout';
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
  if (!sessionId) return <div className="flex flex-1 items-center justify-center text-muted">Select a session to see its timeline.</div>;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="timeline">
      <Toolbar m={m} />
      <Ruler m={m} />
      <MarkerLane m={m} />
      {m.rows === 0 ? (
        <div className="flex flex-1 items-center justify-center text-muted">No requests yet.</div>
      ) : (
        <TimelineRows m={m} />
      )}
    </div>
  );
}

function Toolbar({ m }: { m: TimelineModel }) {
  const span = m.view.msPerPx * m.width;
  return (
    <div className="flex h-8 shrink-0 items-center gap-1 border-b border-line px-2 text-xs">
      <button className="btn h-6 px-2" data-testid="timeline-zoom-out" title="Zoom out (Ctrl+wheel)" onClick={m.zoomOut}>−</button>
      <button className="btn h-6 px-2" data-testid="timeline-zoom-in" title="Zoom in (Ctrl+wheel)" onClick={m.zoomIn}>+</button>
      <button className="btn h-6 px-2" data-testid="timeline-fit" disabled={!m.zoomed} onClick={m.fit}>Fit</button>
      <span className="ml-2 text-muted" data-testid="timeline-span">{formatDuration(span)} in view</span>
      {m.olderOnDisk && (
        <span className="ml-2 text-subtle" data-testid="timeline-older-on-disk" title="The browser keeps the newest events within the memory budget; older requests are in the Frames tab (read back from disk).">
          older events are on disk · showing what is in memory
        </span>
      )}
      <span className="flex-1" />
      <span className="text-muted tabular-nums">{formatCount(m.requestCount)} requests · {formatCount(m.waterfall?.markers.length ?? 0)} markers · drag to pan, Ctrl+wheel to zoom</span>
    </div>
  );
}

function Ruler({ m }: { m: TimelineModel }) {
  return (
    <div className="relative h-5 shrink-0 overflow-hidden border-b border-line bg-panel text-[10px] text-muted" data-testid="timeline-ruler">
      <div className="absolute inset-y-0 left-0 border-r border-line px-2 leading-5" style={{ width: LABEL_WIDTH }}>time</div>
      <div className="absolute inset-y-0 right-0 overflow-hidden" style={{ left: LABEL_WIDTH }}>
        {ticks(m.view, m.width).map((tick) => (
          <span key={tick.t} className="absolute top-0 h-full border-l border-line pl-1 leading-5 tabular-nums" style={{ left: tick.x }}>{tick.label}</span>
        ))}
      </div>
    </div>
  );
}

function MarkerLane({ m }: { m: TimelineModel }) {
  const markers = m.visibleMarkers();
  return (
    <div className="relative h-5 shrink-0 overflow-hidden border-b border-line" aria-label="stderr and lifecycle events">
      <div className="absolute inset-y-0 left-0 border-r border-line px-2 text-[10px] leading-5 text-muted" style={{ width: LABEL_WIDTH }}>stderr · lifecycle</div>
      <div className="absolute inset-y-0 right-0 overflow-hidden" style={{ left: LABEL_WIDTH }}>
        {markers.map((mk) => (
          <button
            key={`${mk.seq}-${mk.t}-${mk.text.length}`}
            data-testid="timeline-marker"
            data-kind={mk.kind}
            data-seq={mk.seq}
            title={`${mk.kind} at ${mk.t.toFixed(1)} ms: ${mk.text}`}
            className={`absolute top-1 h-3 w-1.5 -translate-x-1/2 rounded-sm ${MARKER_COLOR[mk.kind] ?? 'bg-muted'}`}
            style={{ left: tToX(m.view, mk.t) }}
          />
        ))}
      </div>
    </div>
  );
}

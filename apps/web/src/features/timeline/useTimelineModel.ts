import { useCallback, useMemo, useRef, useState } from 'react';
import { framesNavigation } from '../../lib/navigation';
import { useSessionLog } from '../../lib/services';
import { Waterfall, rowAt, rowCount, type Marker } from './waterfall';
import { ZOOM_STEP, fitViewport, keepInView, panBy, wheelZoomFactor, xToT, zoomAt, type Viewport } from './zoom';

/** Markers closer than this (px) to the previous drawn one of the same kind are skipped. */
const MARKER_MIN_GAP_PX = 3;

/**
 * Presenter of the Timeline tab: the incremental waterfall of the active session, the time
 * viewport (fit until the user zooms or pans, then theirs), and "open this frame".
 */
export function useTimelineModel(sessionId: string | null) {
  const { log, version } = useSessionLog(sessionId);
  const waterfall = useMemo(() => (log ? new Waterfall(log) : null), [log]);
  // `version` is the append-only log's change signal: update() scans only what is new.
  useMemo(() => waterfall?.update(), [waterfall, version]); // the log changes in place: `version` says when
  const endT = waterfall?.endT ?? 0;

  const [width, setWidth] = useState(800);
  const [userView, setUserView] = useState<{ key: Waterfall | null; view: Viewport } | null>(null);
  const fitted = fitViewport(endT, width);
  const view = userView && userView.key === waterfall ? userView.view : fitted;
  const maxMsPerPx = Math.max(fitted.msPerPx * 4, view.msPerPx);
  const set = useCallback((next: Viewport) => setUserView({ key: waterfall, view: next }), [waterfall]);

  // The time of the rows in view (set by the rows as they scroll): button zooms keep it on screen.
  const focusT = useRef<number | null>(null);
  const zoomButton = (factor: number) => {
    const next = zoomAt(view, factor, width / 2, maxMsPerPx);
    set(focusT.current === null ? next : keepInView(next, focusT.current, width));
  };

  const rows = waterfall ? rowCount(waterfall) : 0;
  return {
    sessionId,
    waterfall,
    version,
    endT,
    width,
    setWidth,
    view,
    zoomed: userView !== null && userView.key === waterfall,
    rows,
    /** Older events are on disk (the memory budget): the waterfall shows what is in memory. */
    olderOnDisk: log?.olderOnDisk ?? false,
    rowAt: (i: number) => (waterfall ? rowAt(waterfall, i) : undefined),
    requestCount: waterfall ? waterfall.out.length + waterfall.in.length : 0,
    zoomIn: () => zoomButton(ZOOM_STEP),
    zoomOut: () => zoomButton(1 / ZOOM_STEP),
    setFocusTime: (t: number | null) => void (focusT.current = t),
    fit: () => setUserView(null),
    zoomWheel: (deltaY: number, deltaMode: number, anchorPx: number) =>
      set(zoomAt(view, wheelZoomFactor(deltaY, deltaMode), anchorPx, maxMsPerPx)),
    pan: (dxPx: number) => set(panBy(view, dxPx)),
    timeAt: (x: number) => xToT(view, x),
    visibleMarkers: () => (waterfall ? cullMarkers(waterfall.markers, view, width) : []),
    open: (seq: number) => sessionId && framesNavigation.showFrame(sessionId, seq),
  };
}
export type TimelineModel = ReturnType<typeof useTimelineModel>;

/** Markers within the view, at most one per few pixels per kind (a 100k-line stderr stays cheap). */
export function cullMarkers(markers: readonly Marker[], view: Viewport, widthPx: number): Marker[] {
  const t0 = view.start;
  const t1 = xToT(view, widthPx);
  let lo = 0;
  let hi = markers.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (markers[mid].t < t0) lo = mid + 1;
    else hi = mid;
  }
  const out: Marker[] = [];
  const lastX = new Map<string, number>();
  for (let i = lo; i < markers.length && markers[i].t <= t1; i++) {
    const m = markers[i];
    const x = (m.t - t0) / view.msPerPx;
    const prev = lastX.get(m.kind);
    if (m.kind === 'stderr' && prev !== undefined && x - prev < MARKER_MIN_GAP_PX) continue;
    lastX.set(m.kind, x);
    out.push(m);
  }
  return out;
}

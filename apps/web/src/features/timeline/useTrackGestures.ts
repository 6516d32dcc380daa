import { useEffect, useRef, type PointerEvent, type RefObject } from 'react';
import type { TimelineModel } from './useTimelineModel';

/** Tracks the width of the time area (right of the `labelWidth` px name column) and turns drag/wheel gestures into pan and zoom. */
export function useTrackGestures(m: TimelineModel, ref: RefObject<HTMLDivElement | null>, labelWidth: number) {
  const setWidth = m.setWidth;
  const labelRef = useRef(labelWidth);
  labelRef.current = labelWidth;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Observing fires once at once: a new label width re-measures the track.
    const ro = new ResizeObserver(() => setWidth(Math.max(100, el.clientWidth - labelWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, setWidth, labelWidth]);
  const mRef = useRef(m);
  mRef.current = m;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Non-passive so Ctrl+wheel (and trackpad pinch) zooms the timeline instead of the page.
    const onWheel = (e: WheelEvent) => {
      const x = e.clientX - el.getBoundingClientRect().left - labelRef.current;
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        mRef.current.zoomWheel(e.deltaY, e.deltaMode, Math.max(0, x));
      } else if (Math.abs(e.deltaX) > Math.abs(e.deltaY) || e.shiftKey) {
        e.preventDefault();
        mRef.current.pan(e.shiftKey ? e.deltaY : e.deltaX);
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ref]);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0) return;
      drag.current = { x: e.clientX, moved: false };
    },
    onPointerMove: (e: PointerEvent) => {
      const d = drag.current;
      if (!d || (e.buttons & 1) === 0) return;
      const dx = e.clientX - d.x;
      if (!d.moved && Math.abs(dx) < 4) return;
      d.moved = true;
      d.x = e.clientX;
      m.pan(-dx);
    },
    onPointerUp: () => {
      setTimeout(() => (drag.current = null));
    },
    /** True while a drag is in progress: a click at its end is not an "open". */
    dragging: () => Boolean(drag.current?.moved),
  };
}

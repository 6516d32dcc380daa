import { useEffect, useState } from 'react';
import { activeTabStore } from '../../lib/uiState';
import { dragHasFiles } from './traceFiles';

/**
 * Dropping trace files anywhere on the page: shows a hint while files are dragged over the
 * window and hands a drop to the Traces tab (which uploads what lands on its drop zone).
 */
export function TraceDropOverlay() {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!dragHasFiles(e.dataTransfer?.types)) return;
      depth++;
      setDragging(true);
      activeTabStore.set('traces');
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const end = (e: Event) => {
      e.preventDefault();
      depth = 0;
      setDragging(false);
    };
    // Outside the drop zone a dropped file would be opened by the browser: prevent that.
    const over = (e: DragEvent) => dragHasFiles(e.dataTransfer?.types) && e.preventDefault();
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', end);
    window.addEventListener('dragend', end);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', end);
      window.removeEventListener('dragend', end);
    };
  }, []);
  if (!dragging) return null;
  return <div className="pointer-events-none fixed inset-0 z-50 border-4 border-dashed border-accent/60" aria-hidden />;
}

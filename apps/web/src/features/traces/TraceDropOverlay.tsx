import { useEffect, useState } from 'react';
import { activeTabStore } from '../../lib/uiState';
import { dragHasFiles, traceFilesOf } from './traceFiles';
import { droppedTraceFilesStore } from './useTraceUpload';

/**
 * Dropping trace files anywhere on the page: shows a hint while files are dragged over the
 * window and brings the Traces view; a drop on its zone is uploaded there, and a drop anywhere
 * else (the sessions list, the status bar) is handed to it too, never lost. Either way the
 * uploaded trace opens (useTraceUpload).
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
    const drop = (e: DragEvent) => {
      end(e);
      const files = traceFilesOf(e.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      activeTabStore.set('traces');
      droppedTraceFilesStore.set(files);
    };
    // Outside the drop zone a dropped file would be opened by the browser: prevent that.
    const over = (e: DragEvent) => dragHasFiles(e.dataTransfer?.types) && e.preventDefault();
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    window.addEventListener('dragend', end);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      window.removeEventListener('dragend', end);
    };
  }, []);
  if (!dragging) return null;
  return <div className="pointer-events-none fixed inset-0 z-50 border-4 border-dashed border-accent/60" aria-hidden />;
}

import { useState, type PointerEvent } from 'react';

/** Width of a right-hand pane resized by dragging its left edge; remembered in localStorage. */
export function useSplitWidth(storageKey: string, initial: number, min = 280) {
  const [width, setWidth] = useState(() => {
    const saved = Number(globalThis.localStorage?.getItem(storageKey));
    return Number.isFinite(saved) && saved >= min ? saved : initial;
  });
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    e.preventDefault();
    const startX = e.clientX;
    const startWidth = width;
    const max = Math.max(min, window.innerWidth - 420);
    let latest = startWidth;
    const move = (ev: globalThis.PointerEvent) => {
      latest = Math.min(max, Math.max(min, startWidth + startX - ev.clientX));
      setWidth(latest);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      try {
        localStorage.setItem(storageKey, String(latest));
      } catch {
        // not remembered; fine
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return { width, onPointerDown };
}

import { useState, type KeyboardEvent, type PointerEvent } from 'react';

export interface SplitWidthOptions {
  /**
   * Which edge of the pane the handle is on: `'left'` (default) for a right-hand pane resized by
   * its left edge (dragging left widens it), `'right'` for a left-hand pane such as the sidebar.
   */
  edge?: 'left' | 'right';
  /** Largest width; by default the window's width less 420 px for the rest of the layout. */
  max?: number;
  /** Arrow-key step on the focused handle (Shift: four times that). */
  step?: number;
}

/** Keeps `width` within [min, max]; `max` below `min` yields `min`. */
export function clampWidth(width: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, width));
}

/** The width a key on the focused handle asks for, or null when the key is not a resize key. */
export function keyedWidth(
  key: string,
  shift: boolean,
  width: number,
  o: { min: number; max: number; step: number; edge: 'left' | 'right'; initial: number },
): number | null {
  const step = shift ? o.step * 4 : o.step;
  // The arrow pointing away from the pane widens it.
  const grow = o.edge === 'right' ? 'ArrowRight' : 'ArrowLeft';
  const shrink = o.edge === 'right' ? 'ArrowLeft' : 'ArrowRight';
  if (key === grow) return clampWidth(width + step, o.min, o.max);
  if (key === shrink) return clampWidth(width - step, o.min, o.max);
  if (key === 'Home') return o.min;
  if (key === 'End') return o.max;
  if (key === 'Enter') return clampWidth(o.initial, o.min, o.max);
  return null;
}

function remember(storageKey: string, width: number): void {
  try {
    localStorage.setItem(storageKey, String(Math.round(width)));
  } catch {
    // not remembered; fine
  }
}

/**
 * Width of a pane resized by dragging one of its edges; remembered in localStorage.
 * `handleProps` make the handle a focusable separator: arrows resize, Home/End go to the
 * limits, Enter (or a double click) restores the default.
 */
export function useSplitWidth(storageKey: string, initial: number, min = 280, options: SplitWidthOptions = {}) {
  const edge = options.edge ?? 'left';
  const maxWidth = () => Math.max(min, options.max ?? (typeof window === 'undefined' ? initial : window.innerWidth - 420));
  const [width, setWidth] = useState(() => {
    const saved = Number(globalThis.localStorage?.getItem(storageKey));
    const max = options.max ?? Infinity;
    return Number.isFinite(saved) && saved >= min && saved <= max ? saved : initial;
  });
  const apply = (next: number) => {
    setWidth(next);
    remember(storageKey, next);
  };
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    e.preventDefault();
    const startX = e.clientX;
    const startWidth = width;
    const max = maxWidth();
    let latest = startWidth;
    const move = (ev: globalThis.PointerEvent) => {
      const delta = edge === 'right' ? ev.clientX - startX : startX - ev.clientX;
      latest = clampWidth(startWidth + delta, min, max);
      setWidth(latest);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      remember(storageKey, latest);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const onKeyDown = (e: Pick<KeyboardEvent<HTMLElement>, 'key' | 'shiftKey' | 'preventDefault'>) => {
    const next = keyedWidth(e.key, e.shiftKey, width, { min, max: maxWidth(), step: options.step ?? 16, edge, initial });
    if (next === null) return;
    e.preventDefault();
    apply(next);
  };
  const handleProps = {
    role: 'separator',
    'aria-orientation': 'vertical' as const,
    'aria-valuenow': Math.round(width),
    'aria-valuemin': min,
    'aria-valuemax': options.max,
    tabIndex: 0,
    onPointerDown,
    onKeyDown,
    onDoubleClick: () => apply(initial),
  };
  return { width, onPointerDown, onKeyDown, handleProps };
}

import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { activeTabStore } from '../lib/uiState';
import { useValue } from '../lib/valueStore';
import { TABS, VIEW_GROUPS } from './tabs';
import { altDigitTarget, displayOrder, groupViews, navCompactStore, navKeyTarget, setNavCompact } from './viewNav';

const GROUPS = groupViews(TABS, VIEW_GROUPS);
const ORDER = displayOrder(TABS, VIEW_GROUPS);

/**
 * Presenter of the views navigation: one tablist with a roving tabindex (Tab enters at the
 * selected view; arrows, Home and End move the focus; Enter/Space open the focused view),
 * Alt+1…9 from anywhere, the compact (icons only) preference, and the selected view kept
 * scrolled into view when the window is too short for the whole list.
 */
export function useViewNavModel() {
  const active = useValue(activeTabStore);
  const compact = useValue(navCompactStore);
  // The tab that holds the tab stop while focus is inside the list; outside it, the selected one.
  const [focused, setFocused] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLElement>());

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const view = altDigitTarget(e, ORDER);
      if (!view) return;
      e.preventDefault();
      activeTabStore.set(view.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // After layout settles (a panel may have just mounted), keep the selected view visible.
  useEffect(() => {
    const id = requestAnimationFrame(() => buttons.current.get(active)?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(id);
  }, [active, compact]);

  const stop = focused ?? active;
  return {
    groups: GROUPS,
    active,
    compact,
    toggleCompact: () => setNavCompact(!compact),
    tabIndexOf: (id: string) => (id === stop ? 0 : -1),
    ref: (id: string) => (el: HTMLElement | null) => {
      if (el) buttons.current.set(id, el);
      else buttons.current.delete(id);
    },
    select: (id: string) => activeTabStore.set(id),
    onFocus: (id: string) => setFocused(id),
    /** On the tablist: leaving it gives the tab stop back to the selected view. */
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(null);
    },
    onKeyDown: (id: string, e: KeyboardEvent<HTMLElement>) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        activeTabStore.set(id);
        return;
      }
      const to = navKeyTarget(e.key, ORDER.findIndex((v) => v.id === id), ORDER.length);
      if (to === null) return;
      e.preventDefault();
      const next = ORDER[to].id;
      setFocused(next);
      buttons.current.get(next)?.focus();
    },
  };
}

export type ViewNavModel = ReturnType<typeof useViewNavModel>;

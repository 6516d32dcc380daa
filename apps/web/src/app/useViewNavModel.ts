import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { ACTIONS } from '../lib/actionCatalogue';
import { bindAction, runAreaKeys } from '../lib/actions';
import { activeTabStore } from '../lib/uiState';
import { useValue } from '../lib/valueStore';
import { TABS, VIEW_GROUPS } from './tabs';
import { altDigitTarget, displayOrder, groupViews, navCompactStore, navKeyTarget, setNavCompact } from './viewNav';

const GROUPS = groupViews(TABS, VIEW_GROUPS);
const ORDER = displayOrder(TABS, VIEW_GROUPS);
const ALT_VIEWS = ORDER.slice(0, 9)
  .map((v, i) => `${i + 1} ${v.label}`)
  .join(', ');

/**
 * Presenter of the views navigation: one tablist with a roving tabindex (Tab enters at the
 * selected view; arrows, Home and End move the focus; Enter/Space open the focused view: the
 * `nav.*` actions of the catalogue, bound here), the compact (icons only) preference, and the
 * selected view kept scrolled into view when the window is too short for the whole list.
 * Alt+1…9 opens the n-th view from anywhere (the `tabs.switch` action, bound here too).
 */
export function useViewNavModel() {
  const active = useValue(activeTabStore);
  const compact = useValue(navCompactStore);
  // The tab that holds the tab stop while focus is inside the list; outside it, the selected one.
  const [focused, setFocused] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLElement>());

  useEffect(() => {
    const offs = [
      bindAction(ACTIONS.openView, {
        description: () => `Open a view: ${ALT_VIEWS}`,
        perform: ({ event }) => {
          const view = event
            ? altDigitTarget(
                { key: event.key, code: event.code ?? '', altKey: event.altKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey },
                ORDER,
              )
            : null;
          if (!view) return false;
          activeTabStore.set(view.id);
        },
      }),
      bindAction<string>(ACTIONS.openFocusedView, { perform: ({ target }) => void (target && activeTabStore.set(target)) }),
      bindAction<string>(ACTIONS.moveInViews, {
        perform: ({ target, event }) => {
          const to = event
            ? navKeyTarget(
                event.key,
                ORDER.findIndex((v) => v.id === target),
                ORDER.length,
              )
            : null;
          if (to === null) return false;
          const next = ORDER[to].id;
          setFocused(next);
          buttons.current.get(next)?.focus();
        },
      }),
    ];
    return () => offs.forEach((off) => off());
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
    onKeyDown: (id: string, e: KeyboardEvent<HTMLElement>) => void runAreaKeys('views navigation', e, id),
  };
}

export type ViewNavModel = ReturnType<typeof useViewNavModel>;

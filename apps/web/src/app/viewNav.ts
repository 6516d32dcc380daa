import { z } from 'zod';
import { readLocalJson, writeLocalJson } from '../lib/localJson';
import { createValueStore } from '../lib/valueStore';

/**
 * The pure part of the views navigation: grouping, display order, and which view a key asks
 * for. The navigation is one vertical tablist (WAI-ARIA tabs pattern, manual activation):
 * arrows and Home/End move the focus, Enter/Space open the focused view; Alt+1…9 open the
 * n-th view in display order from anywhere.
 */

export interface NavView {
  id: string;
  group: string;
}

export interface NavGroup<T extends NavView> {
  id: string;
  label: string;
  /** `index`: the view's position in display order (Alt+index+1 opens it when index < 9). */
  views: Array<{ view: T; index: number }>;
}

/** Views by group, groups in `groups` order, views in registry order; a view of an unknown group goes last. */
export function groupViews<T extends NavView>(
  views: readonly T[],
  groups: ReadonlyArray<{ id: string; label: string }>,
): Array<NavGroup<T>> {
  const known = new Set(groups.map((g) => g.id));
  const all = [...groups, { id: 'other', label: 'Other' }];
  let index = 0;
  return all
    .map((g) => ({
      id: g.id,
      label: g.label,
      views: views.filter((v) => (g.id === 'other' ? !known.has(v.group) : v.group === g.id)).map((view) => ({ view, index: index++ })),
    }))
    .filter((g) => g.views.length > 0);
}

/** The views in the order the navigation shows them. */
export function displayOrder<T extends NavView>(views: readonly T[], groups: ReadonlyArray<{ id: string; label: string }>): T[] {
  return groupViews(views, groups).flatMap((g) => g.views.map((v) => v.view));
}

/** Where a key moves the focus in a list of `count` tabs, from `index`; null when the key is not a move. Wraps around. */
export function navKeyTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown' || key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowUp' || key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Alt+1…9 (not with Ctrl/⌘): the n-th view in display order. `code` covers layouts where Alt+digit types a symbol. */
export function altDigitTarget<T extends NavView>(
  e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'key' | 'code'>,
  order: readonly T[],
): T | null {
  if (!e.altKey || e.ctrlKey || e.metaKey) return null;
  const n = /^[1-9]$/.test(e.key) ? Number(e.key) : /^Digit[1-9]$/.test(e.code) ? Number(e.code.slice(5)) : 0;
  return n > 0 ? (order[n - 1] ?? null) : null;
}

/** The chord shown next to a view, for the first nine. */
export function altChord(index: number): string | undefined {
  return index < 9 ? `Alt+${index + 1}` : undefined;
}

const COMPACT_KEY = 'mcpscope.nav.compact';

/** Whether the navigation shows icons only (more room for the views); remembered in this browser. */
export const navCompactStore = createValueStore<boolean>(readLocalJson(COMPACT_KEY, z.boolean(), false));

export function setNavCompact(compact: boolean): void {
  navCompactStore.set(compact);
  writeLocalJson(COMPACT_KEY, compact);
}

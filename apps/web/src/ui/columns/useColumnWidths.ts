import { useMemo, type CSSProperties } from 'react';
import { createValueStore, useValue, type ValueStore } from '../../lib/valueStore';
import {
  clampWidth,
  defaultWidths,
  gridTemplate,
  parseStoredWidths,
  storedText,
  totalWidth,
  type ColumnSpec,
  type ColumnWidths,
} from './columnWidths';
import { measureSample } from './measureSample';

/** Rows and header use this as their `gridTemplateColumns`; the table's container sets it. */
export const COLUMNS_VAR = 'var(--columns)';

export const storageKey = (table: string) => `mcpscope.columns.${table}`;

/** One store per table: every component of that table (header, rows, a pinned strip) reads the same widths. */
const stores = new Map<string, ValueStore<ColumnWidths>>();

function storeOf(table: string, columns: readonly ColumnSpec[]): ValueStore<ColumnWidths> {
  let store = stores.get(table);
  if (!store) {
    let text: string | null = null;
    try {
      text = globalThis.localStorage?.getItem(storageKey(table)) ?? null;
    } catch {
      // storage disabled: defaults
    }
    store = createValueStore(parseStoredWidths(columns, text));
    stores.set(table, store);
  }
  return store;
}

function save(table: string, widths: ColumnWidths): void {
  try {
    if (widths.size === 0) localStorage.removeItem(storageKey(table));
    else localStorage.setItem(storageKey(table), storedText(widths));
  } catch {
    // storage full or disabled: the widths hold for this page only
  }
}

export interface ColumnsModel {
  columns: readonly ColumnSpec[];
  /** The current width of a column (the user's, or the default that fits its content). */
  widthOf(id: string): number;
  defaultOf(id: string): number;
  /** While dragging: the new width is shown at once; `persist` writes it to localStorage. */
  setWidth(id: string, px: number, persist?: boolean): void;
  /** Writes the current widths to localStorage (at the end of a drag). */
  commit(): void;
  /** Back to the default width. */
  reset(id: string): void;
  /** For the element holding header and rows: the template as a CSS variable (rows and header use `COLUMNS_VAR`). */
  style: CSSProperties;
  template: string;
  /** The sum of the widths: header and rows are at least this wide (their container scrolls sideways). */
  minWidth: number;
}

/**
 * Column widths of one table (`table` names its localStorage key, `mcpscope.columns.<table>`).
 * `columns` must be a constant: its defaults are measured once. Rows use `COLUMNS_VAR`, so a
 * resize re-renders the header, never the (memoized, virtualized) rows.
 */
export function useColumnWidths(table: string, columns: readonly ColumnSpec[]): ColumnsModel {
  const store = storeOf(table, columns);
  const user = useValue(store);
  const defaults = useMemo(() => defaultWidths(columns, measureSample), [columns]);
  return useMemo(() => {
    const byId = new Map(columns.map((c) => [c.id, c]));
    const defaultOf = (id: string) => defaults.get(id) ?? 0;
    const widthOf = (id: string) => user.get(id) ?? defaultOf(id);
    const template = gridTemplate(columns, widthOf);
    const minWidth = totalWidth(columns, widthOf);
    const update = (change: (next: Map<string, number>) => void, persist: boolean) => {
      const next = new Map(store.getSnapshot());
      change(next);
      store.set(next);
      if (persist) save(table, next);
    };
    return {
      columns,
      widthOf,
      defaultOf,
      setWidth(id, px, persist = false) {
        const c = byId.get(id);
        if (!c || c.resizable === false) return;
        const w = clampWidth(c, px);
        if (w === widthOf(id) && !persist) return;
        update((next) => next.set(id, w), persist);
      },
      commit: () => save(table, store.getSnapshot()),
      reset: (id) => update((next) => next.delete(id), true),
      style: { '--columns': template } as CSSProperties,
      template,
      minWidth,
    };
  }, [columns, defaults, user, store, table]);
}

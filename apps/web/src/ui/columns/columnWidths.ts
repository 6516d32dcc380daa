/**
 * Resizable table columns, the pure part: what a table declares, how stored widths are read
 * back (localStorage is user-editable, hence untrusted), and the grid template they make.
 */

export interface ColumnSpec {
  id: string;
  /** Header text ('' for an icon column). */
  label: string;
  /** The header's tooltip. */
  title?: string;
  align?: 'right' | 'center';
  /** Default width in px: used as is when `fit` cannot be measured (tests), and as a floor. */
  width: number;
  /** Grow the default so that this sample fits in the cell's font, e.g. `00:00:00.000`. */
  fit?: string;
  /** The cell's font, for `fit`: the table's mono 12 px (default) or sans 11 px (bold). */
  font?: SampleFont;
  /** Narrowest the user can make it (px; default 24, or the width when that is less). */
  min?: number;
  /** Takes the spare room of the pane (one per table): its width is then its minimum. */
  flex?: boolean;
  /** False for icon columns (pin, direction): no handle. */
  resizable?: boolean;
}

export type ColumnWidths = ReadonlyMap<string, number>;
export type SampleFont = 'mono' | 'sans' | 'sans-bold';

export const MIN_COLUMN = 24;
export const MAX_COLUMN = 2000;
/** The cells' horizontal padding (px-1.5 each side) plus a pixel of slack either side. */
export const CELL_PADDING = 14;

export const minOf = (c: ColumnSpec) => Math.max(1, c.min ?? Math.min(MIN_COLUMN, c.width));

export function clampWidth(c: ColumnSpec, px: number): number {
  return Math.round(Math.min(MAX_COLUMN, Math.max(minOf(c), px)));
}

/** `measure(sample, font)` gives a sample's width in px, or 0 when it cannot (no layout). */
export type Measure = (sample: string, font: SampleFont) => number;

export function defaultWidths(columns: readonly ColumnSpec[], measure: Measure): ColumnWidths {
  const widths = new Map<string, number>();
  for (const c of columns) {
    const fitted = c.fit ? Math.ceil(measure(c.fit, c.font ?? 'mono')) + CELL_PADDING : 0;
    widths.set(c.id, clampWidth(c, Math.max(c.width, fitted)));
  }
  return widths;
}

/**
 * Stored widths: a JSON object of column id → px. Only declared, resizable columns with a finite
 * number are taken (clamped to their range); anything else is ignored.
 */
export function parseStoredWidths(columns: readonly ColumnSpec[], text: string | null): ColumnWidths {
  const widths = new Map<string, number>();
  if (!text) return widths;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return widths;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return widths;
  for (const c of columns) {
    if (c.resizable === false || !Object.hasOwn(raw, c.id)) continue;
    const v = (raw as Record<string, unknown>)[c.id];
    if (typeof v === 'number' && Number.isFinite(v)) widths.set(c.id, clampWidth(c, v));
  }
  return widths;
}

export function storedText(widths: ColumnWidths): string {
  return JSON.stringify(Object.fromEntries(widths));
}

/** The grid template: fixed tracks in px, the flexible one `minmax(px, 1fr)`. */
export function gridTemplate(columns: readonly ColumnSpec[], widthOf: (id: string) => number): string {
  return columns.map((c) => (c.flex ? `minmax(${widthOf(c.id)}px,1fr)` : `${widthOf(c.id)}px`)).join(' ');
}

export function totalWidth(columns: readonly ColumnSpec[], widthOf: (id: string) => number): number {
  let sum = 0;
  for (const c of columns) sum += widthOf(c.id);
  return sum;
}

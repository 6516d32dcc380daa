import type { ColumnSpec } from '../../ui/columns/columnWidths';

/** Height of one waterfall row, in px. */
export const ROW_PX = 20;

/** The request-name column (resizable, remembered as `timeline`), then the time track. */
export const TIMELINE_COLUMNS: readonly ColumnSpec[] = [
  { id: 'label', label: 'Request', width: 240, min: 100 },
  { id: 'track', label: '', width: 100, flex: true, resizable: false },
];

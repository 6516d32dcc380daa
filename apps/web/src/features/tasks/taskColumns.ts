import type { ColumnSpec } from '../../ui/columns/columnWidths';

/**
 * The columns of both task tables (the tasks the server runs, and the ones mcpscope runs for
 * it): one set of widths (`tasks`), so the two tables line up. Message takes the rest; under
 * about 640 px (a detail open on a laptop) the tables scroll sideways instead of overlapping.
 */
export const TASK_COLUMNS: readonly ColumnSpec[] = [
  { id: 'status', label: 'Status', width: 120, min: 60 },
  { id: 'task', label: 'Tool · task id', width: 240, min: 80 },
  { id: 'message', label: 'Message', width: 160, min: 100, flex: true },
  { id: 'updated', label: 'Updated', title: 'lastUpdatedAt, as the server reported it', width: 96, fit: '59 min 59 s ago', font: 'sans' },
  {
    id: 'polling',
    label: 'Polling',
    title: 'The poll interval the server suggests, and the tasks/get mcpscope sent',
    width: 124,
    fit: '10000 ms · 100 polls',
    font: 'sans',
  },
];

export const RECEIVER_TASK_COLUMNS: readonly ColumnSpec[] = TASK_COLUMNS.map((c) =>
  c.id === 'task'
    ? { ...c, label: 'Request · task id' }
    : c.id === 'polling'
      ? { ...c, label: 'Server polls', title: 'tasks/get the server sent; whether mcpscope answered its tasks/result' }
      : c,
);

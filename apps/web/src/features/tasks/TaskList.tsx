import type { TaskInfo } from '@mcpscope/wire';
import { ColumnHeaderRow } from '../../ui/columns/ColumnHeaderRow';
import { COLUMNS_VAR, useColumnWidths } from '../../ui/columns/useColumnWidths';
import { TaskStatusBadge } from '../../ui/TaskStatusBadge';
import { TASK_COLUMNS } from './taskColumns';
import { ago, progressFraction, progressText } from './taskRows';
import type { TasksViewModel } from './useTasksViewModel';

/** One row per task, newest first; a click opens its detail. */
export function TaskList({ m }: { m: TasksViewModel }) {
  const now = m.now();
  const cols = useColumnWidths('tasks', TASK_COLUMNS);
  if (m.rows.length === 0) {
    return (
      <div className="p-3 text-xs text-muted" data-testid="tasks-none-match">
        No task matches this filter. Clear the filter above, or choose <strong>All</strong>.
      </div>
    );
  }
  return (
    <div role="table" aria-label="Tasks" className="text-left text-[12px]" style={cols.style} data-testid="tasks-table">
      <ColumnHeaderRow cols={cols} className="sticky top-0 z-10 border-b border-line bg-panel" />
      {m.rows.map((t) => (
        <Row key={t.taskId} task={t} m={m} now={now} minWidth={cols.minWidth} />
      ))}
    </div>
  );
}

function Row({ task, m, now, minWidth }: { task: TaskInfo; m: TasksViewModel; now: number; minWidth: number }) {
  const selected = m.selected?.taskId === task.taskId;
  const fraction = progressFraction(task.progress);
  const progress = progressText(task.progress);
  const error = m.errors.get(task.taskId);
  return (
    <div
      role="row"
      className={`grid cursor-pointer items-start border-b border-line ${selected ? 'bg-selected' : 'hover:bg-hover'}`}
      style={{ gridTemplateColumns: COLUMNS_VAR, minWidth }}
      onClick={() => m.select(selected ? null : task.taskId)}
      aria-selected={selected}
      data-testid="task-row"
      data-task-id={task.taskId}
      data-status={task.status}
      data-tool={task.tool ?? ''}
    >
      <div role="cell" className="min-w-0 overflow-hidden px-1.5 py-1">
        <TaskStatusBadge status={task.status} live={task.polling} />
      </div>
      <div role="cell" className="min-w-0 overflow-hidden px-1.5 py-1 font-mono text-[11px]">
        <div className="truncate" title={task.tool}>
          {task.tool ?? (
            <span className="text-subtle" title="Learned from tasks/list: mcpscope did not start it">
              (from tasks/list)
            </span>
          )}
        </div>
        <div className="truncate text-[10px] text-muted" title={task.taskId}>
          {task.taskId}
        </div>
      </div>
      <div role="cell" className="min-w-0 overflow-hidden px-1.5 py-1">
        <div className="truncate" title={task.statusMessage ?? task.error?.message}>
          {task.statusMessage ?? (task.error ? task.error.message : <span className="text-subtle">—</span>)}
        </div>
        {progress && (
          <div className="mt-0.5 flex min-w-0 items-center gap-1.5" title={task.progress?.message}>
            <div className="h-1.5 w-24 shrink-0 overflow-hidden rounded-full bg-raised">
              <div
                className={`h-full bg-accent ${fraction === undefined ? 'w-1/3 animate-pulse' : ''}`}
                style={fraction === undefined ? undefined : { width: `${fraction * 100}%` }}
              />
            </div>
            <span className="truncate text-[11px] text-muted tabular-nums">{progress}</span>
          </div>
        )}
        {error && (
          <div className="truncate text-[11px] text-danger" title={error}>
            {error}
          </div>
        )}
      </div>
      <div role="cell" className="min-w-0 truncate px-1.5 py-1 font-sans text-[11px] text-muted" title={task.lastUpdatedAt}>
        {ago(task.lastUpdatedAt, now) ?? '—'}
      </div>
      <div role="cell" className="min-w-0 truncate px-1.5 py-1 font-sans text-[11px] text-muted tabular-nums">
        {task.pollIntervalMs !== undefined ? `${task.pollIntervalMs} ms` : '—'} · {task.polls} poll{task.polls === 1 ? '' : 's'}
      </div>
    </div>
  );
}

import { ColumnHeaderRow } from '../../ui/columns/ColumnHeaderRow';
import { COLUMNS_VAR, useColumnWidths } from '../../ui/columns/useColumnWidths';
import { TaskStatusBadge } from '../../ui/TaskStatusBadge';
import { RECEIVER_TASK_COLUMNS } from './taskColumns';
import { ago, frameSearchable } from './taskRows';
import type { TasksViewModel } from './useTasksViewModel';

/** Tasks the server had mcpscope run (its sampling or elicitation requests sent with `params.task`), as the frames tell. */
export function ReceiverTasks({ m }: { m: TasksViewModel }) {
  const now = m.now();
  const cols = useColumnWidths('tasks', RECEIVER_TASK_COLUMNS);
  return (
    <section className="border-t-2 border-line" data-testid="receiver-tasks" style={cols.style}>
      <header
        className="bg-panel px-2 py-1 text-[11px] text-muted"
        title="2025-11-25 basic/utilities/tasks: the server sent a request with params.task; mcpscope answered with a task and the server polls it"
      >
        <span className="font-semibold text-fg">Run by mcpscope for the server</span> · the server's requests sent as tasks; it polls them
        with tasks/get and fetches the answer with tasks/result
      </header>
      <div role="table" aria-label="Tasks run by mcpscope for the server" className="text-left text-[12px]">
        <ColumnHeaderRow cols={cols} className="border-b border-line" />
        {m.receiverTasks.map((t) => (
          <div
            key={t.taskId}
            role="row"
            className="grid items-start border-b border-line"
            style={{ gridTemplateColumns: COLUMNS_VAR, minWidth: cols.minWidth }}
            data-testid="receiver-task-row"
            data-task-id={t.taskId}
            data-status={t.status}
            data-method={t.method ?? ''}
          >
            <div role="cell" className="min-w-0 overflow-hidden px-1.5 py-1">
              <TaskStatusBadge status={t.status} />
            </div>
            <div role="cell" className="min-w-0 overflow-hidden px-1.5 py-1 font-mono text-[11px]">
              <div className="truncate" title={t.method}>
                {t.method ?? '?'}
              </div>
              <div className="truncate text-[10px] text-muted" title={t.taskId}>
                {t.taskId}
              </div>
            </div>
            <div role="cell" className="min-w-0 overflow-hidden px-1.5 py-1">
              <div className="truncate" title={t.statusMessage}>
                {t.statusMessage ?? <span className="text-subtle">—</span>}
              </div>
              {frameSearchable(t.taskId) && (
                <button className="text-[11px] whitespace-nowrap text-accent hover:underline" onClick={() => m.showFrames(t.taskId)}>
                  Show its frames
                </button>
              )}
            </div>
            <div role="cell" className="min-w-0 truncate px-1.5 py-1 font-sans text-[11px] text-muted" title={t.lastUpdatedAt}>
              {ago(t.lastUpdatedAt, now) ?? '—'}
            </div>
            <div
              role="cell"
              className="min-w-0 truncate px-1.5 py-1 font-sans text-[11px] text-muted tabular-nums"
              data-testid="receiver-task-polls"
            >
              {t.serverPolls}
              {t.resultSent ? ' · result sent' : ''}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

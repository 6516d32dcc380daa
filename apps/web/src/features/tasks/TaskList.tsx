import type { TaskInfo } from '@mcpscope/wire';
import { TaskStatusBadge } from '../../ui/TaskStatusBadge';
import { ago, progressFraction, progressText } from './taskRows';
import type { TasksViewModel } from './useTasksViewModel';

/** One row per task, newest first; a click opens its detail. */
export function TaskList({ m }: { m: TasksViewModel }) {
  const now = m.now();
  if (m.rows.length === 0) {
    return <div className="p-3 text-xs text-muted" data-testid="tasks-none-match">No task matches this filter.</div>;
  }
  return (
    <div className="min-w-0">
      <table className="w-full text-left text-[12px]" data-testid="tasks-table">
        <thead className="sticky top-0 bg-panel text-[11px] text-muted">
          <tr>
            <th className="px-2 py-1 font-medium">Status</th>
            <th className="px-2 py-1 font-medium">Tool · task id</th>
            <th className="w-full px-2 py-1 font-medium">Message</th>
            <th className="px-2 py-1 font-medium whitespace-nowrap" title="lastUpdatedAt, as the server reported it">Updated</th>
            <th className="px-2 py-1 font-medium whitespace-nowrap" title="The poll interval the server suggests, and the tasks/get mcpscope sent">Polling</th>
          </tr>
        </thead>
        <tbody>
          {m.rows.map((t) => <Row key={t.taskId} task={t} m={m} now={now} />)}
        </tbody>
      </table>
    </div>
  );
}

function Row({ task, m, now }: { task: TaskInfo; m: TasksViewModel; now: number }) {
  const selected = m.selected?.taskId === task.taskId;
  const fraction = progressFraction(task.progress);
  const progress = progressText(task.progress);
  return (
    <tr
      className={`cursor-pointer border-t border-line align-top ${selected ? 'bg-selected' : 'hover:bg-hover'}`}
      onClick={() => m.select(selected ? null : task.taskId)}
      aria-selected={selected}
      data-testid="task-row"
      data-task-id={task.taskId}
      data-status={task.status}
      data-tool={task.tool ?? ''}
    >
      <td className="px-2 py-1"><TaskStatusBadge status={task.status} live={task.polling} /></td>
      <td className="max-w-[14rem] px-2 py-1 font-mono text-[11px]">
        <div className="truncate" title={task.tool}>{task.tool ?? <span className="text-subtle" title="Learned from tasks/list: mcpscope did not start it">(from tasks/list)</span>}</div>
        <div className="truncate text-[10px] text-muted" title={task.taskId}>{task.taskId}</div>
      </td>
      <td className="max-w-0 px-2 py-1">
        <div className="truncate" title={task.statusMessage}>{task.statusMessage ?? (task.error ? task.error.message : <span className="text-subtle">—</span>)}</div>
        {progress && (
          <div className="mt-0.5 flex items-center gap-1.5" title={task.progress?.message}>
            <div className="h-1.5 w-24 overflow-hidden rounded-full bg-raised">
              <div className={`h-full bg-accent ${fraction === undefined ? 'w-1/3 animate-pulse' : ''}`} style={fraction === undefined ? undefined : { width: `${fraction * 100}%` }} />
            </div>
            <span className="text-[11px] text-muted tabular-nums">{progress}</span>
          </div>
        )}
        {m.errors.get(task.taskId) && <div className="truncate text-[11px] text-danger">{m.errors.get(task.taskId)}</div>}
      </td>
      <td className="px-2 py-1 text-[11px] whitespace-nowrap text-muted" title={task.lastUpdatedAt}>{ago(task.lastUpdatedAt, now) ?? '—'}</td>
      <td className="px-2 py-1 text-[11px] whitespace-nowrap text-muted tabular-nums">
        {task.pollIntervalMs !== undefined ? `${task.pollIntervalMs} ms` : '—'} · {task.polls} poll{task.polls === 1 ? '' : 's'}
      </td>
    </tr>
  );
}

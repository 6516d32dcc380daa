import { useState } from 'react';
import { formatClock } from '../../lib/format';
import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import { TERMINAL } from './tasks';
import type { TasksModel } from './useTasksModel';

const STATUS_CLASS: Record<string, string> = {
  working: 'text-accent',
  input_required: 'text-warn',
  completed: 'text-ok',
  failed: 'text-danger',
  cancelled: 'text-muted',
};

/** Tasks the server runs for the client: list (where offered), get, cancel. */
export function TasksCard({ m }: { m: TasksModel }) {
  const [taskId, setTaskId] = useState('');
  const { support } = m;
  return (
    <div className="flex flex-col gap-1.5" data-testid="tasks-list" data-available={support.tasks.available}>
      {!support.tasks.available ? (
        <FeatureUnavailable feature="tasks" reason={support.tasks.reason ?? 'Tasks are not available'} compact />
      ) : (
        <p className="text-[11px] text-muted">
          {support.shape === 'legacy' ? 'Experimental tasks (2025-11-25, capabilities.tasks).' : 'Tasks extension io.modelcontextprotocol/tasks (2026-07-28).'}{' '}
          {support.list.available ? 'Listed with tasks/list, plus any seen in the frames.' : support.list.reason}
        </p>
      )}
      <div className="flex items-center gap-1">
        {support.list.available && (
          <button className="btn" onClick={m.list.refetch} disabled={m.list.isFetching} data-testid="tasks-refresh">
            {m.list.isFetching ? 'Listing…' : 'tasks/list'}
          </button>
        )}
        <input className="input flex-1 font-mono" placeholder="taskId" value={taskId} onChange={(e) => setTaskId(e.target.value)} aria-label="Task id" />
        <button className="btn" onClick={() => m.get(taskId.trim())} disabled={!taskId.trim() || !support.tasks.available}>
          tasks/get
        </button>
      </div>
      {m.list.error && <div className="text-[11px] text-danger" role="alert">tasks/list failed: {m.list.error.message}</div>}
      {m.rows.length === 0 ? (
        <div className="text-xs text-subtle">No tasks yet.</div>
      ) : (
        <table className="w-full text-left text-[11px]">
          <thead className="text-muted">
            <tr>
              <th className="font-medium">taskId</th>
              <th className="font-medium">status</th>
              <th className="font-medium">updated</th>
              <th className="font-medium">poll / ttl</th>
              <th className="font-medium">via</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {m.rows.map(({ task, source, error }) => (
              <tr key={task.taskId} className="border-t border-line align-top" data-testid="task-row" data-status={task.status}>
                <td className="max-w-40 truncate font-mono" title={task.taskId}>{task.taskId}</td>
                <td className={STATUS_CLASS[task.status] ?? ''}>
                  {task.status}
                  {task.statusMessage && <div className="text-muted">{task.statusMessage}</div>}
                  {error && <div className="text-danger">{error}</div>}
                </td>
                <td className="font-mono whitespace-nowrap text-muted" title={task.lastUpdatedAt}>
                  {task.lastUpdatedAt && !Number.isNaN(Date.parse(task.lastUpdatedAt)) ? formatClock(Date.parse(task.lastUpdatedAt)).slice(0, 8) : (task.lastUpdatedAt ?? '—')}
                </td>
                <td className="font-mono text-muted">
                  {task.pollIntervalMs ?? '—'} / {task.ttlMs === null ? '∞' : (task.ttlMs ?? '—')}
                </td>
                <td className="whitespace-nowrap text-muted">{source}</td>
                <td className="whitespace-nowrap">
                  <button className="btn btn-ghost h-5" onClick={() => m.get(task.taskId)} disabled={m.busy?.taskId === task.taskId}>
                    Get
                  </button>
                  <button
                    className="btn btn-ghost btn-danger h-5"
                    onClick={() => m.cancel(task.taskId)}
                    disabled={!support.cancel.available || TERMINAL.has(task.status) || m.busy?.taskId === task.taskId}
                    title={support.cancel.available ? (TERMINAL.has(task.status) ? 'The task already ended' : 'tasks/cancel') : support.cancel.reason}
                  >
                    Cancel
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

import { TaskStatusBadge } from '../../ui/TaskStatusBadge';
import { ago, frameSearchable } from './taskRows';
import type { TasksViewModel } from './useTasksViewModel';

/** Tasks the server had mcpscope run (its sampling or elicitation requests sent with `params.task`), as the frames tell. */
export function ReceiverTasks({ m }: { m: TasksViewModel }) {
  const now = m.now();
  return (
    <section className="border-t-2 border-line" data-testid="receiver-tasks">
      <header className="bg-panel px-2 py-1 text-[11px] text-muted" title="2025-11-25 basic/utilities/tasks: the server sent a request with params.task; mcpscope answered with a task and the server polls it">
        <span className="font-semibold text-fg">Run by mcpscope for the server</span> · the server's requests sent as tasks; it polls them with tasks/get and fetches the answer with tasks/result
      </header>
      <table className="w-full text-left text-[12px]">
        <thead className="text-[11px] text-muted">
          <tr>
            <th className="px-2 py-1 font-medium">Status</th>
            <th className="px-2 py-1 font-medium">Request · task id</th>
            <th className="w-full px-2 py-1 font-medium">Message</th>
            <th className="px-2 py-1 font-medium whitespace-nowrap">Updated</th>
            <th className="px-2 py-1 font-medium whitespace-nowrap" title="tasks/get the server sent; whether mcpscope answered its tasks/result">Server polls</th>
          </tr>
        </thead>
        <tbody>
          {m.receiverTasks.map((t) => (
            <tr key={t.taskId} className="border-t border-line align-top" data-testid="receiver-task-row" data-task-id={t.taskId} data-status={t.status} data-method={t.method ?? ''}>
              <td className="px-2 py-1"><TaskStatusBadge status={t.status} /></td>
              <td className="max-w-[14rem] px-2 py-1 font-mono text-[11px]">
                <div className="truncate" title={t.method}>{t.method ?? '?'}</div>
                <div className="truncate text-[10px] text-muted" title={t.taskId}>{t.taskId}</div>
              </td>
              <td className="max-w-0 px-2 py-1">
                <div className="truncate" title={t.statusMessage}>{t.statusMessage ?? <span className="text-subtle">—</span>}</div>
                {frameSearchable(t.taskId) && <button className="text-[11px] text-accent hover:underline" onClick={() => m.showFrames(t.taskId)}>Show its frames</button>}
              </td>
              <td className="px-2 py-1 text-[11px] whitespace-nowrap text-muted" title={t.lastUpdatedAt}>{ago(t.lastUpdatedAt, now) ?? '—'}</td>
              <td className="px-2 py-1 text-[11px] whitespace-nowrap text-muted tabular-nums" data-testid="receiver-task-polls">
                {t.serverPolls}{t.resultSent ? ' · result sent' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

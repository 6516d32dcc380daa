import { EmptyState } from '../../ui/EmptyState';
import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import type { TasksViewModel } from './useTasksViewModel';

/** No task yet: what tasks are, whether this server offers them, and how to start one. */
export function TasksEmpty({ m }: { m: TasksViewModel }) {
  const { support } = m;
  return (
    <EmptyState title="No tasks in this session yet" testId="tasks-empty">
      <p>
        A task lets a server run a long request in the background. The server answers the call at once with a task id; the client then asks
        for its status (<code>tasks/get</code>, at the interval the server suggests) until it is completed, failed or cancelled, and gets
        the result. While it runs the server may ask for input (status <em>input_required</em>), and the client can cancel it.
      </p>
      {!support.tasks.declared ? (
        <div className="mt-2">
          <FeatureUnavailable feature="tasks" reason={support.tasks.reason ?? 'The server did not declare tasks'} compact />
        </div>
      ) : support.generation === 'v2' ? (
        <p className="mt-2 text-fg">
          This server uses the tasks extension (2026-07-28): it decides per call whether to answer with a task. Call a tool in the Tools
          tab; if the server turns it into a task, it appears here and mcpscope follows it to the end.
        </p>
      ) : (
        <StartOne m={m} />
      )}
      {support.generation === 'v1' && support.list.available && (
        <p className="mt-2">
          The server also keeps a list of its tasks: <strong>List from server</strong> (above) sends <code>tasks/list</code>.
        </p>
      )}
    </EmptyState>
  );
}

function StartOne({ m }: { m: TasksViewModel }) {
  return (
    <div className="mt-2 text-fg">
      <p>
        To start one, open the Tools tab and call a tool that supports tasks: those with <code>execution.taskSupport</code> “optional” get a{' '}
        <strong>Run as task</strong> checkbox, “required” ones always run as a task.
      </p>
      {m.taskTools.length > 0 ? (
        <ul className="mt-1 flex flex-col gap-0.5" data-testid="tasks-empty-tools">
          {m.taskTools.map((t) => (
            <li key={t.name} className="flex items-center gap-2">
              <button
                className="font-mono text-accent hover:underline"
                onClick={() => m.openTool(t.name)}
                data-testid="tasks-empty-tool"
                data-name={t.name}
              >
                {t.name}
              </button>
              <span className="chip">{t.mode === 'required' ? 'task required' : 'task optional'}</span>
              {t.title && <span className="truncate text-muted">{t.title}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-muted">
          {m.toolsListed
            ? 'None of the listed tools supports tasks.'
            : 'Open the Tools tab to list the tools; the ones that support tasks are named here.'}
        </p>
      )}
    </div>
  );
}

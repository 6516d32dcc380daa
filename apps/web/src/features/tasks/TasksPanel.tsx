import { activeSessionStore } from '../../lib/uiState';
import { EmptyState } from '../../ui/EmptyState';
import { useValue } from '../../lib/valueStore';
import { TaskDetail } from './TaskDetail';
import { ReceiverTasks } from './ReceiverTasks';
import { TaskList } from './TaskList';
import { TasksEmpty } from './TasksEmpty';
import type { TaskFilter } from './taskRows';
import { useTasksViewModel, type TasksViewModel } from './useTasksViewModel';

/** The Tasks tab: the session's tasks with status, progress, polling and TTL; a detail with result or error; cancel; tasks/list on demand. */
export function TasksPanel() {
  const sessionId = useValue(activeSessionStore);
  const m = useTasksViewModel(sessionId);
  if (!sessionId) {
    return (
      <EmptyState title="No session selected" testId="tasks-no-session">
        <p>
          Connect to a server (or start the demo) in the sidebar, or select a session, to see the tasks it runs: long requests answered with
          a task id and followed until they end.
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="tasks-panel" data-generation={m.support.generation}>
      <Toolbar m={m} />
      {m.loadError && (
        <div className="border-b border-line bg-danger/5 px-2 py-1 text-[11px] text-danger" role="alert">
          Could not read the session's tasks from the proxy: {m.loadError.message}
        </div>
      )}
      {m.tasks.length === 0 && m.receiverTasks.length === 0 ? (
        <TasksEmpty m={m} />
      ) : (
        <div className="flex min-h-0 flex-1">
          <div className="flex min-w-0 flex-1 flex-col overflow-auto">
            {m.tasks.length > 0 ? (
              <TaskList m={m} />
            ) : (
              <p className="p-3 text-xs text-muted">No task started from mcpscope in this session.</p>
            )}
            {m.receiverTasks.length > 0 && <ReceiverTasks m={m} />}
          </div>
          {m.selected ? (
            <TaskDetail key={m.selected.taskId} m={m} task={m.selected} />
          ) : (
            m.missing && (
              <aside className="w-[46%] min-w-[300px] border-l border-line p-3 text-xs text-muted" data-testid="task-missing">
                Task <code>{m.missing}</code> is not known here yet: mcpscope learns of a task when the server answers the call that creates
                it.
              </aside>
            )
          )}
        </div>
      )}
    </div>
  );
}

const FILTERS: Array<{ id: TaskFilter; label: string; title: string }> = [
  { id: 'all', label: 'All', title: 'Every task of this session' },
  { id: 'active', label: 'Active', title: 'working or input_required' },
  { id: 'ended', label: 'Ended', title: 'completed, failed or cancelled' },
];

function Toolbar({ m }: { m: TasksViewModel }) {
  const { support, listing } = m;
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-line px-2 py-1 text-[12px]">
      <div className="flex items-center gap-0.5" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f.id}
            className="btn btn-ghost"
            aria-pressed={m.filter === f.id}
            title={f.title}
            onClick={() => m.setFilter(f.id)}
            data-testid={`tasks-filter-${f.id}`}
          >
            {f.label} <span className="text-muted tabular-nums">{m.counts[f.id]}</span>
          </button>
        ))}
      </div>
      <input
        className="input w-56"
        placeholder="Filter: task id, tool, status, message"
        value={m.search}
        onChange={(e) => m.setSearch(e.target.value)}
        aria-label="Filter tasks"
        data-testid="tasks-search"
      />
      <span className="flex-1" />
      <span
        className="text-[11px] text-subtle"
        title={
          support.generation === 'v2'
            ? 'capabilities.extensions["io.modelcontextprotocol/tasks"]'
            : 'capabilities.tasks (2025-11-25 basic/utilities/tasks)'
        }
      >
        {support.generation === 'v2' ? 'Tasks extension (2026-07-28)' : 'Experimental tasks (2025-11-25)'}
        {!support.tasks.declared && ' · not declared by the server'}
      </span>
      {support.generation === 'v1' && (
        <button
          className="btn"
          onClick={m.listFromServer}
          disabled={!support.list.available || listing.pending}
          title={
            support.list.available
              ? 'Send tasks/list: the tasks the server keeps for this client, including ones mcpscope did not start'
              : support.list.reason
          }
          data-testid="tasks-list-server"
        >
          {listing.pending ? 'Listing…' : 'List from server'}
        </button>
      )}
      {listing.next !== undefined && (
        <button
          className="btn btn-ghost"
          onClick={m.listMore}
          disabled={listing.pending}
          title="tasks/list with the nextCursor of the last page"
          data-testid="tasks-list-more"
        >
          Next page
        </button>
      )}
      {listing.pages > 0 && !listing.pending && (
        <span className="text-[11px] text-muted" data-testid="tasks-list-summary">
          tasks/list: {listing.last} on page {listing.pages}
          {listing.next === undefined ? ', no more' : ''}
        </span>
      )}
      {listing.error && (
        <span className="text-[11px] text-danger" role="alert">
          tasks/list failed: {listing.error.message}
        </span>
      )}
    </div>
  );
}

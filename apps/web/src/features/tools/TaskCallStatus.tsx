import type { TaskInfo } from '@mcpscope/wire';
import { tasksNavigation } from '../../lib/navigation';
import { TaskStatusBadge } from '../../ui/TaskStatusBadge';
import type { TaskControl } from './taskToggle';

/** The "Run as task" checkbox, locked on for a tool that requires it; or a note when there is none. */
export function RunAsTask({ task, disabled }: { task: TaskControl; disabled: boolean }) {
  if (!task.shown) {
    return task.note ? (
      <span
        className={`min-w-0 truncate text-[11px] ${task.note.tone === 'warn' ? 'text-warn' : 'text-subtle'}`}
        title={task.note.text}
        data-testid="tool-task-note"
        data-mode={task.mode}
      >
        {task.note.tone === 'warn' ? '⚠ ' : ''}
        {task.note.text}
      </span>
    ) : null;
  }
  return (
    <label
      className={`flex shrink-0 items-center gap-1 text-[11px] ${task.on ? 'text-fg' : 'text-muted'}`}
      title={task.reason}
      data-testid="tool-run-as-task"
      data-mode={task.mode}
    >
      <input
        type="checkbox"
        checked={task.on}
        disabled={task.locked || disabled}
        onChange={(e) => task.setOn(e.target.checked)}
        data-testid="tool-run-as-task-input"
      />
      Run as task
      {task.locked && <span className="chip">required by the tool</span>}
    </label>
  );
}

/**
 * While a call runs as a task: its id, status, status message and how mcpscope follows it
 * (poll interval, polls sent). Before the server answered the tools/call there is no task yet.
 */
export function RunningTask({ task, asTask }: { task: TaskInfo | undefined; asTask: boolean }) {
  if (!task) {
    return asTask ? (
      <div className="px-2 pb-1 text-[11px] text-muted" data-testid="tool-task-status" data-status="">
        Asking the server to create a task…
      </div>
    ) : null;
  }
  return (
    <div
      className="flex min-w-0 items-center gap-2 px-2 pb-1 text-[11px]"
      data-testid="tool-task-status"
      data-status={task.status}
      data-task-id={task.taskId}
    >
      <span className="shrink-0 text-muted">Task</span>
      <TaskLink task={task} />
      <TaskStatusBadge status={task.status} live={task.polling} />
      {task.statusMessage && (
        <span className="min-w-0 flex-1 truncate" title={task.statusMessage} data-testid="tool-task-message">
          {task.statusMessage}
        </span>
      )}
      {task.status === 'input_required' && (
        <span className="shrink-0 text-warn" title="Its elicitation or sampling request is in the server-request panel">
          waits for your answer
        </span>
      )}
      <span
        className="ml-auto shrink-0 text-muted tabular-nums"
        title="tasks/get polls mcpscope sent, at the interval the server suggested (spec: requestors SHOULD respect pollInterval)"
      >
        {task.polls} poll{task.polls === 1 ? '' : 's'}
        {task.pollIntervalMs !== undefined ? ` · every ${task.pollIntervalMs} ms` : ''}
      </span>
    </div>
  );
}

/** After a call that ran as a task: which task, how it ended, and a way to its details. */
export function FinishedTask({ task }: { task: TaskInfo }) {
  return (
    <div
      className="flex min-w-0 items-center gap-2 px-2 pb-1 text-[11px] text-muted"
      data-testid="tool-last-task"
      data-status={task.status}
      data-task-id={task.taskId}
    >
      <span className="shrink-0">Last call ran as task</span>
      <TaskLink task={task} />
      <TaskStatusBadge status={task.status} />
      {task.statusMessage && (
        <span className="min-w-0 flex-1 truncate" title={task.statusMessage}>
          {task.statusMessage}
        </span>
      )}
    </div>
  );
}

function TaskLink({ task }: { task: TaskInfo }) {
  return (
    <button
      className="max-w-[14rem] shrink-0 truncate font-mono text-accent hover:underline"
      title={`Open task ${task.taskId} in the Tasks tab`}
      onClick={() => tasksNavigation.showTask(task.taskId)}
      data-testid="tool-task-open"
    >
      {task.taskId}
    </button>
  );
}

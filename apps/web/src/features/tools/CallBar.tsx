import { formatDuration } from '../../lib/format';
import { useSessionAttention } from '../../lib/useSessionAttention';
import { FinishedTask, RunAsTask, RunningTask } from './TaskCallStatus';
import type { TaskControl } from './taskToggle';
import type { ArgsModel } from './useArgsModel';
import type { ToolCallModel } from './useToolCall';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export interface CallBarProps {
  args: ArgsModel;
  call: ToolCallModel;
  canCall: boolean;
  whyNot?: string;
  /** Set after a Call with invalid arguments: the problems are shown and "Send anyway" offered. */
  blocked: boolean;
  onCall: () => void;
  onCallAnyway: () => void;
  timeoutSec: number;
  setTimeoutSec: (n: number) => void;
  /** "Run as task" of the selected tool. */
  task?: TaskControl;
}

/** Call / Send anyway / Cancel, the timeout, "Run as task", and while running: progress, elapsed time and the task's status. */
export function CallBar({ args, call, canCall, whyNot, blocked, onCall, onCallAnyway, timeoutSec, setTimeoutSec, task }: CallBarProps) {
  const running = call.running;
  const waiting = useSessionAttention(running?.sessionId ?? null).items[0]?.text;
  const asTask = running?.asTask === true;
  const p = call.progress;
  const fraction = p?.total && p.total > 0 ? Math.min(1, p.progress / p.total) : undefined;
  return (
    <div className="shrink-0 border-t border-line bg-panel">
      {blocked && args.validation.status === 'invalid' && !running && (
        <div className="flex items-center gap-2 border-b border-line bg-danger/5 px-2 py-1 text-[11px]" role="alert">
          <span className="text-danger">
            The arguments do not match the inputSchema ({args.validation.issues.length} problem
            {args.validation.issues.length === 1 ? '' : 's'}, shown next to the fields).
          </span>
          <span className="flex-1" />
          <button
            className="btn"
            data-testid="tool-call-anyway"
            onClick={onCallAnyway}
            title="Send these arguments as they are: see how the server handles invalid input"
          >
            Send anyway
          </button>
        </div>
      )}
      <div className="flex items-center gap-2 px-2 py-1">
        {running ? (
          <button
            className="btn btn-danger"
            data-testid="tool-cancel"
            onClick={call.cancel}
            disabled={call.cancelling}
            title="Cancel (Escape)"
          >
            {call.cancelling ? 'Cancelling…' : 'Cancel'} <kbd className="text-[10px] opacity-70">Esc</kbd>
          </button>
        ) : (
          <button
            className="btn btn-primary"
            data-testid="tool-call"
            data-focus-fallback
            onClick={onCall}
            disabled={!canCall || args.validation.status === 'syntax'}
            title={whyNot ?? (args.validation.status === 'syntax' ? 'Fix the JSON first' : `Call (${isMac ? '⌘' : 'Ctrl'}+Enter)`)}
          >
            Call <kbd className="text-[10px] opacity-70">{isMac ? '⌘↵' : 'Ctrl↵'}</kbd>
          </button>
        )}
        <label
          className="flex shrink-0 items-center gap-1 text-[11px] text-muted"
          title={
            task?.on
              ? 'How long to wait for each request of the task (the tools/call, each tasks/get, tasks/result); the task itself may run longer'
              : 'How long to wait for the response; each progress notification restarts the wait'
          }
        >
          Timeout
          <input
            type="number"
            min={1}
            className="input w-16 tabular-nums"
            value={timeoutSec}
            onChange={(e) => setTimeoutSec(Math.max(1, Number(e.target.value) || 1))}
            data-testid="tool-timeout"
          />
          s
        </label>
        {task && <RunAsTask task={task} disabled={!!running} />}
        <span className="flex-1" />
        {running && (
          <span
            className="chip shrink-0 tabular-nums"
            data-testid="tool-elapsed"
            title={
              asTask
                ? 'Elapsed since the tools/call was sent'
                : `Elapsed; times out after ${formatDuration(call.timeoutLeftMs)} more without progress`
            }
          >
            {formatDuration(call.elapsedMs)}
          </span>
        )}
        {!canCall && whyNot && !running && <span className="text-[11px] text-warn">{whyNot}</span>}
      </div>
      {running && <RunningTask task={call.task} asTask={asTask} />}
      {!running && task?.lastTask && <FinishedTask task={task.lastTask} />}
      {running && (
        <div className="flex items-center gap-2 px-2 pb-1.5">
          <div
            className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-raised"
            data-testid="tool-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={p?.total ?? undefined}
            aria-valuenow={p?.progress}
            data-progress={p?.progress ?? ''}
            data-total={p?.total ?? ''}
          >
            <div
              className={`h-full bg-accent transition-[width] ${fraction === undefined ? 'w-1/3 animate-pulse' : ''}`}
              style={fraction === undefined ? undefined : { width: `${fraction * 100}%` }}
            />
          </div>
          <span className="shrink-0 text-[11px] text-muted tabular-nums" data-testid="tool-progress-text">
            {p
              ? `${p.progress}${p.total !== undefined ? ` / ${p.total}` : ''}`
              : asTask || call.task
                ? 'no progress reported; see the task status'
                : waiting
                  ? `waiting for you: ${waiting}`
                  : 'no progress reported yet'}
          </span>
          {p?.message && (
            <span className="max-w-[40%] truncate text-[11px] text-muted" title={p.message}>
              {p.message}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

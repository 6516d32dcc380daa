import { useState, type ReactNode } from 'react';
import type { TaskInfo } from '@mcpscope/wire';
import { isTerminalTaskStatus } from '@mcpscope/protocol';
import { CopyButton } from '../../ui/CopyButton';
import { ContentBlock } from '../../ui/content/ContentBlock';
import { JsonTree } from '../../ui/JsonTree';
import { TaskStatusBadge } from '../../ui/TaskStatusBadge';
import { ago, describeTtl, frameSearchable, progressFraction, progressText } from './taskRows';
import type { TasksViewModel } from './useTasksViewModel';

/** One task: what the server said about it, how mcpscope follows it, its result or error, and the actions. */
export function TaskDetail({ m, task }: { m: TasksViewModel; task: TaskInfo }) {
  const [raw, setRaw] = useState(false);
  const now = m.now();
  const ttl = describeTtl(task, now);
  const cancelBlocked = m.cancelBlocked(task);
  const busy = m.busy?.taskId === task.taskId ? m.busy.action : undefined;
  const ended = isTerminalTaskStatus(task.status);
  const hasOutcome = task.result !== undefined || task.error !== undefined;
  return (
    <aside
      className="flex w-[46%] min-w-[320px] flex-col border-l border-line"
      data-testid="task-detail"
      data-task-id={task.taskId}
      data-status={task.status}
    >
      <div className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-line bg-panel px-2 py-1 text-[12px]">
        <TaskStatusBadge status={task.status} live={task.polling} />
        <span className="min-w-0 flex-1 truncate font-mono text-[11px]" title={task.taskId}>
          {task.taskId}
        </span>
        {!ended && (
          <button
            className="btn btn-danger"
            onClick={() => m.cancel(task.taskId)}
            disabled={cancelBlocked !== undefined || busy !== undefined}
            title={cancelBlocked ?? 'Send tasks/cancel'}
            data-testid="task-cancel"
          >
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
        {!task.polling && !ended && (
          <button
            className="btn"
            onClick={() => m.refresh(task.taskId)}
            disabled={busy !== undefined}
            title="Send one tasks/get (mcpscope is not polling this task)"
            data-testid="task-refresh"
          >
            {busy === 'refresh' ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
        {!task.polling && !hasOutcome && task.status !== 'cancelled' && (
          <button
            className="btn"
            onClick={() => m.fetchResult(task.taskId)}
            disabled={busy !== undefined}
            title={
              task.generation === 'v1'
                ? 'Send tasks/result (it waits until the task ends)'
                : 'Send tasks/get: a finished task carries its result'
            }
            data-testid="task-fetch-result"
          >
            {busy === 'result' ? 'Waiting for the result…' : 'Get result'}
          </button>
        )}
        <CopyButton text={() => JSON.stringify(task, null, 2)} label="Copy JSON" />
        <button className="btn btn-ghost" onClick={() => m.select(null)} aria-label="Close detail">
          ✕
        </button>
      </div>
      {m.errors.get(task.taskId) && (
        <div className="border-b border-line bg-danger/5 px-2 py-1 text-[11px] text-danger" role="alert">
          {m.errors.get(task.taskId)}
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-auto p-2 text-[12px]">
        {task.statusMessage && (
          <p className="mb-2 whitespace-pre-wrap" data-testid="task-status-message">
            {task.statusMessage}
          </p>
        )}
        {task.status === 'input_required' && (
          <p className="mb-2 rounded border border-warn/50 bg-warn/10 px-2 py-1 text-[11px] text-warn">
            The server waits for input: its elicitation or sampling request is in the server-request panel. Answer it there, or cancel the
            task.
          </p>
        )}
        <Progress task={task} />
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-[12px]">
          <Field label="Tool">
            {task.tool ? (
              <button
                className="font-mono text-accent hover:underline"
                onClick={() => m.openTool(task.tool!)}
                title="Open the tool in the Tools tab"
              >
                {task.tool}
              </button>
            ) : (
              <span className="text-muted">unknown (learned from tasks/list)</span>
            )}
          </Field>
          <Field label="Created" title="createdAt, as the server sent it">
            {task.createdAt ?? '—'} {ago(task.createdAt, now) && <span className="text-muted">({ago(task.createdAt, now)})</span>}
          </Field>
          <Field label="Last updated" title="lastUpdatedAt, as the server sent it">
            {task.lastUpdatedAt ?? '—'}{' '}
            {ago(task.lastUpdatedAt, now) && <span className="text-muted">({ago(task.lastUpdatedAt, now)})</span>}
          </Field>
          <Field label="TTL" title="How long the server keeps the task after its creation">
            <span className={ttl.expired ? 'text-warn' : undefined} data-testid="task-ttl">
              {ttl.text}
            </span>
          </Field>
          <Field label="Poll interval" title="The interval the server suggests; mcpscope waits at least this long between tasks/get">
            {task.pollIntervalMs !== undefined ? `${task.pollIntervalMs} ms` : 'not suggested'}
          </Field>
          <Field label="mcpscope">
            <span data-testid="task-polling">
              {task.polling ? 'following it' : ended ? 'done' : 'not following it (Refresh sends one tasks/get)'} ·{' '}
              {task.polls === 1 ? 'one tasks/get' : `${task.polls} tasks/get`} sent
            </span>
          </Field>
          <Field label="Protocol">
            {task.generation === 'v2' ? 'tasks extension (2026-07-28)' : 'experimental tasks (2025-11-25)'} ·{' '}
            {task.source === 'call' ? 'started here' : 'from tasks/list'}
          </Field>
        </dl>
        {frameSearchable(task.taskId) && (
          <button className="btn btn-ghost mt-1 px-0 text-accent" onClick={() => m.showFrames(task.taskId)} data-testid="task-show-frames">
            Show its frames
          </button>
        )}
        <Outcome task={task} />
        <div className="mt-2 border-t border-line pt-1">
          <button className="btn btn-ghost px-0 text-muted" aria-pressed={raw} onClick={() => setRaw((r) => !r)}>
            {raw ? '▾' : '▸'} Everything mcpscope knows (JSON)
          </button>
          {raw && <JsonTree value={task} openDepth={2} />}
        </div>
      </div>
    </aside>
  );
}

function Field({ label, title, children }: { label: string; title?: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted" title={title}>
        {label}
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function Progress({ task }: { task: TaskInfo }) {
  const text = progressText(task.progress);
  if (!text) return null;
  const fraction = progressFraction(task.progress);
  return (
    <div
      className="mb-2 flex items-center gap-2"
      data-testid="task-progress"
      data-progress={task.progress?.progress}
      data-total={task.progress?.total ?? ''}
    >
      <div
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-raised"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={task.progress?.total}
        aria-valuenow={task.progress?.progress}
      >
        <div
          className={`h-full bg-accent ${fraction === undefined ? 'w-1/3 animate-pulse' : ''}`}
          style={fraction === undefined ? undefined : { width: `${fraction * 100}%` }}
        />
      </div>
      <span className="shrink-0 text-[11px] text-muted tabular-nums">{text}</span>
      {task.progress?.message && (
        <span className="max-w-[50%] truncate text-[11px] text-muted" title={task.progress.message}>
          {task.progress.message}
        </span>
      )}
    </div>
  );
}

/** The final CallToolResult (completed, or failed with isError) or the JSON-RPC error of a failed task. */
function Outcome({ task }: { task: TaskInfo }) {
  if (task.error) {
    return (
      <section className="mt-2 rounded border border-danger/50" data-testid="task-error">
        <header className="border-b border-danger/40 bg-danger/10 px-2 py-0.5 text-[11px] font-semibold text-danger">
          JSON-RPC error {task.error.code}: {task.error.message}
        </header>
        {task.error.data !== undefined && (
          <div className="p-2">
            <JsonTree value={task.error.data} rootName="data" />
          </div>
        )}
      </section>
    );
  }
  if (!task.result) {
    return isTerminalTaskStatus(task.status) ? (
      <p className="mt-2 text-[11px] text-muted">
        No result here: {task.status === 'cancelled' ? 'the task was cancelled' : 'mcpscope has not fetched it (Get result)'}.
      </p>
    ) : null;
  }
  const content = Array.isArray(task.result.content) ? task.result.content : [];
  const isError = task.result.isError === true;
  return (
    <section
      className={`mt-2 rounded border ${isError ? 'border-warn/50' : 'border-ok/40'}`}
      data-testid="task-result"
      data-is-error={isError}
    >
      <header
        className={`flex items-center gap-2 border-b px-2 py-0.5 text-[11px] font-semibold ${isError ? 'border-warn/40 bg-warn/10 text-warn' : 'border-ok/30 text-ok'}`}
      >
        {isError ? 'Result: the tool reported an error (isError: true)' : 'Result'}
        <span className="flex-1" />
        <CopyButton text={() => JSON.stringify(task.result, null, 2)} label="Copy" />
      </header>
      <div className="flex flex-col gap-2 p-2">
        {content.length === 0 && <p className="text-[11px] text-muted">No content blocks.</p>}
        {content.map((block, i) => (
          <ContentBlock key={i} block={block} />
        ))}
        {'structuredContent' in task.result && (
          <JsonTree value={task.result.structuredContent} rootName="structuredContent" openDepth={3} />
        )}
      </div>
    </section>
  );
}

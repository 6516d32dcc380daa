/** How each task status looks (2025-11-25 basic/utilities/tasks#task-status); unknown ones are shown as sent. */
const STATUS: Record<string, { label: string; cls: string; hint: string }> = {
  working: { label: 'working', cls: 'border-accent/50 text-accent', hint: 'The request is being processed' },
  input_required: {
    label: 'input required',
    cls: 'border-warn/60 bg-warn/10 text-warn',
    hint: 'The server waits for an answer from the client (an elicitation or sampling request)',
  },
  completed: { label: 'completed', cls: 'border-ok/50 text-ok', hint: 'Finished; the result is final' },
  failed: {
    label: 'failed',
    cls: 'border-danger/50 bg-danger/10 text-danger',
    hint: 'Ended without a result: a JSON-RPC error, or a tool result with isError: true',
  },
  cancelled: { label: 'cancelled', cls: 'border-line text-muted', hint: 'Cancelled before it finished' },
};

export function TaskStatusBadge({ status, live }: { status: string; live?: boolean }) {
  const s = Object.hasOwn(STATUS, status)
    ? STATUS[status]
    : { label: status, cls: 'border-line text-muted', hint: 'Not a status the spec defines' };
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded border px-1.5 whitespace-nowrap text-[11px] leading-4 ${s.cls}`}
      title={s.hint}
      data-testid="task-status"
      data-status={status}
    >
      {live && <span aria-hidden className="h-1.5 w-1.5 animate-pulse rounded-full bg-current" />}
      {s.label}
    </span>
  );
}

import { editInComposer } from '../../lib/composerPrefill';
import { formatClock, formatDuration } from '../../lib/format';
import { CopyButton } from '../../ui/CopyButton';
import type { ToolCallRecord } from './toolHistory';

const OUTCOME_CLS: Record<ToolCallRecord['outcome'], string> = {
  result: 'text-ok',
  'is-error': 'text-warn',
  'rpc-error': 'text-danger',
  cancelled: 'text-muted',
  timeout: 'text-danger',
  refused: 'text-danger',
  failed: 'text-danger',
};

/**
 * Earlier calls of the selected tool: load their arguments, re-run (replay: the same call again),
 * edit and replay (the tools/call in the Composer), or copy as a CLI command.
 */
export function ToolHistory({
  calls,
  onLoad,
  onRerun,
  cliCommand,
  onClear,
  canCall,
}: {
  calls: readonly ToolCallRecord[];
  onLoad: (c: ToolCallRecord) => void;
  onRerun: (c: ToolCallRecord) => void;
  cliCommand: (c: ToolCallRecord) => string;
  onClear: () => void;
  canCall: boolean;
}) {
  return (
    <div className="flex max-h-[40%] min-h-[72px] shrink-0 flex-col border-t border-line">
      <div className="flex shrink-0 items-center gap-2 bg-panel px-2 py-0.5">
        <span className="section-title px-0">History</span>
        <span className="text-[11px] text-subtle">
          {calls.length} call{calls.length === 1 ? '' : 's'} of this tool
        </span>
        <span className="flex-1" />
        {calls.length > 0 && (
          <button className="btn btn-ghost" onClick={onClear}>
            Clear
          </button>
        )}
      </div>
      <ul className="min-h-0 flex-1 overflow-auto">
        {calls.length === 0 && <li className="px-2 py-1 text-[11px] text-subtle">No calls yet.</li>}
        {calls.map((c) => (
          <li
            key={c.id}
            className="border-b border-line/60 px-2 py-0.5 text-[11px] hover:bg-hover"
            data-testid="tool-history-item"
            data-outcome={c.outcome}
          >
            {/* The actions wrap under the call in a narrow column instead of running off its edge. */}
            <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <span className="font-mono text-subtle tabular-nums">{formatClock(c.at)}</span>
              <span className={`shrink-0 ${OUTCOME_CLS[c.outcome]}`}>{c.outcome}</span>
              <span className="shrink-0 text-muted tabular-nums">{c.latencyMs !== undefined ? formatDuration(c.latencyMs) : ''}</span>
              <span className="min-w-0 flex-1 truncate text-subtle" title={c.summary}>
                {c.summary}
              </span>
              <span className="ml-auto flex shrink-0 items-center gap-1">
                <button
                  className="btn"
                  onClick={() => onRerun(c)}
                  disabled={!canCall}
                  title="Replay: load these arguments and call again"
                  data-testid="tool-history-rerun"
                >
                  ↻ Re-run
                </button>
                <EditButton call={c} />
                <CopyButton text={() => cliCommand(c)} label="CLI" title="Copy as a mcpscope call command line" testId="tool-copy-cli" />
              </span>
            </div>
            <button
              className="block w-full truncate text-left font-mono text-muted hover:text-fg"
              title={`Load these arguments:\n${c.argsText}`}
              onClick={() => onLoad(c)}
            >
              {compactArgs(c.argsText)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Edit and replay: the same tools/call, in the Composer, ready to edit and send. */
function EditButton({ call }: { call: ToolCallRecord }) {
  const args = parseArgs(call.argsText);
  return (
    <button
      className="btn"
      disabled={!args.ok}
      title={args.ok ? 'Edit and replay: open this tools/call in the Composer, ready to edit and send' : 'The arguments are not JSON'}
      data-testid="tool-history-edit"
      onClick={() =>
        args.ok &&
        editInComposer(
          call.sessionId,
          { method: 'tools/call', params: { name: call.tool, ...(args.value === undefined ? {} : { arguments: args.value }) } },
          false,
          `Tools history (${call.tool})`,
        )
      }
    >
      ✎ Edit
    </button>
  );
}

function parseArgs(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function compactArgs(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text)) ?? '';
  } catch {
    return text.replace(/\s+/g, ' ');
  }
}

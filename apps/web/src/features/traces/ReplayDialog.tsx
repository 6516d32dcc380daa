import { useState } from 'react';
import type { SessionConfigInput } from '@mcpscope/wire';
import { traceName } from '../../lib/sessionLabel';
import type { TraceSummary } from '../../lib/tracesApi';
import { draftFromRecorded, draftToConfig, parseArgv, visibleJson, argvText, type ReplayDraft } from './replayTarget';

interface Props {
  trace: TraceSummary;
  onCancel(): void;
  onConfirm(config: SessionConfigInput): void;
}

/**
 * Confirms the target of a replay before anything starts. It is prefilled with what the trace
 * recorded (its `config`, not its label) and editable; the note says it comes from a file that
 * anyone could have written. The trace's env is never used.
 */
export function ReplayDialog({ trace, onCancel, onConfirm }: Props) {
  const [draft, setDraft] = useState<ReplayDraft>(() => draftFromRecorded(trace.recorded));
  const result = draftToConfig(draft);
  const set = (patch: Partial<ReplayDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const argv = parseArgv(draft.argvText);
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-black/30 pt-[10vh]" onMouseDown={onCancel}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="replay-dialog-title"
        data-testid="replay-dialog"
        className="w-[min(640px,92vw)] rounded-md border border-line bg-surface p-3 text-xs shadow-2xl"
        onMouseDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onCancel())}
      >
        <h2 id="replay-dialog-title" className="mb-2 text-sm font-semibold">
          Replay {traceName(trace)}
        </h2>
        <p className="mb-2 rounded border border-warn/50 bg-warn/10 px-2 py-1 text-warn" data-testid="replay-note">
          This target comes from the trace file, which anyone could have written. Check it: a command runs on this computer with your
          permissions. The trace&apos;s environment variables are never applied.
        </p>
        <div className="mb-2 flex gap-3" role="radiogroup" aria-label="Target kind">
          {(['stdio', 'url'] as const).map((t) => (
            <label key={t} className="flex items-center gap-1">
              <input
                type="radio"
                name="replay-transport"
                checked={draft.transport === t}
                onChange={() => set({ transport: t })}
                data-testid={`replay-transport-${t}`}
              />
              {t === 'stdio' ? 'Command (stdio)' : 'URL (HTTP)'}
            </label>
          ))}
        </div>
        {draft.transport === 'stdio' ? (
          <>
            <label className="mb-1 block text-muted" htmlFor="replay-argv-input">
              Command line, exactly as run (a JSON array: the program, then each argument)
            </label>
            <textarea
              id="replay-argv-input"
              className="input mb-2 h-20 w-full font-mono"
              spellCheck={false}
              value={draft.argvText}
              onChange={(e) => set({ argvText: e.target.value })}
              data-testid="replay-argv-input"
            />
            <label className="mb-1 block text-muted" htmlFor="replay-cwd-input">
              Working directory (empty: mcpscope&apos;s own)
            </label>
            <input
              id="replay-cwd-input"
              className="input mb-2 w-full font-mono"
              spellCheck={false}
              value={draft.cwd}
              onChange={(e) => set({ cwd: e.target.value })}
              data-testid="replay-cwd-input"
            />
          </>
        ) : (
          <>
            <label className="mb-1 block text-muted" htmlFor="replay-url-input">
              Server URL
            </label>
            <input
              id="replay-url-input"
              className="input mb-2 w-full font-mono"
              spellCheck={false}
              value={draft.url}
              onChange={(e) => set({ url: e.target.value })}
              data-testid="replay-url-input"
            />
          </>
        )}
        <div className="mb-2 rounded border border-line bg-raised px-2 py-1 font-mono text-[11px]" data-testid="replay-will-run">
          <div className="text-muted">Will run:</div>
          {draft.transport === 'stdio' ? (
            <>
              <div>
                argv: <span data-testid="replay-argv">{argv.ok ? argvText(argv.argv) : '—'}</span>
              </div>
              <div>
                cwd: <span data-testid="replay-cwd">{draft.cwd.trim() ? visibleJson(draft.cwd) : "(mcpscope's working directory)"}</span>
              </div>
            </>
          ) : (
            <div>
              url: <span data-testid="replay-url">{visibleJson(draft.url.trim())}</span>
            </div>
          )}
        </div>
        {!result.ok && (
          <div className="mb-2 text-danger" role="alert" data-testid="replay-dialog-error">
            {result.error}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button className="btn h-7 px-3" onClick={onCancel} data-testid="replay-cancel" autoFocus>
            Cancel
          </button>
          <button
            className="btn btn-primary h-7 px-3"
            disabled={!result.ok}
            onClick={() => result.ok && onConfirm(result.config)}
            data-testid="replay-confirm"
          >
            Run replay
          </button>
        </div>
      </div>
    </div>
  );
}

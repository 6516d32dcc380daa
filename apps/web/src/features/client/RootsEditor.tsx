import { activeTabStore, frameFocusStore } from '../../lib/uiState';
import { suggestFileUri } from './roots';
import { useRootsModel } from './useRootsModel';

/** The roots the client exposes to the server, edited and saved (PUT /api/sessions/:id/roots). */
export function RootsEditor({ sessionId }: { sessionId: string | null }) {
  const m = useRootsModel(sessionId);
  const showFrame = (seq: number) => {
    if (!sessionId) return;
    frameFocusStore.set({ sessionId, seq });
    activeTabStore.set('frames');
  };
  return (
    <div className="flex flex-col gap-1.5" data-testid="roots-editor">
      <p className="text-[11px] text-muted">
        The directories the server may work in (spec client/roots; every URI MUST be file://). The server reads them with roots/list.
      </p>
      {m.loadError && (
        <div className="text-[11px] text-danger" role="alert">
          Could not load the roots: {m.loadError.message}
        </div>
      )}
      {m.rows.length === 0 && !m.loading && (
        <div className="text-xs text-subtle" data-testid="roots-empty">
          No roots: the server sees an empty list. “+ Add root” gives it a directory to work in (a file:// URI), sent when you save.
        </div>
      )}
      <ul className="flex flex-col gap-1">
        {m.rows.map((row) => {
          const error = m.errors[row.id];
          const suggestion = error ? suggestFileUri(row.uri) : null;
          return (
            <li key={row.id} data-testid="root-row" className="flex flex-col gap-0.5">
              <div className="flex items-center gap-1">
                <input
                  className={`input flex-[2] font-mono ${error ? 'border-danger' : ''}`}
                  value={row.uri}
                  placeholder="file:///path/to/project"
                  aria-label="Root URI"
                  aria-invalid={!!error}
                  onChange={(e) => m.update(row.id, { uri: e.target.value })}
                  data-testid="root-uri"
                />
                <input
                  className="input flex-1"
                  value={row.name}
                  placeholder="name (optional)"
                  aria-label="Root name"
                  onChange={(e) => m.update(row.id, { name: e.target.value })}
                  data-testid="root-name"
                />
                <button className="btn btn-ghost" onClick={() => m.remove(row.id)} aria-label="Remove root" title="Remove">
                  ✕
                </button>
              </div>
              {error && (
                <span className="text-[11px] text-danger">
                  {error}
                  {suggestion && (
                    <button className="ml-1 text-accent underline" onClick={() => m.update(row.id, { uri: suggestion })}>
                      use {suggestion}
                    </button>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex items-center gap-1.5">
        <button
          className="btn"
          onClick={m.add}
          disabled={!sessionId || m.blockedReason !== undefined}
          title={m.blockedReason}
          data-testid="roots-add"
        >
          + Add root
        </button>
        {m.dirty && (
          <button className="btn btn-ghost" onClick={m.reset}>
            Discard changes
          </button>
        )}
        <span className="flex-1" />
        <button className="btn btn-primary" onClick={m.save} disabled={!m.canSave} title={m.blockedReason} data-testid="roots-save">
          {m.saving ? 'Saving…' : 'Save roots'}
        </button>
      </div>
      <RootsSaveStatus m={m} showFrame={showFrame} />
    </div>
  );
}

function RootsSaveStatus({ m, showFrame }: { m: ReturnType<typeof useRootsModel>; showFrame: (seq: number) => void }) {
  if (m.saveError)
    return (
      <div className="text-[11px] text-danger" role="alert">
        Not saved: {m.saveError.message}
      </div>
    );
  if (m.savedAt === null) return null;
  return (
    <div className="text-[11px]" role="status" data-testid="roots-status">
      <span className="text-ok">✓ Saved.</span>{' '}
      {m.notice ? (
        <>
          <span className="font-mono">notifications/roots/list_changed</span> sent to the server{' '}
          <button className="text-accent underline" onClick={() => showFrame(m.notice!.seq)} data-testid="roots-notice">
            frame #{m.notice.seq}
          </button>
        </>
      ) : m.modern ? (
        <span className="text-muted">
          2026-07-28 has no roots/list_changed: the server gets the new list at its next roots/list input request.
        </span>
      ) : !m.connected ? (
        <span className="text-muted">Not connected: nothing was sent.</span>
      ) : (
        <span className="text-muted">Waiting for notifications/roots/list_changed…</span>
      )}
    </div>
  );
}

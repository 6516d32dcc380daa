import { useRef, useState, type ReactNode } from 'react';
import { formatBytes, formatDateTime } from '../../lib/format';
import type { TraceSummary } from '../../lib/tracesApi';
import { EmptyState } from '../../ui/EmptyState';
import { ReplayDialog } from './ReplayDialog';
import { ReplaySlot, replayAnnouncement } from './ReplayReport';
import { recordedLabel } from './replayTarget';
import { dragHasFiles, traceFilesOf } from './traceFiles';
import { useTracesModel, type TracesModel } from './useTracesModel';
import { sessionName, traceName } from '../../lib/sessionLabel';

export function TracesPanel() {
  const m = useTracesModel();
  const fileRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const errors = [m.listError, m.openError, m.exportError].filter((e): e is Error => e !== null);
  const replayed = m.traces.find((t) => t.id === m.replayTraceId);
  const slot = replayed && (
    <ReplaySlot
      traceName={traceName(replayed)}
      pair={m.replayReport?.pair ?? ''}
      running={m.replaying !== null}
      error={m.replayError}
      report={m.replayReport?.report ?? null}
      onShowSession={m.showReplaySession}
    />
  );
  return (
    <div
      className={`flex h-full min-h-0 flex-col ${over ? 'bg-accent/5' : ''}`}
      data-testid="trace-drop-zone"
      onDragOver={(e) => {
        if (!dragHasFiles(e.dataTransfer?.types)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation(); // handled here, not by the page-wide drop (TraceDropOverlay)
        setOver(false);
        m.upload(traceFilesOf(e.dataTransfer?.files ?? []));
      }}
    >
      <div className="flex h-9 shrink-0 items-center gap-2 border-b border-line px-2 text-xs">
        <button className="btn h-7 px-3" data-testid="trace-upload" onClick={() => fileRef.current?.click()} disabled={m.uploading}>
          {m.uploading ? 'Uploading…' : 'Upload trace…'}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".ndjson,.jsonl,.json,application/x-ndjson"
          multiple
          hidden
          data-testid="trace-file-input"
          onChange={(e) => (m.upload([...(e.target.files ?? [])]), (e.target.value = ''))}
        />
        <span className="text-muted">or drop NDJSON trace files anywhere on this page</span>
        <span className="flex-1" />
        <ExportBar m={m} />
      </div>
      {errors.map((err, i) => (
        <div key={i} className="border-b border-line bg-danger/5 px-2 py-1 text-xs text-danger" role="alert">
          {err.message}
        </div>
      ))}
      {m.uploadProblems.length > 0 && (
        <div className="border-b border-line bg-danger/5 px-2 py-1 text-xs text-danger" role="alert" data-testid="trace-upload-error">
          {m.uploadProblems.map((p) => (
            <div key={p}>{p}</div>
          ))}
          {m.uploadOpened.length > 0 && (
            <div className="text-muted">Opened as offline sessions (in the sessions list): {m.uploadOpened.join(', ')}.</div>
          )}
        </div>
      )}
      {m.uploadWarnings.map((w) => (
        <div key={w} data-testid="trace-warning" className="border-b border-line bg-warn/10 px-2 py-1 text-xs text-warn">
          {w}
        </div>
      ))}
      <div className="sr-only" role="status" data-testid="replay-status">
        {replayAnnouncement(
          replayed ? traceName(replayed) : undefined,
          m.replaying !== null,
          m.replayError,
          m.replayReport?.report ?? null,
          m.replayMarks,
        )}
      </div>
      <div className="flex min-h-0 flex-1 flex-col overflow-auto">
        {m.loading ? (
          <div className="p-6 text-center text-muted">Loading traces…</div>
        ) : m.traces.length === 0 ? (
          <TracesEmpty onPick={() => fileRef.current?.click()} />
        ) : (
          <ul aria-label="Saved traces" data-testid="trace-list">
            {m.traces.map((t) => (
              <TraceItem key={t.id} trace={t} m={m}>
                {t.id === replayed?.id && slot}
              </TraceItem>
            ))}
          </ul>
        )}
      </div>
      {m.replayAsk && (
        <ReplayDialog trace={m.replayAsk} onCancel={m.cancelReplay} onConfirm={(config) => m.confirmReplay(m.replayAsk!.id, config)} />
      )}
      {over && (
        <div className="pointer-events-none absolute inset-2 flex items-center justify-center rounded border-2 border-dashed border-accent text-accent">
          Drop to upload the trace
        </div>
      )}
    </div>
  );
}

function TracesEmpty({ onPick }: { onPick(): void }) {
  return (
    <EmptyState title="No traces yet" testId="traces-empty">
      <p className="mb-2">
        Every session is recorded: connect to a server (or start the demo) and its trace appears here, saved as NDJSON in mcpscope&apos;s
        traces folder (<code className="font-mono">--traces-dir</code> picks another).{' '}
        <code className="font-mono">mcpscope wrap --record file.ndjson -- &lt;server&gt;</code> records what a host (Claude Desktop, Cursor)
        and its server say to each other.
      </p>
      <p className="mb-2">
        To look at a trace from elsewhere (a CI run, a colleague), drop the .ndjson file anywhere on this page or upload it: it opens
        read-only, offline.
      </p>
      <button className="btn" onClick={onPick} data-testid="traces-empty-upload">
        Upload a trace…
      </button>
    </EmptyState>
  );
}

function TraceItem({ trace: t, m, children }: { trace: TraceSummary; m: TracesModel; children?: ReactNode }) {
  const date = new Date(t.createdAt);
  return (
    <li data-testid="trace-item" data-id={t.id} className="border-b border-line/60 text-xs">
      <div className="flex items-center gap-2 px-2 py-1.5 hover:bg-hover">
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-1.5">
            <span className="truncate font-medium" title={t.id} data-testid="trace-name">
              {traceName(t)}
            </span>
            {t.live && (
              <span className="chip border-ok/50 text-ok" data-testid="trace-live" title="Its session is still open and recording">
                live
              </span>
            )}
            <span className="chip">{t.session.transport}</span>
          </div>
          {/* What a replay would run (the recorded config), not the trace's own label, which may differ. */}
          <div className="truncate font-mono text-[11px] text-subtle" title={recordedLabel(t.recorded)} data-testid="trace-target">
            {recordedLabel(t.recorded)}
          </div>
        </div>
        <span className="shrink-0 tabular-nums text-muted">{formatBytes(t.size)}</span>
        <span className="w-44 shrink-0 whitespace-nowrap text-right tabular-nums text-muted" title={t.createdAt}>
          {Number.isNaN(date.getTime()) ? t.createdAt : formatDateTime(date.getTime())}
        </span>
        <button
          className="btn h-6 px-2"
          data-testid="trace-open"
          disabled={m.opening === t.id}
          onClick={() => m.open(t.id)}
          title="Open as a read-only offline session"
        >
          Open
        </button>
        <button
          className="btn h-6 px-2"
          data-testid="replay-run"
          disabled={m.replaying !== null}
          onClick={() => m.replay(t)}
          title="Send its requests to a server again and diff the answers (you confirm the target first)"
        >
          {m.replaying === t.id ? 'Replaying…' : 'Replay'}
        </button>
        <button
          className="btn h-6 px-2"
          data-testid="trace-download"
          onClick={() => void m.download(t.id)}
          title="Download the NDJSON file"
        >
          Download
        </button>
      </div>
      {children}
    </li>
  );
}

function ExportBar({ m }: { m: TracesModel }) {
  const none = m.active ? undefined : 'No session is selected';
  return (
    <span className="flex items-center gap-1" title={m.active ? `Export ${sessionName(m.active)}` : none}>
      <span className="text-muted">Export session:</span>
      <button
        className="btn h-6 px-2"
        data-testid="export-ndjson"
        disabled={!m.active}
        title={none}
        onClick={() => void m.exportSession('ndjson')}
      >
        NDJSON
      </button>
      <button
        className="btn h-6 px-2"
        data-testid="export-json"
        disabled={!m.active}
        title={none}
        onClick={() => void m.exportSession('json')}
      >
        JSON
      </button>
      <button
        className="btn h-6 px-2"
        data-testid="export-har"
        disabled={!m.active || Boolean(m.harReason)}
        title={none ?? m.harReason}
        onClick={() => void m.exportSession('har')}
      >
        HAR
      </button>
      <button
        className="btn h-6 px-2"
        data-testid="export-otlp"
        disabled={!m.active}
        title={
          none ??
          'OpenTelemetry OTLP/JSON: the session as spans by the MCP semantic conventions, with the server spans it recorded (Jaeger and Grafana Tempo import it)'
        }
        onClick={() => void m.exportSession('otlp')}
      >
        OTLP
      </button>
    </span>
  );
}

import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { SpanList } from '../../ui/spans/SpanList';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { useSpansModel, type SpansModel } from './useSpansModel';

/**
 * The session as an OpenTelemetry trace: its trace id, the trace-context switch, the OTLP export's
 * state, the server-span receiver, and the spans the server sent — under the request each belongs
 * to, then those that belong to none.
 */
export function SpansPanel() {
  const m = useSpansModel(useValue(activeSessionStore));
  if (!m.sessionId || !m.session) {
    return (
      <EmptyState title="No session selected" testId="spans-no-session">
        <p>Select a session to see it as an OpenTelemetry trace, and the spans its server sends to mcpscope.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="spans">
      <Header m={m} />
      <div className="min-h-0 flex-1 overflow-auto px-2 py-1">
        {m.total === 0 ? (
          <EmptyState title="No server spans" testId="spans-empty">
            <p>
              A server instrumented with OpenTelemetry can send its spans here: turn on “Collect server spans” (the Connect form, for a
              stdio server; above, for one already running) and “Send trace context”, then call a tool. Its spans appear under that request
              here, in the Timeline and in the frame’s detail.
            </p>
          </EmptyState>
        ) : (
          <>
            {m.groups.map((g) => (
              <section key={g.requestSeq} className="mb-2" data-testid="spans-request" data-request-seq={g.requestSeq}>
                <button
                  type="button"
                  className="font-mono text-[12px] font-semibold text-accent hover:underline"
                  onClick={() => m.openRequest(g.requestSeq)}
                  title="Open the request in Frames"
                >
                  #{g.requestSeq} {g.label}
                </button>
                <SpanList nodes={g.nodes} />
              </section>
            ))}
            {m.loose.length > 0 && (
              <section data-testid="spans-loose">
                <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">
                  Not under a request of this session ({m.loose.length})
                </h3>
                <SpanList nodes={m.loose} />
              </section>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function Header({ m }: { m: SpansModel }) {
  const otel = m.otel;
  const exportState = otel?.export;
  return (
    <div className="shrink-0 space-y-1 border-b border-line px-2 py-1 text-[12px]">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {otel && (
          <span data-testid="spans-trace-id">
            trace <span className="font-mono">{otel.traceId}</span>{' '}
            <CopyButton text={() => otel.traceId} label="Copy" title="Copy the trace id" />
          </span>
        )}
        <label
          className="flex items-center gap-1"
          title="Requests sent from now on carry a W3C traceparent in params._meta (marked in the frame log as added by mcpscope)"
        >
          <input
            type="checkbox"
            data-testid="spans-trace-context"
            disabled={!m.live || m.traceContextPending}
            checked={otel?.traceContext ?? false}
            onChange={(e) => m.setTraceContext(e.target.checked)}
          />
          Send trace context
        </label>
        <span
          data-testid="spans-export"
          data-state={exportState?.state ?? 'off'}
          className={exportState?.state === 'failing' ? 'text-danger' : 'text-muted'}
          title={exportState?.error}
        >
          {exportState
            ? `OTLP export to ${exportState.endpoint}: ${exportState.state === 'failing' ? `failing (${exportState.error ?? 'no answer'})` : exportState.state}`
            : 'OTLP export off (start mcpscope with --otlp-endpoint or OTEL_EXPORTER_OTLP_ENDPOINT)'}
        </span>
        <span className="flex-1" />
        <span className="text-muted tabular-nums" data-testid="spans-count">
          {m.total} server span{m.total === 1 ? '' : 's'}
        </span>
      </div>
      <Receiver m={m} />
    </div>
  );
}

function Receiver({ m }: { m: SpansModel }) {
  const reply = m.collectReply;
  if (reply) {
    const env = Object.entries(reply.env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    return (
      <div data-testid="spans-receiver" className="rounded border border-line p-1">
        <div className="text-muted">
          Point the server's OpenTelemetry SDK here (OTLP/HTTP, JSON or protobuf); the secret is this session's:
        </div>
        <pre className="overflow-auto font-mono text-[11px]">{env}</pre>
        <CopyButton text={() => env} label="Copy the variables" />
      </div>
    );
  }
  if (m.otel?.serverSpans)
    return (
      <div className="text-muted" data-testid="spans-receiver">
        Collecting this session's server spans.
      </div>
    );
  return (
    <div className="flex items-center gap-2">
      <button className="btn h-6" data-testid="spans-collect" disabled={!m.live || m.collectPending} onClick={m.collect}>
        Collect server spans
      </button>
      <span className="text-muted">for a server already running (an HTTP one): shows where it sends its spans.</span>
      {m.collectError && <span className="text-danger">{m.collectError.message}</span>}
    </div>
  );
}

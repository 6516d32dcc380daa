import { useState, type ReactNode } from 'react';
import { CapabilitiesPopover } from './CapabilitiesPopover';
import { CapsChips } from './CapsChips';
import { useStatusModel } from './useStatusModel';

const SOCKET_LABEL = { connecting: 'connecting…', open: 'live', reconnecting: 'reconnecting…', closed: 'offline' } as const;

/**
 * The active session in a devtools status bar. Nothing is clipped: the capability chips give
 * way to "+N" as the room shrinks, a long server name truncates (full text in its tooltip), and
 * on a very narrow window the bar wraps to a second line rather than hide the pid.
 */
export function StatusBar() {
  const m = useStatusModel();
  const s = m.session;
  const [capsOpen, setCapsOpen] = useState(false);
  return (
    <div
      className="relative flex min-h-9 shrink-0 flex-wrap items-center gap-x-3 gap-y-0.5 border-b border-line bg-panel px-2 py-1 whitespace-nowrap"
      data-testid="status-bar"
    >
      {s ? (
        <>
          <Item label="state">
            <span data-testid="status-state" className={stateColor(s.state)}>
              {s.state}
            </span>
          </Item>
          {m.notes
            .filter((n) => n.kind !== 'era-fallback')
            .map((n) => (
              <span
                key={n.kind}
                className={`chip max-w-[24rem] min-w-0 shrink truncate ${n.tone === 'warn' ? 'border-warn/50 text-warn' : 'text-muted'}`}
                title={n.title}
                data-testid={`status-note-${n.kind}`}
              >
                {n.text}
              </span>
            ))}
          {s.offline && (
            <span className="chip shrink-0" title="Opened from a trace file: read-only" data-testid="status-offline">
              offline trace
            </span>
          )}
          {s.pid !== undefined && (
            <Item label="pid">
              <span className="font-mono" data-testid="status-pid">
                {s.pid}
              </span>
            </Item>
          )}
          <Item label="era">
            <span data-testid="status-era" className={s.era === 'modern' ? 'text-accent' : ''} title={s.eraFallback?.reason}>
              {s.era ?? '—'}
            </span>
          </Item>
          {s.eraFallback && (
            // Why the probe led to the legacy handshake (`server/discover answered HTTP 500 → legacy initialize`).
            <span
              className="max-w-[26rem] min-w-0 shrink truncate text-[11px] text-muted"
              title={s.eraFallback.reason}
              data-testid="status-era-reason"
            >
              {s.eraFallback.reason}
            </span>
          )}
          <Item label="protocol">
            <span data-testid="status-version" className="font-mono">
              {s.protocolVersion ?? '—'}
            </span>
          </Item>
          <span className="flex max-w-[22rem] min-w-0 items-center gap-1">
            <span className="shrink-0 text-subtle">server</span>
            <span data-testid="status-server" className="min-w-0 truncate font-mono" title={m.server}>
              {m.server ?? '—'}
            </span>
          </span>
          {s.mcpSessionId && (
            <Item label="mcp-session-id">
              <span className="font-mono" title={s.mcpSessionId}>
                {s.mcpSessionId.length > 14 ? `${s.mcpSessionId.slice(0, 12)}…` : s.mcpSessionId}
              </span>
            </Item>
          )}
          {s.wrapped && (
            <span className="chip shrink-0 text-accent" title="Started with `mcpscope wrap`: another client is driving this server">
              wrapped
            </span>
          )}
          {s.otel?.traceContext && (
            <span
              className="chip shrink-0"
              title="Requests carry W3C trace context in params._meta (Spans view)"
              data-testid="status-trace-context"
            >
              traceparent
            </span>
          )}
          {s.otel?.export?.state === 'failing' && (
            <span
              className="chip shrink-0 text-danger"
              data-testid="status-otlp-failing"
              title={`The OTLP export to ${s.otel.export.endpoint} fails (${s.otel.export.error ?? 'no answer'}): spans are dropped while it does; the session itself loses nothing`}
            >
              OTLP export failing
            </span>
          )}
          <CapsChips caps={m.capabilities} onOpen={() => setCapsOpen((o) => !o)} />
        </>
      ) : (
        <span className="flex-1 text-subtle">No session selected</span>
      )}
      {m.invalidMessages > 0 && (
        <span className="shrink-0 text-warn" title="Socket messages that failed validation were dropped">
          {m.invalidMessages} invalid msgs
        </span>
      )}
      <span
        className="ml-auto flex shrink-0 items-center gap-1 text-muted"
        title={m.socketDetail ?? 'Event stream from the mcpscope proxy'}
        data-testid="socket-status"
        data-status={m.socket}
      >
        <span
          className={`h-1.5 w-1.5 rounded-full ${m.socket === 'open' ? 'bg-ok' : m.socket === 'closed' ? 'bg-danger' : 'bg-warn animate-pulse'}`}
        />
        {m.socket === 'open' && !m.ready ? 'loading backlog…' : SOCKET_LABEL[m.socket]}
      </span>
      {capsOpen && s && (
        <CapabilitiesPopover
          server={s.serverCapabilities}
          client={s.clientCapabilities}
          instructions={s.instructions}
          onClose={() => setCapsOpen(false)}
        />
      )}
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="flex shrink-0 items-center gap-1">
      <span className="text-subtle">{label}</span>
      {children}
    </span>
  );
}

function stateColor(state: string): string {
  return state === 'connected' ? 'text-ok' : state === 'failed' ? 'text-danger' : state === 'connecting' ? 'text-warn' : 'text-muted';
}

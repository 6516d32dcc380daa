import { useEffect, useRef, useState, type ReactNode } from 'react';
import { JsonTree } from '../../ui/JsonTree';
import { useStatusModel } from './useStatusModel';

const SOCKET_LABEL = { connecting: 'connecting…', open: 'live', reconnecting: 'reconnecting…', closed: 'offline' } as const;

/** One dense line describing the active session, as a devtools status bar. */
export function StatusBar() {
  const m = useStatusModel();
  const s = m.session;
  const [capsOpen, setCapsOpen] = useState(false);
  return (
    <div className="relative flex h-7 shrink-0 items-center gap-3 overflow-x-auto border-b border-line bg-panel px-2 whitespace-nowrap" data-testid="status-bar">
      {s ? (
        <>
          <Item label="state"><span data-testid="status-state" className={stateColor(s.state)}>{s.state}</span></Item>
          <Item label="era">
            <span data-testid="status-era" className={s.era === 'modern' ? 'text-accent' : ''}>{s.era ?? '—'}</span>
          </Item>
          <Item label="protocol"><span data-testid="status-version" className="font-mono">{s.protocolVersion ?? '—'}</span></Item>
          <Item label="server"><span data-testid="status-server" className="font-mono">{m.server ?? '—'}</span></Item>
          <div className="flex items-center gap-1">
            <span className="text-subtle">caps</span>
            <button className="flex items-center gap-0.5" onClick={() => setCapsOpen((o) => !o)} title="Show the full capabilities of both sides" data-testid="status-caps">
              {m.capabilities.length === 0 && <span className="chip">none</span>}
              {m.capabilities.map((c) => (
                <span key={c.name} className="chip hover:border-accent hover:text-fg" title={c.flags.length ? `${c.name}: ${c.flags.join(', ')}` : c.name}>
                  {c.name}
                  {c.flags.length > 0 && <span className="ml-0.5 text-subtle">+</span>}
                </span>
              ))}
            </button>
          </div>
          {s.mcpSessionId && <Item label="mcp-session-id"><span className="font-mono" title={s.mcpSessionId}>{s.mcpSessionId.length > 14 ? `${s.mcpSessionId.slice(0, 12)}…` : s.mcpSessionId}</span></Item>}
          {s.pid !== undefined && <Item label="pid"><span className="font-mono">{s.pid}</span></Item>}
          {s.wrapped && <span className="chip text-accent" title="Started with `mcpscope wrap`: another client is driving this server">wrapped</span>}
        </>
      ) : (
        <span className="text-subtle">No session selected</span>
      )}
      <span className="flex-1" />
      {m.invalidMessages > 0 && <span className="text-warn" title="Socket messages that failed validation were dropped">{m.invalidMessages} invalid msgs</span>}
      <span className="flex items-center gap-1 text-muted" title={m.socketDetail ?? 'Event stream from the mcpscope proxy'} data-testid="socket-status" data-status={m.socket}>
        <span className={`h-1.5 w-1.5 rounded-full ${m.socket === 'open' ? 'bg-ok' : m.socket === 'closed' ? 'bg-danger' : 'bg-warn animate-pulse'}`} />
        {m.socket === 'open' && !m.ready ? 'loading backlog…' : SOCKET_LABEL[m.socket]}
      </span>
      {capsOpen && s && <CapabilitiesPopover server={s.serverCapabilities} client={s.clientCapabilities} instructions={s.instructions} onClose={() => setCapsOpen(false)} />}
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="flex items-center gap-1">
      <span className="text-subtle">{label}</span>
      {children}
    </span>
  );
}

function stateColor(state: string): string {
  return state === 'connected' ? 'text-ok' : state === 'failed' ? 'text-danger' : state === 'connecting' ? 'text-warn' : 'text-muted';
}

function CapabilitiesPopover(props: { server?: unknown; client?: unknown; instructions?: string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { onClose } = props;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    const onDown = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && onClose();
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onDown);
    };
  }, [onClose]);
  return (
    <div ref={ref} className="fixed top-16 right-4 z-50 flex max-h-[70vh] w-[560px] max-w-[90vw] flex-col overflow-hidden rounded-md border border-line bg-surface shadow-xl" data-testid="capabilities-popover" role="dialog" aria-label="Capabilities">
      <div className="flex items-center border-b border-line px-3 py-1.5 font-semibold">
        Capabilities <span className="flex-1" />
        <button className="text-subtle hover:text-fg" onClick={onClose} aria-label="Close">✕</button>
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-2 gap-0 overflow-auto whitespace-normal">
        <section className="border-r border-line p-2">
          <div className="mb-1 text-[11px] font-semibold text-muted uppercase">Server</div>
          <JsonTree value={props.server ?? {}} openDepth={Infinity} />
        </section>
        <section className="p-2">
          <div className="mb-1 text-[11px] font-semibold text-muted uppercase">Client (mcpscope)</div>
          <JsonTree value={props.client ?? {}} openDepth={Infinity} />
        </section>
      </div>
      {props.instructions && (
        <div className="max-h-40 overflow-auto border-t border-line p-2 whitespace-pre-wrap">
          <div className="mb-1 text-[11px] font-semibold text-muted uppercase">Server instructions</div>
          {props.instructions}
        </div>
      )}
    </div>
  );
}

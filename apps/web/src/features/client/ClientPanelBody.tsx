import type { ReactNode } from 'react';
import { useStoreSelector } from '../../lib/services';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { navigate } from '../../lib/navigation';
import { EmptyState } from '../../ui/EmptyState';
import { PingCard } from './PingCard';
import { RootsEditor } from './RootsEditor';
import { ServerRequestsCard } from './ServerRequestsCard';
import { useClientRequestLog } from './useClientRequestLog';
import { usePingModel } from './usePingModel';

/**
 * The Client tab: what mcpscope does as the MCP client — answering the server's requests
 * (sampling, elicitation, roots, ping), the roots it exposes and pings both ways. Tasks have
 * their own tab (features/tasks); this tab only points there and sends nothing about them.
 */
export default function ClientPanelBody() {
  const sessionId = useValue(activeSessionStore);
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const pending = useStoreSelector((s) => s.pending);
  const history = useClientRequestLog(sessionId);
  const ping = usePingModel(sessionId, history);
  if (!sessionId) {
    return (
      <EmptyState title="No session selected" testId="client-empty">
        <p>
          Connect to a server (or start the demo) in the sidebar: what mcpscope does as its client — the server's requests answered, roots,
          pings — is shown here.
        </p>
      </EmptyState>
    );
  }
  const caps = session?.clientCapabilities ?? {};
  return (
    <div className="min-h-0 flex-1 overflow-auto p-2" data-testid="client-panel">
      <div className="mb-2 flex flex-wrap items-center gap-1 text-[11px] text-muted">
        <span>mcpscope declares:</span>
        {Object.keys(caps).length === 0 ? (
          <span className="text-subtle">(not connected yet)</span>
        ) : (
          Object.entries(caps).map(([k, v]) => <CapChip key={k} name={k} value={v} />)
        )}
        <span className="ml-2">era {session?.era ?? '?'}</span>
      </div>
      <div className="grid grid-cols-1 gap-2 xl:grid-cols-2">
        <Card title="Requests from the server">
          <ServerRequestsCard sessionId={sessionId} pending={pending.filter((r) => r.sessionId === sessionId)} history={history} />
        </Card>
        <Card title="Roots">
          <RootsEditor sessionId={sessionId} />
        </Card>
        <Card title="Ping">
          <PingCard m={ping} />
        </Card>
        <Card title="Tasks">
          <p className="text-xs text-muted" data-testid="client-tasks-pointer">
            Tasks the server runs for mcpscope, and those mcpscope runs for the server, are in the{' '}
            <button className="text-accent hover:underline" onClick={() => navigate('tasks')}>
              Tasks tab
            </button>
            .
          </p>
        </Card>
      </div>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded border border-line bg-panel">
      <h2 className="section-title border-b border-line">{title}</h2>
      <div className="p-2">{children}</div>
    </section>
  );
}

function CapChip({ name, value }: { name: string; value: unknown }) {
  const subs = value && typeof value === 'object' ? Object.keys(value) : [];
  return (
    <span className="chip" title={JSON.stringify(value)}>
      {name}
      {subs.length > 0 && <span className="text-subtle"> ({subs.join(', ')})</span>}
    </span>
  );
}

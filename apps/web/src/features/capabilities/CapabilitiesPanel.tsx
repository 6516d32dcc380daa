import { knownConsequence, type CapabilitySide } from '../../lib/capabilities';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { EmptyState } from '../../ui/EmptyState';
import { JsonView } from '../../ui/JsonView';
import { navigate } from '../../lib/navigation';
import type { CapabilityRow } from './capabilityRows';
import { useCapabilitiesModel } from './useCapabilitiesModel';

/** What each side declared, feature by feature, with what a missing one disables; and the raw JSON. */
export function CapabilitiesPanel() {
  const sessionId = useValue(activeSessionStore);
  const m = useCapabilitiesModel(sessionId);
  if (!sessionId || !m.session) {
    return (
      <EmptyState title="No session selected" testId="capabilities-empty">
        <p>
          Connect to a server (or start the demo) in the sidebar: what it and mcpscope declared in the handshake is shown here, feature by
          feature.
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="flex h-full min-h-0">
      <div className="min-w-0 flex-1 overflow-auto p-2">
        <p className="mb-2 text-[12px] text-muted">
          {m.era === 'modern'
            ? 'Discovered with server/discover (2026-07-28).'
            : m.era === 'legacy'
              ? 'Negotiated in initialize (legacy era).'
              : 'Era not known yet.'}{' '}
          {m.session.protocolVersion && (
            <>
              Protocol <code className="text-fg">{m.session.protocolVersion}</code>.{' '}
            </>
          )}
          Features the server did not declare are disabled in the other tabs, with the reason.
        </p>
        {m.known ? (
          <>
            <CapabilityTable side="server" rows={m.serverRows} />
            <CapabilityTable side="client" rows={m.clientRows} />
          </>
        ) : (
          <EmptyState title={`No capabilities yet: the session is ${m.session.state}`} testId="capabilities-empty">
            <p>
              Both sides declare their capabilities in the handshake (initialize, or server/discover on 2026-07-28); they show here once it
              completes.
              {m.session.state === 'failed' || m.session.state === 'closed'
                ? " It did not: the Console tab shows the server's stderr and how it exited."
                : ''}
            </p>
            {(m.session.state === 'failed' || m.session.state === 'closed') && (
              <button className="btn mt-2" onClick={() => navigate('console')}>
                Open the Console
              </button>
            )}
          </EmptyState>
        )}
        {m.session.instructions && (
          <section className="mt-3">
            <h3 className="section-title px-0">Server instructions</h3>
            <pre className="rounded border border-line bg-panel p-2 font-sans text-[12px] whitespace-pre-wrap">
              {m.session.instructions}
            </pre>
          </section>
        )}
      </div>
      <aside className="flex w-[38%] min-w-[280px] flex-col border-l border-line" data-testid="capabilities-raw">
        <div className="section-title border-b border-line bg-panel">Raw JSON</div>
        <JsonView value={m.raw} />
      </aside>
    </div>
  );
}

function CapabilityTable({ side, rows }: { side: CapabilitySide; rows: CapabilityRow[] }) {
  return (
    <section className="mb-3">
      <h3 className="section-title px-0">{side === 'server' ? 'Server capabilities' : 'Client capabilities (mcpscope)'}</h3>
      <table className="w-full border-collapse text-[12px]" data-testid={`capabilities-${side}`}>
        <thead>
          <tr className="border-b border-line text-left text-[11px] text-muted">
            <th className="w-[38%] px-1.5 py-1 font-medium">Feature</th>
            <th className="w-24 px-1.5 py-1 font-medium">Declared</th>
            <th className="px-1.5 py-1 font-medium">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.feature}
              className={`border-b border-line/50 ${r.declared ? '' : 'text-muted'}`}
              data-testid="capability-row"
              data-side={side}
              data-feature={r.feature}
              data-declared={r.declared}
            >
              <td className="px-1.5 py-0.5 font-mono" style={{ paddingLeft: 6 + r.depth * 16 }}>
                {r.depth > 0 && <span className="text-subtle">└ </span>}
                {r.depth > 0 ? r.feature.split('.').slice(1).join('.') : r.feature}
                {r.unknown && (
                  <span
                    className="ml-1 rounded-sm bg-warn/15 px-1 font-sans text-[10px] text-warn"
                    title="Not a capability of the spec for this protocol version"
                  >
                    non-standard
                  </span>
                )}
              </td>
              <td className="px-1.5 py-0.5">
                {r.declared ? <span className="font-semibold text-ok">✓ yes</span> : <span className="text-subtle">✗ no</span>}
              </td>
              <td className="px-1.5 py-0.5">
                {r.description}
                {!r.declared && side === 'server' && knownConsequence(r.feature) && (
                  <span className="ml-1 text-warn">— {knownConsequence(r.feature)}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

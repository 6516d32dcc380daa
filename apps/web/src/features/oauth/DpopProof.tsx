import type { OAuthEvent } from '@mcpscope/protocol';
import { dpopProofOf, type DpopRow } from './dpopView';

function Rows({ title, rows }: { title: string; rows: DpopRow[] }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="mb-0.5 text-[11px] font-medium text-muted">{title}</div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-2 font-mono text-[11px]">
        {rows.map((r) => (
          <div key={r.name} className="contents" title={r.meaning}>
            <dt className="text-muted">{r.name}</dt>
            <dd className="break-all" data-testid={`dpop-${title.toLowerCase()}-${r.name}`}>
              {r.value}
              {r.meaning && <span className="ml-1 font-sans text-muted">— {r.meaning}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The DPoP proof an OAuth step sent (RFC 9449 §4.2), decoded: header, claims, and the key's thumbprint. */
export function DpopProofCard({ event }: { event: OAuthEvent }) {
  const proof = dpopProofOf(event);
  if (!proof) return null;
  return (
    <div className="mb-2 rounded border border-accent/40 bg-accent/5 p-1.5" data-testid="dpop-proof">
      <div className="mb-1 font-medium">
        DPoP proof (RFC 9449){proof.nonce !== undefined && <span className="chip ml-1">with the server&apos;s nonce</span>}
      </div>
      {proof.thumbprint && (
        <p className="mb-1 text-muted">
          Key thumbprint (RFC 7638, the token&apos;s <code>cnf.jkt</code> once bound):{' '}
          <code className="break-all" data-testid="dpop-thumbprint">
            {proof.thumbprint}
          </code>
        </p>
      )}
      <div className="flex flex-col gap-2 lg:flex-row">
        <Rows title="Header" rows={proof.header} />
        <Rows title="Claims" rows={proof.claims} />
      </div>
    </div>
  );
}

/** A chip for a step header: this request carried a DPoP proof. */
export function DpopChip({ event }: { event: OAuthEvent }) {
  return dpopProofOf(event) ? (
    <span className="chip border-accent/50" data-testid="dpop-chip">
      DPoP
    </span>
  ) : null;
}

/** Asks for DPoP-bound tokens (the session keeps one key; every token and MCP request then carries a proof). */
export function DpopToggle({ on, set, disabled }: { on: boolean; set(on: boolean): void; disabled?: boolean }) {
  return (
    <label
      className="mb-2 flex items-center gap-1.5"
      title="RFC 9449: the authorization server binds the token to a key mcpscope holds; each request proves possession of it."
    >
      <input type="checkbox" checked={on} disabled={disabled} onChange={(e) => set(e.target.checked)} data-testid="oauth-dpop" />
      <span>DPoP-bound tokens (RFC 9449)</span>
      <span className="text-muted">— a proof on every token request and every MCP request</span>
    </label>
  );
}

/** The session's DPoP key in the token status line. */
export function DpopKeyChip({ dpop }: { dpop?: { alg: string; thumbprint: string } }) {
  if (!dpop) return null;
  return (
    <span className="text-muted" data-testid="oauth-status-dpop" title={`RFC 7638 thumbprint: ${dpop.thumbprint}`}>
      DPoP key {dpop.alg} <code>{dpop.thumbprint.slice(0, 12)}…</code>
    </span>
  );
}

/** Before the Guided token exchange: it will carry a proof from the session's key (shown on its step once sent). */
export function DpopNote({ stage, dpop }: { stage: string; dpop?: { alg: string; thumbprint: string } }) {
  if (stage !== 'token' || !dpop) return null;
  return (
    <p className="mt-1 rounded border border-accent/40 bg-accent/5 px-2 py-1" data-testid="oauth-guided-dpop">
      The token request will carry a DPoP proof (RFC 9449 §5) signed with the session&apos;s {dpop.alg} key{' '}
      <code className="break-all">{dpop.thumbprint}</code>; the authorization server binds the token to it (<code>cnf.jkt</code>). The
      decoded proof appears on the token step below.
    </p>
  );
}

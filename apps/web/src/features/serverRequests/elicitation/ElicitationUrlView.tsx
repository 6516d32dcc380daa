import type { ElicitationModel } from './useElicitationModel';

/**
 * URL mode (spec client/elicitation "Safe URL Handling"): the full URL and its domain shown
 * before consent, warnings for suspicious hosts, and a button as the only way to open it — in
 * a new tab with no opener or referrer. The URL is never a link, an image or a preview, so the
 * page never fetches it by itself.
 */
export function ElicitationUrlView({ m }: { m: ElicitationModel }) {
  const a = m.analysis;
  const head = a.hostUnicode && a.domainTail ? a.hostUnicode.slice(0, a.hostUnicode.length - a.domainTail.length) : '';
  return (
    <div className="flex flex-col gap-2">
      <div className="rounded border border-line bg-surface p-2">
        <div className="text-[11px] text-muted">Domain</div>
        <div className="font-mono text-lg break-all" data-testid="elicitation-url-domain" data-host={a.hostAscii ?? ''}>
          {a.hostUnicode ? (
            <>
              <span className="text-muted">{head}</span>
              <strong className="text-fg">{a.domainTail}</strong>
              {a.port && <span className="text-muted">:{a.port}</span>}
            </>
          ) : (
            <span className="text-danger">(no host)</span>
          )}
        </div>
        {a.hostAscii && a.hostAscii !== a.hostUnicode && (
          <div className="font-mono text-[11px] text-muted">
            raw (punycode): <span className="text-fg">{a.hostAscii}</span>
          </div>
        )}
        <div className="mt-1.5 text-[11px] text-muted">Full URL</div>
        <code className="block rounded bg-raised px-1.5 py-1 font-mono text-[11px] break-all select-all" data-testid="elicitation-url-full">
          {a.href}
        </code>
        {m.elicitationId && (
          <div className="mt-1 text-[11px] text-muted">
            elicitationId <span className="font-mono">{m.elicitationId}</span>
          </div>
        )}
      </div>
      {a.warnings.length > 0 && (
        <ul className="flex flex-col gap-0.5" data-testid="elicitation-url-warnings">
          {a.warnings.map((w) => (
            <li
              key={w.text}
              className={`rounded px-2 py-1 text-[11px] ${w.level === 'danger' ? 'bg-danger/10 text-danger' : 'bg-warn/10 text-warn'}`}
            >
              {w.level === 'danger' ? '⛔' : '⚠'} {w.text}
            </li>
          ))}
        </ul>
      )}
      {m.dangerous && a.openable && (
        <label className="flex items-center gap-1.5 text-[11px]">
          <input
            type="checkbox"
            checked={m.riskAccepted}
            onChange={(e) => m.setRiskAccepted(e.target.checked)}
            data-testid="elicitation-url-risk"
          />
          I have read the warnings and still want to open this URL
        </label>
      )}
      <div className="flex items-center gap-2">
        <button
          className="btn"
          onClick={m.openUrl}
          disabled={!m.canOpen}
          data-testid="elicitation-url-open"
          title="Opens in a new browser tab (noopener, noreferrer)"
        >
          ↗ Open {a.domainTail ?? 'URL'} in a new tab
        </button>
        <span className="text-[11px] text-muted">
          {m.opened ? 'Opened. Finish there, then Accept here.' : 'Nothing is loaded until you click.'}
        </span>
      </div>
      <p className="text-[11px] text-subtle">
        Accept tells the server you agreed to the interaction; what you do on that page stays between you and the site (the client never
        sees it).
      </p>
    </div>
  );
}

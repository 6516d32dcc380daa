import { ApiRequestError, type ConnectFailureDetails } from '../../lib/api';

/** Why a connection failed, with everything the proxy knows: exit, stderr, HTTP status. */
export function ConnectErrorView({ error, failure, onDismiss }: { error: Error; failure: ConnectFailureDetails | undefined; onDismiss: () => void }) {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  const facts: string[] = [];
  if (failure?.exitCode !== undefined && failure.exitCode !== null) facts.push(`exit code ${failure.exitCode}`);
  if (failure?.signal) facts.push(`signal ${failure.signal}`);
  if (failure?.httpStatus !== undefined) facts.push(`HTTP ${failure.httpStatus}`);
  return (
    <div data-testid="connect-error" role="alert" className="rounded border border-danger/40 bg-danger/5 p-2 text-xs">
      <div className="flex items-start gap-2">
        <span className="font-semibold text-danger">Connection failed</span>
        <span className="flex-1" />
        <button className="text-subtle hover:text-fg" title="Dismiss" onClick={onDismiss}>
          ✕
        </button>
      </div>
      <div className="mt-1 break-words text-fg">{error.message}</div>
      {failure && failure.message !== error.message && <div className="mt-0.5 break-words text-muted">{failure.message}</div>}
      {(facts.length > 0 || code) && (
        <div className="mt-1 flex flex-wrap gap-1">
          {facts.map((f) => (
            <span key={f} className="chip border-danger/40 text-danger" data-testid="connect-error-fact">
              {f}
            </span>
          ))}
          {code && <span className="chip">{failure?.code ? `${code} · ${failure.code}` : code}</span>}
        </div>
      )}
      {failure?.stderrTail && failure.stderrTail.length > 0 && (
        <>
          <div className="mt-2 text-[11px] font-medium text-muted">Last stderr lines</div>
          <pre className="mt-0.5 max-h-40 overflow-auto rounded bg-surface p-1.5 font-mono text-[11px] leading-4 whitespace-pre-wrap text-fg" data-testid="connect-error-stderr">
            {failure.stderrTail.join('\n')}
          </pre>
        </>
      )}
      {failure?.httpHeaders && Object.keys(failure.httpHeaders).length > 0 && (
        <>
          <div className="mt-2 text-[11px] font-medium text-muted">Response headers</div>
          <table className="mt-0.5 w-full font-mono text-[11px]">
            <tbody>
              {Object.entries(failure.httpHeaders).map(([k, v]) => (
                <tr key={k} className="align-top">
                  <td className="pr-2 whitespace-nowrap text-muted">{k}</td>
                  <td className="break-all">{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

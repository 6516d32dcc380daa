import type { ConnectError } from '@mcpscope/wire';
import { HeadersTable } from './HeadersTable';

interface Props {
  /** What failed, in one line. */
  message: string;
  /** Error codes worth showing (proxy catalogue code, engine code). */
  codes?: Array<string | undefined>;
  /** Everything the proxy knows about why the server did not come up. */
  failure?: ConnectError;
  onDismiss?: () => void;
  title?: string;
}

/** Why a connection failed: exit code/signal, what the server sent instead of an answer, the last stderr lines, HTTP status, body and headers. */
export function ConnectErrorView({ message, codes = [], failure, onDismiss, title = 'Connection failed' }: Props) {
  const facts: string[] = [];
  if (failure?.exitCode !== undefined && failure.exitCode !== null) facts.push(`exit code ${failure.exitCode}`);
  if (failure?.signal) facts.push(`signal ${failure.signal}`);
  if (failure?.httpStatus !== undefined) facts.push(`HTTP ${failure.httpStatus}`);
  const shownCodes = [...new Set(codes.filter((c): c is string => Boolean(c)))];
  return (
    <div data-testid="connect-error" role="alert" className="rounded border border-danger/40 bg-danger/5 p-2 text-xs">
      <div className="flex items-start gap-2">
        <span className="font-semibold text-danger">{title}</span>
        <span className="flex-1" />
        {onDismiss && (
          <button className="text-subtle hover:text-fg" title="Dismiss" aria-label="Dismiss" onClick={onDismiss}>
            ✕
          </button>
        )}
      </div>
      <div className="mt-1 break-words text-fg">{message}</div>
      {failure && failure.message !== message && <div className="mt-0.5 break-words text-muted">{failure.message}</div>}
      {(facts.length > 0 || shownCodes.length > 0) && (
        <div className="mt-1 flex flex-wrap gap-1">
          {facts.map((f) => (
            <span key={f} className="chip border-danger/40 text-danger" data-testid="connect-error-fact">
              {f}
            </span>
          ))}
          {shownCodes.length > 0 && <span className="chip">{shownCodes.join(' · ')}</span>}
        </div>
      )}
      {failure?.sentInstead && failure.sentInstead.length > 0 && (
        <>
          <div className="mt-2 text-[11px] font-medium text-muted">What the server sent instead of an answer</div>
          <ul className="mt-0.5 list-disc space-y-0.5 pl-4 break-words text-fg" data-testid="connect-error-sent-instead">
            {failure.sentInstead.map((said, i) => (
              <li key={i}>{said}</li>
            ))}
          </ul>
        </>
      )}
      {failure?.stderrTail && failure.stderrTail.length > 0 && (
        <>
          <div className="mt-2 text-[11px] font-medium text-muted">Last stderr lines</div>
          <pre
            className="mt-0.5 max-h-48 overflow-auto rounded bg-surface p-1.5 font-mono text-[11px] leading-4 whitespace-pre-wrap text-fg"
            data-testid="connect-error-stderr"
          >
            {failure.stderrTail.join('\n')}
          </pre>
        </>
      )}
      {failure?.httpBody && (
        <>
          <div className="mt-2 text-[11px] font-medium text-muted">Response body</div>
          <pre
            className="mt-0.5 max-h-48 overflow-auto rounded bg-surface p-1.5 font-mono text-[11px] leading-4 whitespace-pre-wrap text-fg"
            data-testid="connect-error-body"
          >
            {failure.httpBody}
          </pre>
        </>
      )}
      {failure?.httpHeaders && Object.keys(failure.httpHeaders).length > 0 && (
        <>
          <div className="mt-2 text-[11px] font-medium text-muted">Response headers</div>
          <HeadersTable headers={failure.httpHeaders} className="mt-0.5" testId="connect-error-headers" />
        </>
      )}
    </div>
  );
}

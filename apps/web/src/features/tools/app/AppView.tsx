import { formatCount } from '../../../lib/format';
import type { AppCsp } from '@mcpscope/protocol';
import type { AppHost } from './appHost';
import { AppHostLog } from './AppHostLog';
import { OpenLinkDialog } from './OpenLinkDialog';
import { useAppHostModel } from './useAppHostModel';
import { APP_MESSAGES_PER_SECOND } from './messageBudget';

const SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/**
 * One MCP App view: header (uri, CSP, display mode, close), the sandbox frame on its own origin,
 * the open-link question and the host log. Fullscreen fills the panel (Tools or Apps).
 */
export function AppView({
  host,
  hidden,
  onReopen,
  tab = 'tools',
  fill = false,
}: {
  host: AppHost;
  hidden?: boolean;
  onReopen?: () => void;
  tab?: string;
  fill?: boolean;
}) {
  const m = useAppHostModel(host, tab, fill);
  const { snap } = m;
  // `fill` (the Apps view): the app takes the whole area it is given, at full width.
  const box = m.fullscreen
    ? 'absolute inset-0 z-30 bg-surface'
    : fill
      ? 'relative min-h-0 flex-1'
      : `relative max-h-[75%] shrink-0 border-b border-line ${snap.resource?.prefersBorder === false ? '' : 'border-t'}`;
  return (
    <section
      className={`flex min-h-0 flex-col ${box}`}
      hidden={hidden}
      data-testid="app-view"
      data-uri={host.uri}
      data-state={snap.state}
      data-view={host.view}
      data-display-mode={snap.displayMode}
      aria-label={`MCP App ${host.uri}`}
    >
      <header className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-0.5 bg-panel px-2 py-1 text-[11px]">
        <span
          className="chip shrink-0"
          title="An MCP App (io.modelcontextprotocol/ui): the tool’s HTML interface, sandboxed on another origin"
        >
          App
        </span>
        <code className="min-w-0 flex-1 truncate text-muted" title={host.uri}>
          {host.uri}
        </code>
        {snap.appInfo && (
          <span className="truncate text-subtle" title="appInfo from ui/initialize">
            {snap.appInfo.name} {snap.appInfo.version}
          </span>
        )}
        <button
          className="btn btn-ghost h-5 px-1.5"
          disabled={!m.canToggle}
          onClick={m.toggleFullscreen}
          data-testid="app-display-mode"
          data-mode={snap.displayMode}
          title={m.fullscreen ? 'Back to inline' : `Fill the ${tab === 'apps' ? 'Apps' : 'Tools'} panel (display mode fullscreen)`}
        >
          {m.fullscreen ? '⤡ Inline' : '⤢ Fullscreen'}
        </button>
        {snap.state === 'closed' ? (
          onReopen && (
            <button className="btn h-5 px-1.5" onClick={onReopen} data-testid="app-reopen">
              Open app again
            </button>
          )
        ) : (
          <button
            className="btn btn-ghost h-5 px-1.5"
            onClick={m.close}
            disabled={snap.closing}
            data-testid="app-close"
            title="Tear the app down (ui/resource-teardown) and remove it"
          >
            {snap.closing ? 'Closing…' : 'Close app'}
          </button>
        )}
        {snap.csp && <CspDetails csp={snap.csp} permissions={Object.keys(snap.resource?.permissions ?? {})} />}
      </header>
      {snap.error && (
        <div
          className="shrink-0 border-t border-danger/40 bg-danger/5 px-2 py-1.5 text-xs text-danger"
          role="alert"
          data-testid="app-error"
        >
          {snap.error}
        </div>
      )}
      {snap.flood && (
        <div
          className="shrink-0 border-t border-warn/40 bg-warn/5 px-2 py-1.5 text-xs text-warn"
          role="status"
          data-testid="app-flood-notice"
          data-ongoing={snap.flood.ongoing}
        >
          {snap.flood.ongoing ? 'The app is flooding mcpscope with messages' : 'The app flooded mcpscope with messages'}:{' '}
          {formatCount(snap.flood.dropped)} dropped past its budget ({APP_MESSAGES_PER_SECOND} a second), neither handled nor recorded.
          Close app stays available.
        </div>
      )}
      {snap.state === 'loading' && snap.phase && <div className="shrink-0 px-2 py-1 text-[11px] text-subtle">{snap.phase}</div>}
      {snap.state === 'closed' && <div className="shrink-0 px-2 py-1 text-[11px] text-subtle">The app was torn down and removed.</div>}
      <div ref={m.wrapper} className={`relative min-h-0 overflow-auto ${m.fullscreen || fill ? 'flex-1' : ''}`}>
        {m.showFrame && (
          <iframe
            ref={m.frameRef}
            title={`MCP App ${host.uri}`}
            sandbox={SANDBOX}
            allow={snap.allow || undefined}
            referrerPolicy="no-referrer"
            className="block w-full border-0 bg-transparent"
            style={{ height: m.fullscreen ? '100%' : snap.height }}
            data-testid="app-frame"
          />
        )}
        {snap.openLink && <OpenLinkDialog url={snap.openLink.url} onAnswer={m.answerOpenLink} />}
      </div>
      <AppHostLog entries={snap.log} />
    </section>
  );
}

function CspDetails({ csp, permissions }: { csp: AppCsp; permissions: string[] }) {
  const lists = Object.entries(csp.applied).filter(([, l]) => l.length > 0);
  const summary =
    lists.length === 0
      ? 'CSP: restrictive default'
      : `CSP: ${lists.map(([k, l]) => `${k.replace('Domains', '')} ${l.length}`).join(' · ')}`;
  return (
    <details className="w-full text-[11px]" data-testid="app-csp" data-dropped={csp.dropped.length}>
      <summary className="cursor-pointer text-muted select-none">
        {summary}
        {csp.dropped.length > 0 && <span className="ml-1 text-warn">· {csp.dropped.length} dropped</span>}
        {permissions.length > 0 && <span className="ml-1">· allow {permissions.join(', ')}</span>}
      </summary>
      <pre className="mt-0.5 font-mono break-all whitespace-pre-wrap text-fg">{csp.policy.split('; ').join(';\n')}</pre>
      {csp.dropped.length > 0 && (
        <ul className="mt-0.5 text-warn" data-testid="app-csp-dropped">
          {csp.dropped.map((d, i) => (
            <li key={i}>dropped {d}</li>
          ))}
        </ul>
      )}
    </details>
  );
}
